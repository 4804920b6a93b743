'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { useCoverSettings, useSaveCoverSettings } from '@/lib/cover/api.client';
import {
  CANCEL_RULES,
  FREE_DAY_RULES,
  PRIORITIES,
  REASON_KEYS,
  WINDOWS,
  type CoverPriority,
  type CoverSettings,
  type FreeDayRule,
} from '@/lib/cover/types';
import { Input, Select } from '@/components/ui/control';
import { SettingsPanel } from '@/components/ui/settings-panel';
import { DateField } from '@/components/ui/date-field';

/** The portal's settings: weights, the fairness window, caps, who is not to be asked. Saving re-ranks. */
export function CoverSettingsPanel({ zone }: { zone: string }) {
  const t = useTranslations('cover');
  const settings = useCoverSettings();
  const errorText = useApiErrorText();
  return (
    <SettingsPanel
      title={t('settings.title')}
      shared={t('settings.shared')}
      changed={settings.data?.meta.changed}
      zone={zone}
      words={{ never: t('settings.neverChanged'), last: (v) => t('settings.lastChanged', v) }}
      error={settings.error ? errorText(settings.error) : null}
      className="open:basis-full open:p-3"
    >
      {settings.data ? <SettingsForm initial={settings.data.data} /> : null}
    </SettingsPanel>
  );
}

function SettingsForm({ initial }: { initial: CoverSettings }) {
  const t = useTranslations('cover');
  const save = useSaveCoverSettings();
  const errorText = useApiErrorText();
  const [draft, setDraft] = useState(initial);
  const [unavailable, setUnavailable] = useState(initial.unavailable.join(', '));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const codes = unavailable
      .split(/[\s,;]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    save.mutate({ ...draft, unavailable: [...new Set(codes)] });
  };
  const number = (value: number, onChange: (n: number) => void, label: string, min: number, max: number) => (
    <label className="flex items-center justify-between gap-2">
      <span>{label}</span>
      <Input
        type="number"
        className="w-20 text-right"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
  return (
    <form className="mt-3 grid gap-4 md:grid-cols-2" onSubmit={submit}>
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t('settings.weights')}</legend>
        {REASON_KEYS.map((k) =>
          number(
            draft.weights[k],
            (n) => setDraft({ ...draft, weights: { ...draft.weights, [k]: n } }),
            t(`reason.${k}`, { count: 1 }),
            -100,
            100,
          ),
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="font-semibold">{t('settings.window')}</legend>
        <Select
          aria-label={t('settings.window')}
          value={draft.window}
          onChange={(e) => setDraft({ ...draft, window: e.target.value as CoverSettings['window'] })}
        >
          {WINDOWS.map((w) => (
            <option key={w} value={w}>
              {t(`settings.windows.${w}`)}
            </option>
          ))}
        </Select>
        {draft.window === 'custom'
          ? (['from', 'to'] as const).map((k) => (
              <DateField
                key={k}
                label={t(`settings.${k}`)}
                value={draft[k] ?? ''}
                onChange={(day) => setDraft({ ...draft, [k]: day || null })}
              />
            ))
          : null}
        {number(draft.maxPerDay, (n) => setDraft({ ...draft, maxPerDay: n }), t('settings.maxPerDay'), 1, 10)}
        {number(draft.maxPerWindow, (n) => setDraft({ ...draft, maxPerWindow: n }), t('settings.maxPerWindow'), 1, 100)}
        <RelieverDayFields draft={draft} onChange={setDraft} number={number} />
        <NotCoveredFields draft={draft} onChange={setDraft} number={number} />
        <label className="block">
          {t('settings.unavailable')}
          <Input className="mt-1 w-full" value={unavailable} onChange={(e) => setUnavailable(e.target.value)} />
        </label>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('settings.save')}
        </Button>
        <p role="status" className="text-xs">
          {save.isSuccess
            ? t('settings.saved')
            : save.error
              ? t('settings.failed', { message: errorText(save.error) })
              : null}
        </p>
      </fieldset>
    </form>
  );
}

/** A part of the settings form: the draft, its change, the form's number field. */
interface SettingsPartProps {
  draft: CoverSettings;
  onChange: (next: CoverSettings) => void;
  number: (value: number, onChange: (n: number) => void, label: string, min: number, max: number) => ReactNode;
}

/** One choice among a setting's values, its label beside it. */
function ChoiceField<T extends string>({
  label,
  value,
  choices,
  words,
  onChange,
}: {
  label: string;
  value: T;
  choices: readonly T[];
  words: (choice: T) => string;
  onChange: (choice: T) => void;
}) {
  return (
    <label className="flex items-center justify-between gap-2">
      <span>{label}</span>
      <Select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {words(c)}
          </option>
        ))}
      </Select>
    </label>
  );
}

/** The reliever's day: hard rules in lesuren, and whether a free day is asked at all. */
function RelieverDayFields({ draft, onChange, number }: SettingsPartProps) {
  const t = useTranslations('cover');
  return (
    <fieldset className="space-y-1" data-testid="reliever-day-settings">
      <legend className="font-semibold">{t('settings.relieverDay')}</legend>
      {number(
        draft.maxLessonsPerDay,
        (n) => onChange({ ...draft, maxLessonsPerDay: n }),
        t('settings.maxLessonsPerDay'),
        1,
        12,
      )}
      {number(draft.maxInRow, (n) => onChange({ ...draft, maxInRow: n }), t('settings.maxInRow'), 1, 12)}
      <ChoiceField
        label={t('settings.freeDay')}
        value={draft.freeDay}
        choices={FREE_DAY_RULES}
        words={(r) => t(`settings.freeDays.${r}`)}
        onChange={(freeDay: FreeDayRule) => onChange({ ...draft, freeDay })}
      />
    </fieldset>
  );
}

/** What the school does not cover (the bovenbouw's randuren, by default none), and who goes first when relievers are short. */
function NotCoveredFields({ draft, onChange, number }: SettingsPartProps) {
  const t = useTranslations('cover');
  return (
    <fieldset className="space-y-1" data-testid="not-covered-settings">
      <legend className="font-semibold">{t('settings.notCovered')}</legend>
      <ChoiceField
        label={t('settings.cancelRule')}
        value={draft.cancelRule}
        choices={CANCEL_RULES}
        words={(r) => t(`cancelRules.${r}`)}
        onChange={(cancelRule) => onChange({ ...draft, cancelRule })}
      />
      {number(draft.upperFromYear, (n) => onChange({ ...draft, upperFromYear: n }), t('settings.upperFromYear'), 2, 6)}
      <ChoiceField
        label={t('settings.priority')}
        value={draft.priority}
        choices={PRIORITIES}
        words={(p) => t(`settings.priorities.${p}`)}
        onChange={(priority: CoverPriority) => onChange({ ...draft, priority })}
      />
    </fieldset>
  );
}
