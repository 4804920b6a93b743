'use client';

import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useMemo, useState } from 'react';
import type { Subject } from '@/lib/timetable/view';

export interface SubjectOption {
  kind: 'teacher' | 'group' | 'location' | 'student' | 'school';
  code: string;
  label: string;
}

const KIND_LABEL: Record<SubjectOption['kind'], string> = { school: 'School', teacher: 'Teacher', group: 'Group', location: 'Location', student: 'Student' };

/** Search-as-you-type over teachers, groups, locations and students; the whole school first. */
export function SubjectPicker({ options, value, onChange }: { options: SubjectOption[]; value: Subject; onChange: (subject: Subject) => void }) {
  const [query, setQuery] = useState('');
  const selected = options.find((o) => o.kind === value.kind && (value.kind === 'school' || o.code === value.code)) ?? (value.kind === 'school' ? options[0] : { kind: value.kind, code: value.code, label: value.code });
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    const hits = q ? options.filter((o) => o.code.toLowerCase().includes(q) || o.label.toLowerCase().includes(q)) : options;
    return hits.slice(0, 60);
  }, [options, query]);

  return (
    <Combobox
      value={selected ?? null}
      by={(a, b) => a?.kind === b?.kind && a?.code === b?.code}
      onChange={(o: SubjectOption | null) => o && onChange(o.kind === 'school' ? { kind: 'school' } : { kind: o.kind, code: o.code })}
      onClose={() => setQuery('')}
    >
      <div className="relative">
        <ComboboxInput
          aria-label="Show the week of"
          className="w-72 rounded-md border border-surface-line bg-surface px-3 py-1.5 pr-8 text-sm"
          displayValue={(o: SubjectOption | null) => (o ? (o.kind === 'school' ? 'Whole school' : `${KIND_LABEL[o.kind]}: ${o.label}`) : '')}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Teacher, group, room or student"
        />
        <ComboboxButton aria-label="All choices" className="absolute inset-y-0 right-0 px-2 text-ink-muted">
          ▾
        </ComboboxButton>
      </div>
      <ComboboxOptions anchor="bottom start" className="z-50 max-h-80 w-[var(--input-width)] overflow-auto rounded-md border border-surface-line bg-surface py-1 text-sm shadow-lg empty:invisible">
        {matches.map((o) => (
          <ComboboxOption key={`${o.kind}:${o.code}`} value={o} className="flex cursor-pointer justify-between gap-2 px-3 py-1 data-[focus]:bg-brand-soft">
            <span className="truncate">{o.kind === 'school' ? 'Whole school' : o.label}</span>
            <span className="text-xs text-ink-muted">{KIND_LABEL[o.kind]}</span>
          </ComboboxOption>
        ))}
      </ComboboxOptions>
    </Combobox>
  );
}
