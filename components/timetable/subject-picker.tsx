'use client';

import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Subject } from '@/lib/timetable/view';
import { optionText, rankOptions, type SubjectOption } from './subject-options';

/**
 * Search-as-you-type over teachers, groups, rooms and students (WAI-ARIA combobox with a listbox):
 * a code, a surname or part of a name finds them; Enter picks the highlighted, else the best, match.
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
      : optionText({ kind: value.kind, label: value.code });
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => (text === null ? [] : rankOptions(options, text)), [options, text]);
  const open = text !== null && matches.length > 0;

  const pick = (o: SubjectOption | undefined) => {
    if (!o) return;
    setText(null);
    onChange(o.kind === 'school' ? { kind: 'school' } : { kind: o.kind, code: o.code });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (text === null) setText('');
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length === 0 ? 0 : (i + step + matches.length) % matches.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(matches[active] ?? matches[0]);
    } else if (event.key === 'Escape') {
      setText(null);
    }
  };

  return (
    <div className="relative">
      <input
        type="text"
        role="combobox"
        aria-label="Show the week of"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        autoComplete="off"
        className="w-80 rounded-md border border-surface-line bg-surface px-3 py-1.5 text-sm"
        placeholder="Teacher, group, room or student"
        value={text ?? shown}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setText(null)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matches"
        hidden={!open}
        className="absolute z-40 mt-1 max-h-80 w-96 overflow-auto rounded-md border border-surface-line bg-surface py-1 text-sm shadow-lg"
      >
        {open
          ? matches.map((o, i) => (
              <li
                key={`${o.kind}:${o.code}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`cursor-pointer px-3 py-1 ${i === active ? 'bg-brand-soft' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
              >
                {optionText(o)}
              </li>
            ))
          : null}
      </ul>
      {text !== null && text.trim() !== '' && matches.length === 0 ? (
        <p
          role="status"
          className="absolute z-40 mt-1 w-96 rounded-md border border-surface-line bg-surface px-3 py-2 text-sm shadow-lg"
        >
          No teacher, group, room or student matches “{text.trim()}”.
        </p>
      ) : null}
    </div>
  );
}
