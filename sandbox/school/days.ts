import { formatWireWeek, weekWindow, type IsoWeek } from '../../lib/partner-api/values';
import { isoDate, SCHOOL_ZONE, type SchoolYear } from './calendar';
import type { Organisation } from './organisation';
import { Random } from './random';
import type { AppointmentStore } from './store';
import type { Row, StoredRow } from './types';
import { IdSource } from './rows';

// The days a scheduler lives through: staff absences turn into substitutes ("Vervanging: mja voor
// yve"), cancelled lessons ("Les vervalt") and lessons nobody has resolved yet, each change a new
// version of the same appointmentInstance (the old one loses `valid`) or the lesson cancelled in
// place. Then a few clashes on some school days: a room change into an occupied room, a
// substitute who already teaches then, an extra lesson for a group that already has one. Both
// draw from their own forks of the seed, after the weeks, so the rest of the school stays the same.

const DAY = 86_400;

interface Busy {
  start: number;
  end: number;
}

/** Lessons at a moment, by teacher and by room, for free substitutes and deliberate clashes. */
class Occupancy {
  private readonly byTeacher = new Map<string, Busy[]>();
  constructor(rows: Iterable<Row>) {
    for (const row of rows) if (current(row)) this.note(row);
  }
  note(row: Row) {
    for (const t of row.teachers as string[]) {
      let list = this.byTeacher.get(t);
      if (!list) this.byTeacher.set(t, (list = []));
      list.push({ start: row.start as number, end: row.end as number });
    }
  }
  teacherFree(code: string, start: number, end: number): boolean {
    return !(this.byTeacher.get(code) ?? []).some((b) => b.start < end && start < b.end);
  }
}

const current = (row: Row) => row.valid === true && row.hidden !== true && row.cancelled !== true;
const isLesson = (row: Row) => current(row) && row.type === 'lesson';

export interface DayContext {
  org: Organisation;
  year: SchoolYear;
  store: AppointmentStore;
  ids: IdSource;
  seed: number;
  snapshotAt: number;
}

/** Absences become what happened to the absent teacher's lessons; returns the versions touched. */
export function applyAbsences(ctx: DayContext, absences: readonly StoredRow[]): number {
  const rng = new Random(ctx.seed).fork('absence-lessons');
  const absentWindows = new Map<string, Busy[]>();
  for (const { row } of absences) {
    const code = row.employee as string;
    absentWindows.set(code, [
      ...(absentWindows.get(code) ?? []),
      { start: row.start as number, end: row.end as number },
    ]);
  }
  const isAbsent = (code: string, start: number, end: number) =>
    (absentWindows.get(code) ?? []).some((w) => w.start < end && start < w.end);
  const teachersOf = substitutePools(ctx.org);
  let touched = 0;
  const occupancyByWeek = new Map<string, Occupancy>();
  for (const { row: absence } of absences) {
    const code = absence.employee as string;
    if ((ctx.org.employees.get(code)?.subjects.length ?? 0) === 0) continue;
    const from = absence.start as number;
    const to = absence.end as number;
    // The scheduler acts once the absence is known; never after the data's snapshot.
    const known = Math.min(absence.lastModified as number, ctx.snapshotAt);
    const lessons = [...ctx.store.inWindow(from, to)]
      .filter((r) => isLesson(r) && (r.end as number) <= to && (r.teachers as string[]).includes(code))
      .sort((a, b) => (a.start as number) - (b.start as number) || (a.id as number) - (b.id as number));
    for (const lesson of lessons) {
      const start = lesson.start as number;
      const end = lesson.end as number;
      // Never after the snapshot, and not all in its last second: a poll's answer at the highest
      // lastModified (the spec's inclusive modifiedSince) stays a handful of rows, as on a real portal.
      const latest = ctx.snapshotAt - ((lesson.id as number) % 1800);
      const at = Math.min(Math.max(known, (lesson.created as number) + 60) + rng.int(0, 7200), latest);
      const roll = rng.next();
      if (roll < 0.15) continue; // not resolved yet
      if (roll < 0.35) {
        ctx.store.update(lesson.id as number, {
          cancelled: true,
          cancelledReason: 'teachers',
          changeDescription: 'Les vervalt',
          lastModified: at,
          appointmentLastModified: at,
        });
        touched++;
        continue;
      }
      const w = weekOfStart(ctx, start);
      const wire = formatWireWeek(w.week);
      let occupancy = occupancyByWeek.get(wire);
      if (!occupancy) occupancyByWeek.set(wire, (occupancy = new Occupancy(ctx.store.inWindow(w.start, w.end))));
      const free = (teachersOf.get(lesson.branch as string) ?? []).filter(
        (t) => t !== code && occupancy.teacherFree(t, start, end) && !isAbsent(t, start, end),
      );
      if (free.length === 0) continue;
      const sub = rng.pick(free);
      const next = substituted(ctx.ids, lesson, sub, at);
      ctx.store.update(lesson.id as number, { valid: false, lastModified: at, appointmentLastModified: at });
      ctx.store.add(next);
      occupancy.note(next);
      touched += 2;
    }
  }
  return touched;
}

