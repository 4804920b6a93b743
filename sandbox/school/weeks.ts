import { formatWireWeek, weekWindow, type IsoWeek } from '../../lib/partner-api/values';
import { instant, isoDate, periods, SCHOOL_ZONE, type SchoolYear } from './calendar';
import { Random } from './random';
import { appointmentRow, changedVersions, type RowContext } from './rows';
import type { TemplateLesson } from './template';
import type { Row } from './types';
import { examSessions, meetingsTalksAndDuties } from './week-activities';

// One lesson week: the template's lessons at real times, with the variation a real week has
// (about 3% cancelled, about 5% changed as a new version, a few deleted versions, student
// participation changes) and excursions; the week's meetings, mentor talks, break duties and exam
// sessions come from week-activities.ts, its rows from rows.ts.

export interface WeekContext extends RowContext {
  template: readonly TemplateLesson[];
  year: SchoolYear;
  publishedAt: number;
  snapshotAt: number;
  seed: number;
}

const DAY = 86_400;

const CANCEL_REASONS = [
  { reason: 'teachers', text: 'Vervalt: docent afwezig' },
  { reason: 'students', text: 'Vervalt: leerlingen elders' },
  { reason: 'changedPlanning', text: 'Vervalt: gewijzigde planning' },
] as const;

const EXCURSIONS = [
  'Excursie Rijksmuseum',
  'Bezoek Tweede Kamer',
  'Sportdag',
  'Excursie Naturalis',
  'Theatervoorstelling',
  'Werkweek-voorbereiding',
];

export function generateWeek(ctx: WeekContext, week: IsoWeek): Row[] {
  const rng = new Random(ctx.seed).fork(`week-${formatWireWeek(week)}`);
  const rows: Row[] = [];
  const wire = formatWireWeek(week);
  const exam = ctx.year.examWeeks.has(wire);
  const monday = weekWindow(week, SCHOOL_ZONE).start;
  /** When a change to this week was made: before the week, never after the data snapshot. */
  const changeTime = () =>
    Math.max(
      ctx.publishedAt + DAY,
      Math.min(monday - rng.int(1, 9) * DAY + rng.int(0, 36_000), ctx.snapshotAt - rng.int(0, 3 * DAY)),
    );
  const createdTime = () => ctx.publishedAt + rng.int(0, 14 * DAY);
  const upperDepts = new Set(ctx.org.departments.filter((d) => d.upper).map((d) => d.id));

  // An excursion takes one department out for a day; its lessons that day are cancelled.
  const excursions = new Map<number, { dept: number; weekday: number }>();
  if (!exam && rng.chance(0.6)) {
    const dept = rng.pick(ctx.org.departments.filter((d) => ctx.org.currentProjects.includes(d.project)));
    const weekday = rng.int(1, 5);
    if (!ctx.year.daysOff.has(isoDate(week, weekday))) {
      excursions.set(dept.id, { dept: dept.id, weekday });
      const teachers = rng
        .sample(
          [...ctx.org.teachersBySubject.values()].flat().filter((t) => t.branches.includes(dept.branchCode)),
          3,
        )
        .map((t) => t.code);
      rows.push(
        appointmentRow(ctx, {
          type: 'activity',
          start: instant(week, weekday, '08:45'),
          end: instant(week, weekday, '15:30'),
          subjects: [],
          groups: dept.mainGroups.map((g) => g.name),
          teachers,
          locations: [],
          students: dept.mainGroups.flatMap((g) => g.students),
          branchOfSchool: dept.project.branchOfSchool,
          branchCode: dept.branchCode,
          departmentIds: [dept.id],
          content: rng.pick(EXCURSIONS),
          created: changeTime(),
        }),
      );
    }
  }

  const pending = notYetChosen(ctx, week);
  for (const lesson of ctx.template) {
    const date = isoDate(week, lesson.weekday);
    if (ctx.year.daysOff.has(date)) continue;
    if (exam && lesson.departmentIds.some((d) => upperDepts.has(d))) continue;
    const period = periods[lesson.slot - 1]!;
    const base = appointmentRow(ctx, {
      type: 'lesson',
      start: instant(week, lesson.weekday, period.start),
      end: instant(week, lesson.weekday, period.end),
      slot: lesson.slot,
      subjects: [lesson.subject],
      groups: lesson.groups,
      teachers: lesson.teachers,
      locations: [lesson.location],
      students:
        pending && lesson.optional
          ? lesson.students.filter((s) => !pending.has(`${s}|${lesson.key}`))
          : lesson.students,
      branchOfSchool: lesson.branchOfSchool,
      branchCode: lesson.branchCode,
      departmentIds: lesson.departmentIds,
      optional: lesson.optional,
      capacity: lesson.capacity,
      created: createdTime(),
    });
    const excursion = lesson.departmentIds.map((d) => excursions.get(d)).find((e) => e?.weekday === lesson.weekday);
    if (excursion) {
      Object.assign(base, {
        cancelled: true,
        cancelledReason: 'students',
        changeDescription: 'Vervalt i.v.m. excursie',
        lastModified: changeTime(),
      });
      base.appointmentLastModified = base.lastModified;
      rows.push(base);
      continue;
    }
    const roll = rng.next();
    if (roll < 0.03) {
      const c = rng.pick(CANCEL_REASONS);
      Object.assign(base, { cancelled: true, cancelledReason: c.reason, changeDescription: c.text });
      touch(base, changeTime());
      rows.push(base);
    } else if (roll < 0.08) {
      rows.push(...changedVersions(ctx, rng, base, changeTime()));
    } else if (roll < 0.09) {
      // A deleted version: seen only with includeHidden.
      Object.assign(base, { hidden: true, valid: false, changeDescription: 'Verwijderd' });
      touch(base, changeTime());
      rows.push(base);
    } else {
      if (roll > 0.985) {
        // Student participation changed: lastModified moves, appointmentLastModified does not.
        base.students = (base.students as string[]).slice(1);
        base.lastModified = changeTime();
      }
      rows.push(base);
    }
  }

  rows.push(...meetingsTalksAndDuties(ctx, rng, week, createdTime));
  if (exam) rows.push(...examSessions(ctx, rng, week, createdTime));
  return rows;
}

