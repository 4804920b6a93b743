'use client';

import { useTranslations } from 'next-intl';
import type { DayChange } from '@/lib/changes/day-changes';
import type { Formats } from '@/lib/format/dates';
import type { Appointment } from '@/lib/timetable/appointment';

// One change as a table row: when, which lesson, what kind, before → after, the portal's note.
// Rows take focus (Tab reaches every one) and carry their own screen-reader label.

const codes = (list: readonly string[]) => (list.length > 0 ? list.join(', ') : '—');

/** "u3" or, off the period grid, "10:30". */
export function periodOf(a: Appointment, f: Formats, zone: string): string {
  return a.startSlotName ?? f.clockTime(a.start, zone);
}

export function lessonOf(a: Appointment): string {
  return [a.subjects.join(', '), a.groups.join(', ')].filter(Boolean).join(' · ') || a.content || a.type;
}

/** The before → after lines of a change, in the interface's words around the portal's codes. */
export function useBeforeAfter() {
  const t = useTranslations('changes.list');
  return (c: DayChange, f: Formats, zone: string): string[] => {
    const { after } = c;
    const lines: string[] = [];
    // Each field's "before" is the older version that differs in it (kindsOf), else the previous one.
    const pair = (
      kind: 'teacher' | 'location' | 'group',
      field: 'teachers' | 'locations' | 'groups',
      label: 'teachers' | 'rooms' | 'groups',
    ) => {
      const before = c.from[kind] ?? c.before;
      lines.push(
        t(label, { codes: `${before ? codes(before[field]) : t('nothing')} → ${after ? codes(after[field]) : ''}` }),
      );
    };
    for (const kind of c.kinds) {
      if (kind === 'teacher') pair('teacher', 'teachers', 'teachers');
      else if (kind === 'location') pair('location', 'locations', 'rooms');
      else if (kind === 'group') pair('group', 'groups', 'groups');
      else if (kind === 'moved' && after) {
        const before = c.from.moved ?? c.before;
        const when = (a: Appointment) => `${periodOf(a, f, zone)} ${f.clockTime(a.start, zone)}`;
        lines.push(`${before ? when(before) : t('nothing')} → ${when(after)}`);
      } else if (kind === 'cancelled') lines.push(t('cancelledAfter'));
      else if (kind === 'removed') lines.push(t('removedAfter'));
    }
    return lines;
  };
}

/** "nieuw" (since the last visit) or "net binnen" (arrived while open): a bordered word, so it prints too. */
export function NewMark({ isNew, arrived }: { isNew: boolean; arrived: boolean }) {
  const t = useTranslations('changes.list');
  if (!isNew && !arrived) return null;
  return (
    <span className="change-new ml-2 rounded border border-state-changed px-1 text-xs font-semibold text-state-changed">
      {arrived ? t('arrived') : t('new')}
    </span>
  );
}

export function ChangeRow({
  change,
  f,
  zone,
  isNew,
  arrived,
  large = false,
  hidden = false,
  group,
}: {
  change: DayChange;
  f: Formats;
  zone: string;
  isNew: boolean;
  arrived: boolean;
  large?: boolean;
  /** Not on the hall screen's current page (laid out only to measure the pages). */
  hidden?: boolean;
  /** The group, teacher or room the row is listed under, as a first cell (display mode). */
  group?: string;
}) {
  const t = useTranslations('changes');
  const beforeAfter = useBeforeAfter();
  const a = change.shown;
  const kinds = change.kinds.map((k) => t(`kind.${k}`));
  const lines = beforeAfter(change, f, zone);
  const cell = large ? 'px-3 py-2 align-top' : 'px-2 py-1.5 align-top';
  return (
    <tr
      hidden={hidden}
      tabIndex={0}
      data-testid="change-row"
      data-key={change.key}
      data-kinds={change.kinds.join(' ')}
      data-new={isNew ? '' : undefined}
      data-arrived={arrived ? '' : undefined}
      aria-label={t('list.row', { period: periodOf(a, f, zone), lesson: lessonOf(a), kinds: kinds.join(', ') })}
      className={`change-row border-t border-surface-line focus-visible:outline-offset-[-2px] ${
        isNew || arrived ? 'bg-state-changed-bg' : ''
      } ${!large && (change.kinds.includes('cancelled') || change.kinds.includes('removed')) ? 'text-ink-muted' : ''}`}
    >
      {group !== undefined ? (
        <td className={`${cell} font-semibold`} translate="no">
          {group || t('grouping.none')}
        </td>
      ) : null}
      <td className={`${cell} whitespace-nowrap font-medium`}>
        <span translate="no">{periodOf(a, f, zone)}</span>
        <span className={`block text-ink-muted ${large ? 'text-base' : 'text-xs'}`}>
          {f.clockTime(a.start, zone)}–{f.clockTime(a.end, zone)}
        </span>
      </td>
      <td className={cell} translate="no">
        {lessonOf(a)}
      </td>
      <td className={cell}>
        <span
          className={`font-semibold ${large && change.kinds.includes('cancelled') ? 'text-state-danger' : ''}`}
          data-kind-label
        >
          {kinds.join(', ')}
        </span>
        <NewMark isNew={isNew} arrived={arrived} />
      </td>
      <td className={cell}>
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </td>
      <td className={`${cell} text-ink-muted`} translate="no">
        {change.description}
      </td>
    </tr>
  );
}
