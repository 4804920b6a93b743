'use client';

import { useId, useState } from 'react';
import type { Subject } from '@/lib/timetable/view';

export interface SubjectOption {
  kind: 'teacher' | 'group' | 'location' | 'student' | 'school';
  code: string;
  label: string;
}

const KIND_LABEL: Record<SubjectOption['kind'], string> = {
  school: 'School',
  teacher: 'Teacher',
  group: 'Group',
  location: 'Location',
  student: 'Student',
};

export const optionText = (o: SubjectOption) =>
  o.kind === 'school' ? 'Whole school' : `${KIND_LABEL[o.kind]} · ${o.label}`;

/**
 * Search-as-you-type over teachers, groups, locations and students, with the browser's own
 * accessible suggestion list (input + datalist): no script to ship for the widget itself.
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
  const listId = useId();
  const current = options.find((o) => o.kind === value.kind && (value.kind === 'school' || o.code === value.code));
  const shown = current
    ? optionText(current)
    : value.kind === 'school'
      ? 'Whole school'
      : `${KIND_LABEL[value.kind]} · ${value.code}`;
  const [text, setText] = useState<string | null>(null);
  const pick = (typed: string) => {
    setText(typed);
    const o = options.find((x) => optionText(x) === typed);
    if (!o) return;
    setText(null);
    onChange(o.kind === 'school' ? { kind: 'school' } : { kind: o.kind, code: o.code });
  };
  return (
    <>
      <input
        type="search"
        aria-label="Show the week of"
        list={listId}
        className="w-80 rounded-md border border-surface-line bg-surface px-3 py-1.5 text-sm"
        placeholder="Teacher, group, room or student"
        value={text ?? shown}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => pick(e.target.value)}
        onBlur={() => setText(null)}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={`${o.kind}:${o.code}`} value={optionText(o)} />
        ))}
      </datalist>
    </>
  );
}