/**
 * Optional lessons (keuzewerktijd) a student has not chosen yet: `${student}|${lesson key}`, for
 * weeks that have not ended at the data's snapshot (2026-W47 on for the default school year); in
 * earlier weeks every enrolment is settled. Each student enrolled in two or more optional lessons
 * leaves one of them (picked from a hash of seed, week and student) open, and each other one with a
 * chance of 30%, so a typical such student has at least one choice slot in /liveschedule from
 * 2026-W47 on; a student with a single option leaves it open with a chance of 60%.
 * Students left out of the template's options altogether (capacity) have open slots every week.
 * Drawn from forks of the seed, never from the week's generator: the rest of the week stays the same.
 */
function notYetChosen(ctx: WeekContext, week: IsoWeek): Set<string> | undefined {
  if (weekWindow(week, SCHOOL_ZONE).end <= ctx.snapshotAt) return undefined;
  const wire = formatWireWeek(week);
  const optionsOf = new Map<string, string[]>();
  for (const lesson of ctx.template) {
    if (!lesson.optional || ctx.year.daysOff.has(isoDate(week, lesson.weekday))) continue;
    for (const s of lesson.students) optionsOf.set(s, [...(optionsOf.get(s) ?? []), lesson.key]);
  }
  const pending = new Set<string>();
  const base = new Random(ctx.seed);
  for (const [student, keys] of optionsOf) {
    const draw = base.fork(`choice-${wire}-${student}`);
    // With one option only, a guaranteed open slot would empty that option every week.
    const open = keys.length > 1 ? Math.floor(draw.next() * keys.length) : draw.chance(0.6) ? 0 : -1;
    keys.forEach((key, i) => {
      if (i === open || draw.chance(0.3)) pending.add(`${student}|${key}`);
    });
  }
  return pending;
}

function touch(row: Row, at: number) {
  row.lastModified = at;
  row.appointmentLastModified = at;
}
