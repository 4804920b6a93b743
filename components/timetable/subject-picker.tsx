'use client';

import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { Subject } from '@/lib/timetable/view';
import { optionText, rankOptions, type SubjectOption } from './subject-options';

const sameOption = (a: SubjectOption | null, b: SubjectOption | null) => a?.kind === b?.kind && a?.code === b?.code;

/**
 * Search-as-you-type over teachers, groups, rooms and students (Headless UI's accessible combobox):
 * a code, a surname or part of a name finds them, best match first, so Enter picks the best match.
 */
export function SubjectPicker({
  options,
  value,
  onChange,
}: {
  options: SubjectOption[];
  value: Subject;
  onChange: (subject: Subject) => void;
}) {
  const t = useTranslations('timetable');
  const [query, setQuery] = useState('');
  const matches = useMemo(() => rankOptions(options, query), [options, query]);
  const current = options.find((o) => o.kind === value.kind && (value.kind === 'school' || o.code === value.code));
  const shown = current
    ? current.text
    : value.kind === 'school'
      ? t('picker.wholeSchool')
      : optionText({ kind: value.kind, label: value.code }, t);

  return (
    <Combobox
      value={current ?? null}
      by={sameOption}
      onChange={(o: SubjectOption | null) => {
        if (o) onChange(o.kind === 'school' ? { kind: 'school' } : { kind: o.kind, code: o.code });
      }}
      onClose={() => setQuery('')}
    >
      <div className="relative min-w-0 flex-1 md:flex-none">
        <ComboboxInput
          aria-label={t('picker.label')}
          autoComplete="off"
          className="w-full rounded-md border md:w-80 border-surface-line bg-surface px-3 py-1.5 text-sm"
          placeholder={t('picker.placeholder')}
          displayValue={(o: SubjectOption | null) => (o ? o.text : shown)}
          onChange={(e) => setQuery(e.target.value)}
          onFocus={(e) => e.currentTarget.select()}
        />
        <ComboboxOptions
          anchor="bottom start"
          className="z-40 mt-1 max-h-80 w-[min(24rem,calc(100vw-2rem))] overflow-auto rounded-md border border-surface-line bg-surface py-1 text-sm shadow-lg"
        >
          {matches.map((o) => (
            <ComboboxOption
              key={`${o.kind}:${o.code}`}
              value={o}
              className="cursor-pointer px-3 py-1 data-[focus]:bg-brand-soft"
            >
              {o.text}
            </ComboboxOption>
          ))}
          {query.trim() !== '' && matches.length === 0 ? (
            <ComboboxOption disabled value={null} className="px-3 py-1 text-ink-muted">
              {t('picker.noMatch', { query: query.trim() })}
            </ComboboxOption>
          ) : null}
        </ComboboxOptions>
      </div>
    </Combobox>
  );
}