/** A few clashes, on about a third of the school days: deterministic by seed. */
export function seedClashes(ctx: DayContext): number {
  const rng = new Random(ctx.seed).fork('clashes');
  let made = 0;
  for (const week of ctx.year.weeks) {
    for (let weekday = 1; weekday <= 5; weekday++) {
      const date = isoDate(week, weekday);
      if (ctx.year.daysOff.has(date) || !rng.chance(0.35)) continue;
      const w = weekWindow(week, SCHOOL_ZONE);
      const dayStart = w.start + (weekday - 1) * DAY;
      // A day window that is safe across DST (lessons run 08:30–16:00).
      const lessons = [...ctx.store.inWindow(dayStart, dayStart + DAY - 3 * 3600)].filter(isLesson);
      const bySlot = new Map<number, Row[]>();
      for (const l of lessons) {
        const k = l.start as number;
        bySlot.set(k, [...(bySlot.get(k) ?? []), l]);
      }
      const crowded = [...bySlot.values()].filter(
        (list) => list.length >= 2 && new Set(list.map((l) => l.branch)).size < list.length,
      );
      if (crowded.length === 0) continue;
      const slot = rng.pick(crowded);
      const branch = rng.pick(slot.filter((l) => slot.filter((m) => m.branch === l.branch).length > 1)).branch;
      const [a, b] = rng.sample(
        slot.filter((l) => l.branch === branch),
        2,
      ) as [Row, Row];
      const at = Math.min(w.start - rng.int(1, 5) * DAY + rng.int(0, 36_000), ctx.snapshotAt - rng.int(0, DAY));
      const kind = rng.pick(['location', 'teacher', 'group'] as const);
      if (kind === 'group') {
        const row: Row = {
          ...a,
          id: ctx.ids.nextVersion(),
          appointmentInstance: ctx.ids.nextInstance(),
          groups: b.groups,
          students: b.students,
          created: at,
          lastModified: at,
          appointmentLastModified: at,
          changeDescription: 'Extra les (inhaalles)',
          schedulerRemark: '',
        };
        ctx.store.add(row);
        made++;
        continue;
      }
      const next: Row = {
        ...a,
        id: ctx.ids.nextVersion(),
        created: at,
        lastModified: at,
        appointmentLastModified: at,
      };
      if (kind === 'location') {
        const from = (a.locations as string[]).join(', ');
        const to = (b.locations as string[])[0];
        if (!to || to === from) continue;
        Object.assign(next, {
          locations: [to],
          locationChanged: true,
          changeDescription: `Lokaalwijziging: ${from} → ${to}`,
        });
      } else {
        const sub = (b.teachers as string[])[0];
        if (!sub || (a.teachers as string[]).includes(sub)) continue;
        Object.assign(next, {
          teachers: [sub],
          teacherChanged: true,
          changeDescription: `Vervanging: ${sub} voor ${(a.teachers as string[]).join(', ')}`,
        });
      }
      ctx.store.update(a.id as number, { valid: false, lastModified: at, appointmentLastModified: at });
      ctx.store.add(next);
      made++;
    }
  }
  return made;
}

/** A new version of the lesson with `sub` teaching it instead. */
export function substituted(ids: IdSource, lesson: Row, sub: string, at: number): Row {
  return {
    ...lesson,
    id: ids.nextVersion(),
    teachers: [sub],
    teacherChanged: true,
    changeDescription: `Vervanging: ${sub} voor ${(lesson.teachers as string[]).join(', ')}`,
    created: at,
    lastModified: at,
    appointmentLastModified: at,
  };
}

const windows = new WeakMap<SchoolYear, { week: IsoWeek; start: number; end: number }[]>();
/** The lesson week an instant falls in (week windows computed once per year: Luxon is slow). */
function weekOfStart(ctx: DayContext, start: number) {
  let list = windows.get(ctx.year);
  if (!list) windows.set(ctx.year, (list = ctx.year.weeks.map((week) => ({ week, ...weekWindow(week, SCHOOL_ZONE) }))));
  return list.find((w) => start >= w.start && start < w.end)!;
}

/** Teachers per branch who could stand in. */
function substitutePools(org: Organisation): Map<string, string[]> {
  const pools = new Map<string, string[]>();
  for (const e of org.employees.values()) {
    if (e.subjects.length === 0) continue;
    for (const b of e.branches) pools.set(b, [...(pools.get(b) ?? []), e.code]);
  }
  return pools;
}
