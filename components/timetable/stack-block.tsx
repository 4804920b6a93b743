'use client';

import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { blockText, lineText, timeRange, withTimes } from '@/lib/timetable/labels';
import { clock, type PlacedBlock } from '@/lib/timetable/layout';
import type { Subject } from '@/lib/timetable/view';
import { dayName, type Words } from '@/lib/timetable/words';
import { blockPosition, CLASH_MARK, CLASH_OUTLINE, TYPE_CLASS, type Axis } from './appointment-block';

/**
 * Short appointments in a run (ten-minute mentor talks) as one readable place on the grid: how many,
 * what and from when to when. A click opens the list (a popover: above the grid, never clipped by
 * it; Escape or a click elsewhere closes it), each with its times; an item opens its details (the
 * grid's click handler reads data-appointment-id).
 */
export function StackBlock({
  members,
  weekday,
  axis,
  subject,
  words,
  zone,
  tabbable,
  clashes,
}: {
  members: PlacedBlock[];
  weekday: number;
  axis: Axis;
  subject: Subject;
  words: Words;
  zone: string;
  tabbable: boolean;
  clashes: ReadonlySet<string>;
}) {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const first = members[0]!;
  const texts = members.map((b) => withTimes(blockText(b.appointment, subject, words, null, zone), b));
  const titles = [...new Set(texts.map((t) => t.title))];
  const summary = words.t('grid.stack', {
    count: members.length,
    title: titles.length === 1 ? titles[0]! : words.t('grid.stackMixed'),
  });
  const range = `${clock(Math.min(...members.map((b) => b.startMinute)))}–${clock(Math.max(...members.map((b) => b.endMinute)))}`;
  const clash = members.some((b) => clashes.has(b.appointment.key));
  const listId = `stack-${first.appointment.key}`;
  const type = members.every((b) => b.appointment.type === first.appointment.type) ? first.appointment.type : '';

  // Beside the slot when it opens: below it, or above it low on the screen; within the window.
  useEffect(() => {
    const popover = list.current;
    if (!popover) return;
    const toggled = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'open') return setPlace(null);
      const r = button.current!.getBoundingClientRect();
      const left = Math.max(8, Math.min(r.left, window.innerWidth - 288));
      // A popover is fixed with inset 0: the sides not set here are unset.
      setPlace(
        r.bottom > window.innerHeight * 0.6
          ? { left, right: 'auto', top: 'auto', bottom: window.innerHeight - r.top + 2, maxHeight: r.top - 10 }
          : { left, right: 'auto', bottom: 'auto', top: r.bottom + 2, maxHeight: window.innerHeight - r.bottom - 10 },
      );
    };
    popover.addEventListener('toggle', toggled);
    return () => popover.removeEventListener('toggle', toggled);
  }, []);

  return (
    <div className="appointment-stack absolute" style={blockPosition(first, axis)}>
      <button
        ref={button}
        type="button"
        data-stack={first.appointment.key}
        // Every appointment of the stack, for a count of what the grid holds.
        data-stack-ids={members.map((b) => b.appointment.key).join(' ')}
        data-appointment-id={first.appointment.key}
        data-clash={clash || undefined}
        aria-expanded={place !== null}
        aria-controls={listId}
        aria-label={`${summary} ${range}, ${dayName(weekday, words.locale)}${clash ? `, ${words.t('block.clash')}` : ''}`}
        tabIndex={tabbable ? 0 : -1}
        popoverTarget={listId}
        // The list opens; the grid's own click (one appointment's details) waits for a choice in it.
        onClick={(event) => event.stopPropagation()}
        className={`appointment-block block-stack relative h-full w-full overflow-hidden rounded border border-black/10 px-1 text-left text-[0.7rem] leading-tight text-appt-ink shadow-sm ${TYPE_CLASS[type] ?? 'bg-appt-unknown'} ${clash ? CLASH_OUTLINE : ''}`}
      >
        <span className="block truncate font-semibold">{summary}</span> <span className="block truncate">{range}</span>
        {clash ? CLASH_MARK : null}
      </button>
      <div
        ref={list}
        id={listId}
        popover="auto"
        style={{ margin: 0, ...place }}
        className="w-72 overflow-auto rounded-md border border-surface-line bg-surface p-1 text-xs shadow-lg"
      >
        {place ? (
          <ul aria-label={`${summary} ${range}`}>
            {members.map((b, i) => (
              <li key={b.appointment.key}>
                <button
                  type="button"
                  data-appointment-id={b.appointment.key}
                  data-stack-item
                  data-clash={clashes.has(b.appointment.key) || undefined}
                  className={`block w-full rounded px-2 py-1 text-left hover:bg-surface-sunken ${clashes.has(b.appointment.key) ? CLASH_OUTLINE : ''}`}
                >
                  <span className="font-semibold">{timeRange(b)}</span> {texts[i]!.title}
                  {texts[i]!.lines.filter((l) => l.field !== 'time')
                    .map((l) => ` · ${lineText(l)}`)
                    .join('')}
                  {b.appointment.cancelled ? ` · ${words.labels('change.cancelled')}` : ''}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
