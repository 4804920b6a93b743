'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SettingsPanel } from '@/components/ui/settings-panel';
import { Input, Select } from '@/components/ui/control';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { useOnderwijstijdSettings, useSaveOnderwijstijdSettings } from '@/lib/onderwijstijd/api.client';
import { APPOINTMENT_TYPES, OPLEIDINGEN, type Opleiding } from '@/lib/onderwijstijd/definitions';
import { MAX_CODE_RULES, type OnderwijstijdSettings } from '@/lib/onderwijstijd/settings';

/**
 * The school's onderwijstijd settings: which appointment types count, each leerjaar's share of the
 * norm, how a department code names its opleiding. Saving counts the page again by them.
 */
export function OnderwijstijdSettingsPanel({ zone }: { zone: string }) {
  const t = useTranslations('onderwijstijd.settings');
  const settings = useOnderwijstijdSettings();
  const errorText = useApiErrorText();
  return (
    <SettingsPanel
      title={t('title')}
      shared={t('shared')}
      changed={settings.data?.meta.changed}
      zone={zone}
      words={{ never: t('neverChanged'), last: (v) => t('lastChanged', v) }}
      error={settings.error ? errorText(settings.error) : null}
      testId="onderwijstijd-settings"
      className="open:p-3"
    >
      {settings.data ? <SettingsForm initial={settings.data.data} /> : null}
    </SettingsPanel>
  );
}

/** Shares are edited as whole percentages (20 for a fifth) and sent as fractions. */
const toPercent = (share: number) => Math.round(share * 1000) / 10;

function SettingsForm({ initial }: { initial: OnderwijstijdSettings }) {
  const t = useTranslations('onderwijstijd');
  const router = useRouter();
  const [recounting, startTransition] = useTransition();
  const save = useSaveOnderwijstijdSettings(() => startTransition(() => router.refresh()));
  const errorText = useApiErrorText();
  const [draft, setDraft] = useState(initial);
  /** Code rule `i` with `patch` applied; the others as they are. */
  const setRule = (i: number, patch: Partial<OnderwijstijdSettings['codeRules'][number]>) =>
    setDraft({ ...draft, codeRules: draft.codeRules.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
  const [percents, setPercents] = useState(
    () =>
      Object.fromEntries(OPLEIDINGEN.map((o) => [o, initial.yearShares[o].map(toPercent)])) as Record<
        Opleiding,
        number[]
      >,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const yearShares = Object.fromEntries(OPLEIDINGEN.map((o) => [o, percents[o].map((p) => p / 100)])) as Record<
      Opleiding,
      number[]
    >;
    save.mutate({ ...draft, yearShares });
  };
  const toggleType = (type: (typeof APPOINTMENT_TYPES)[number], on: boolean) =>
    setDraft({ ...draft, types: on ? [...draft.types, type] : draft.types.filter((x) => x !== type) });
  return (
    <form className="mt-3 grid gap-4 md:grid-cols-3" onSubmit={submit}>
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t('settings.types')}</legend>
        {APPOINTMENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={draft.types.includes(type)}
              onChange={(e) => toggleType(type, e.target.checked)}
            />
            {t(`types.${type}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t('settings.shares')}</legend>
        <p className="text-xs text-ink-muted">{t('settings.sharesHelp')}</p>
        {OPLEIDINGEN.map((o) => (
          <div key={o} className="flex flex-wrap items-center gap-1">
            <span className="w-12">{t(`opleidingen.${o}`)}</span>
            {percents[o].map((p, i) => (
              <Input
                key={i}
                type="number"
                size="compact"
                className="w-14 text-right"
                min={0}
                max={100}
                step={0.1}
                value={p}
                aria-label={t('cohort', { opleiding: t(`opleidingen.${o}`), leerjaar: i + 1 })}
                onChange={(e) =>
                  setPercents({ ...percents, [o]: percents[o].map((x, k) => (k === i ? Number(e.target.value) : x)) })
                }
              />
            ))}
          </div>
        ))}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t('settings.rules')}</legend>
        <p className="text-xs text-ink-muted">{t('settings.rulesHelp')}</p>
        {draft.codeRules.map((rule, i) => (
          <div key={i} className="flex items-center gap-1">
            <Input
              size="compact"
              className="w-28"
              value={rule.prefix}
              aria-label={t('settings.prefix')}
              onChange={(e) => setRule(i, { prefix: e.target.value })}
            />
            <Select
              size="compact"
              value={rule.opleiding}
              aria-label={t('settings.opleiding')}
              onChange={(e) => setRule(i, { opleiding: e.target.value as Opleiding })}
            >
              {OPLEIDINGEN.map((o) => (
                <option key={o} value={o}>
                  {t(`opleidingen.${o}`)}
                </option>
              ))}
            </Select>
            <Button
              type="button"
              aria-label={t('settings.remove', { prefix: rule.prefix })}
              onClick={() => setDraft({ ...draft, codeRules: draft.codeRules.filter((_, k) => k !== i) })}
            >
              ×
            </Button>
          </div>
        ))}
        <Button
          type="button"
          disabled={draft.codeRules.length >= MAX_CODE_RULES}
          onClick={() => setDraft({ ...draft, codeRules: [...draft.codeRules, { prefix: '', opleiding: 'havo' }] })}
        >
          {t('settings.addRule')}
        </Button>
      </fieldset>
      <div className="space-y-1 md:col-span-3">
        <Button type="submit" variant="primary" disabled={save.isPending || recounting}>
          {save.isPending || recounting ? t('settings.saving') : t('settings.save')}
        </Button>
        <p role="status" className="text-xs">
          {save.error ? errorText(save.error) : save.isSuccess && !recounting ? t('settings.saved') : null}
        </p>
      </div>
    </form>
  );
}
