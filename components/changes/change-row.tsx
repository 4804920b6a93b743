'use client';

import { useTranslations } from 'next-intl';
import type { DayChange } from '@/lib/changes/day-changes';
import type { Formats } from '@/lib/format/dates';
import type { Appointment } from '@/lib/timetable/appointment';

// What every view of a change says alike: its lesuur, its lesson, before → after, the "new" mark.

const codes = (list: readonly string[]) => (list.length > 0 ? list.join(', ') : '—');

/** "u3" or, off the period grid, "10:30". */
export function periodOf(a: Appointment, f: Formats, zone: string): string {
  return a.startSlotName ?? f.clockTime(a.start, zone);
}

export function lessonOf(a: Appointment): string {
  return [a.subjects.join(', '), a.groups.join(', ')].filter(Boolean).join(' · ') || a.content || a.type;
}

/** The outcome words of a cancelled or removed lesson say what the kind's word already says. */
export const withoutOutcome = (c: DayChange): DayChange => ({
  ...c,
  kinds: c.kinds.filter((k) => k !== 'cancelled' && k !== 'removed'),
});

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
