import { describe, expect, it } from 'vitest';
import { weekWindow } from '../../lib/partner-api/values';
import { isoDate, SCHOOL_ZONE } from './calendar';
import { generateSchool } from './index';
import type { Row } from './types';

// The days a scheduler lives through: absences made into substitutes, cancellations and
// unresolved lessons, and a few clashes, deterministic by seed.

const data = generateSchool();
const W47 = weekWindow({ year: 2026, week: 47 }, SCHOOL_ZONE);
const rows = [...data.appointments.inWindow(W47.start, W47.end)];
const current = (r: Row) => r.valid === true && r.hidden !== true && r.cancelled !== true;

/** Pairs of current appointments at overlapping times sharing a teacher, group or room. */
function clashes(list: Row[]): string[] {
  const out: string[] = [];
  const live = list.filter(current).filter((r) => r.type === 'lesson');
  for (let i = 0; i < live.length; i++)
    for (let j = i + 1; j < live.length; j++) {
      const [a, b] = [live[i]!, live[j]!];
      if (!((a.start as number) < (b.end as number) && (b.start as number) < (a.end as number))) continue;
      for (const field of ['teachers', 'groups', 'locations'] as const) {
        const shared = (a[field] as string[]).filter((x) => (b[field] as string[]).includes(x));
        if (shared.length > 0) out.push(`${field}:${shared[0]}@${a.start as number}`);
      }
    }
  return out;
}

describe('the sandbox’s school days', () => {
  it('keeps a no-change poll small: few versions share a week’s highest lastModified (the spec’s inclusive modifiedSince)', () => {
    for (const week of [46, 47, 48]) {
      const w = weekWindow({ year: 2026, week }, SCHOOL_ZONE);
      const inWeek = [...data.appointments.inWindow(w.start, w.end)];
      const highest = Math.max(...inWeek.map((r) => r.lastModified as number));
      const poll = inWeek.filter((r) => (r.lastModified as number) >= highest);
      // A poll answers these again each time: a handful, not a batch stamped with the snapshot's second.
      expect(poll.length, `week ${week}`).toBeLessThanOrEqual(5);
      expect(highest).toBeLessThanOrEqual(data.school.snapshotAt);
    }
  });

  it('turns absences into substitutes and cancellations: new versions of the same instance', () => {
    const substitutes = rows.filter((r) => r.valid && String(r.changeDescription).startsWith('Vervanging: '));
    expect(substitutes.length).toBeGreaterThan(20);
    for (const sub of substitutes) {
      const [, who, was] = /^Vervanging: (\S+) voor (.+)$/.exec(String(sub.changeDescription))!;
      expect(sub.teachers).toEqual([who]);
      expect(sub.teacherChanged).toBe(true);
      const earlier = rows.filter((r) => r.appointmentInstance === sub.appointmentInstance && r.id !== sub.id);
      expect(earlier.some((r) => r.valid === false && (r.teachers as string[]).join(', ') === was)).toBe(true);
    }
    expect(rows.filter((r) => r.changeDescription === 'Les vervalt' && r.cancelled).length).toBeGreaterThan(5);
    const absences = data.school.tables.employeeabsences.map((a) => a.row);
    // Some absent teachers' lessons are still theirs: not resolved yet.
    const unresolved = rows.filter(
      (r) =>
        current(r) &&
        r.type === 'lesson' &&
        absences.some(
          (a) =>
            (r.teachers as string[]).includes(a.employee as string) &&
            (a.start as number) <= (r.start as number) &&
            (r.end as number) <= (a.end as number),
        ),
    );
    expect(unresolved.length).toBeGreaterThan(0);
  });

  it('has changes on every school day and a few clashes on some, the same for the same seed', () => {
    for (let weekday = 1; weekday <= 5; weekday++) {
      const day = isoDate({ year: 2026, week: 47 }, weekday);
      const start = W47.start + (weekday - 1) * 86_400;
      const changed = rows.filter(
        (r) => (r.start as number) >= start && (r.start as number) < start + 86_400 && r.changeDescription,
      );
      expect(changed.length, day).toBeGreaterThan(5);
    }
    const found = [47, 48, 49, 50].flatMap((week) => {
      const w = weekWindow({ year: 2026, week }, SCHOOL_ZONE);
      return clashes([...data.appointments.inWindow(w.start, w.end)]);
    });
    expect(found.length).toBeGreaterThan(0);
    const again = generateSchool();
    const w = weekWindow({ year: 2026, week: 48 }, SCHOOL_ZONE);
    expect(clashes([...again.appointments.inWindow(w.start, w.end)])).toEqual(
      clashes([...data.appointments.inWindow(w.start, w.end)]),
    );
  }, 120_000);
});
