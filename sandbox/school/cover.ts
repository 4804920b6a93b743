import type { IsoWeek } from '../../lib/partner-api/values';
import { isoDateAt, isoWeekOf, weekdayOf } from '../../lib/partner-api/calendar';
import { instant, isoDate, periods, SCHOOL_ZONE } from './calendar';
import { substituted, type DayContext } from './days';
import { Random } from './random';
import type { Row, StoredRow } from './types';
import { appointmentRow } from './rows';
import type { SchoolMoment } from './present';

// Cover days for the cover planning page ("Invallers", issue 31): on Wednesday and Thursday of
// weeks 47 and 48 (2026-11-18/19 and 2026-11-25/26) three or four more teachers are away for the
// whole day, and most of their lessons are left open (the current version still names them), a
// few covered by a substitute (a new version), a few cancelled (cancelledReason 'teachers').
// On 2026-11-18 also:
// - a Noord teacher, absent, with two open lessons in one group in adjacent periods;
// - a lower-year group of the main building on an excursion in periods 1–4 (an `activity` with one
//   or two accompanying teachers whose own lessons then stay open, and the group's lessons cancelled
//   with cancelledReason 'students', which frees their teachers);
// - a slot where nobody can cover: an open Noord lesson of an absent teacher at the period where
//   the fewest Noord contract holders are free, and every other employee with a contract in the
//   Noord project that day who is neither absent nor busy then is in a "Teamoverleg Locatie Noord"
//   meeting at exactly that period. `CoverScenario.nobody` names the lesson. For the default seed
//   that is version 10025345: 4m.gsA, gs, u5 (12:35–13:25), room N003, teacher bdi (absent, ZIEK),
//   with 22 Noord contract holders in the meeting (version 10090119) and the rest teaching or absent.
// Everything draws from its own fork of the seed ('cover-days') after the absences and clashes, so
// the rest of the school (2026-11-17 byte for byte included) stays as it was.

const DAY = 86_400;

export interface CoverDay {
  date: string;
  /** The teachers made absent for the whole day, with their employeeabsences ids. */
  absent: { teacher: string; absence: number }[];
  /** Lesson versions of those teachers that day, by state. */
  open: number[];
  covered: number[];
  cancelled: number[];
}

export interface CoverScenario {
  days: CoverDay[];
  // Each of the three below is null only for a seed whose timetable offers no place for it.
  /** Two open lessons of one absent teacher in one group, adjacent periods (2026-11-18). */
  consecutive: {
    teacher: string;
    second?: string;
    group: string;
    slots: [number, number];
    ids: [number, number];
  } | null;
  /** The excursion on 2026-11-18. */
  excursion: { activity: number; group: string; teachers: string[]; slots: number[]; cancelled: number[] } | null;
  /** The open lesson nobody can cover (2026-11-18). */
  nobody: {
    lesson: number;
    teacher: string;
    slot: number;
    branch: string;
    project: number;
    meeting: number | null;
  } | null;
}

interface Day {
  week: IsoWeek;
  weekday: number;
}

const dayOf = (date: string): Day => ({ week: isoWeekOf(date)!, weekday: weekdayOf(date) });

/** Leave and training are planned ahead: the week 48 absences are recorded before the snapshot. */
const PLANNED = [
  { type: 1, code: 'SCHOL' },
  { type: 2, code: 'VERL' },
  { type: 3, code: 'BVERL' },
  { type: 6, code: 'DIENST' },
] as const;

const current = (row: Row) => row.valid === true && row.hidden !== true && row.cancelled !== true;
const teachersOf = (row: Row) => (Array.isArray(row.teachers) ? (row.teachers as string[]) : []);
const overlaps = (row: Row, start: number, end: number) => (row.start as number) < end && start < (row.end as number);

export function seedCoverDays(
  ctx: DayContext,
  tables: { employeeabsences: StoredRow[]; contracts: StoredRow[] },
  moment: Pick<SchoolMoment, 'coverDays' | 'fixed'>,
): CoverScenario {
  if (moment.coverDays.length === 0) throw new Error('a school needs at least one cover day');
  const coverDays = moment.coverDays.map(dayOf);
  /** A day up to the snapshot's: its absences were called in that morning; later ones planned ahead. */
  const snapshotDate = isoDateAt(ctx.snapshotAt, SCHOOL_ZONE);
  const calledIn = (d: Day) => isoDate(d.week, d.weekday) <= snapshotDate;
  const rng = new Random(ctx.seed).fork('cover-days');
  const { org, store } = ctx;
  const absences = tables.employeeabsences;
  const projectOf = (branch: string) => org.currentProjects.find((p) => p.branchCode === branch)!;
  const mainContract = new Map<string, number>();
  const currentIds = new Set(org.currentProjects.map((p) => p.id));
  for (const { row } of tables.contracts)
    if (row.isMainContract && currentIds.has(row.schoolInSchoolYear as number))
      mainContract.set(row.employee as string, row.id as number);
  const teachers = [...org.employees.values()]
    .filter((e) => e.subjects.length > 0 && mainContract.has(e.code))
    .sort((a, b) => a.code.localeCompare(b.code));

  const isAbsent = (code: string, start: number, end: number) =>
    absences.some(({ row }) => row.employee === code && (row.start as number) < end && start < (row.end as number));
  const dayRows = (d: Day) => {
    const start = instant(d.week, d.weekday, '00:00');
    return [...store.inWindow(start, start + DAY - 3 * 3600)];
  };
  const busy = (d: Day, code: string, start: number, end: number) =>
    dayRows(d).some((r) => current(r) && overlaps(r, start, end) && teachersOf(r).includes(code));
  const lessonsOf = (d: Day, code: string) =>
    dayRows(d)
      .filter((r) => current(r) && r.type === 'lesson' && teachersOf(r).includes(code))
      .sort((a, b) => (a.start as number) - (b.start as number) || (a.id as number) - (b.id as number));
  /** Distinct seconds for each change, so no batch shares one lastModified. */
  const stamp = (row: Row, at: number, patch: Row) =>
    store.update(row.id as number, { ...patch, lastModified: at, appointmentLastModified: at });

  // After the year's absences (8000 on; past 9000 from scale 4, where ids once came twice).
  let absenceId = Math.max(9000, ...absences.map(({ row }) => (row.id as number) + 1));
  const recordAbsence = (d: Day, code: string): number => {
    const e = org.employees.get(code)!;
    const start = instant(d.week, d.weekday, '08:00');
    const end = instant(d.week, d.weekday, '17:00');
    const sick = calledIn(d);
    const kind = sick ? { type: 0, code: 'ZIEK' } : rng.pick(PLANNED);
    // Sickness is called in that morning; leave and training were planned days before.
    const created = sick
      ? instant(d.week, d.weekday, '07:00') + rng.int(0, 1500)
      : Math.min(start - rng.int(6, 16) * DAY + rng.int(0, 8 * 3600), ctx.snapshotAt - rng.int(2, 5) * DAY);
    const id = absenceId++;
    absences.push({
      row: {
        id,
        contract: mainContract.get(code)!,
        employee: code,
        start,
        end,
        absenceType: kind.type,
        absenceTypeCode: kind.code,
        absenceTypePriority: kind.type === 0 ? 1 : 2,
        absenceDuration: 8,
        absenceDurationManually: false,
        definitive: end < ctx.snapshotAt,
        firstName: e.firstName,
        prefix: e.prefix,
        lastName: e.lastName,
        created,
        lastModified: Math.min(created + rng.int(0, 600), ctx.snapshotAt),
        lastModifiedBy: 'adm',
        leave: null,
        linkedToStructuralLeave: false,
        privateComment: null,
      },
      projects: [projectOf(e.branches[0]!).id],
    });
    return id;
  };
  /** When the scheduler acted on an absence: that morning before the lessons, or days ahead. */
  const decidedAt = (d: Day, absence: number) => {
    const recorded = absences.find(({ row }) => row.id === absence)!.row.lastModified as number;
    return calledIn(d)
      ? Math.min(recorded + rng.int(300, 2400), ctx.snapshotAt)
      : Math.min(recorded + rng.int(1, 3) * DAY + rng.int(0, 6 * 3600), ctx.snapshotAt - rng.int(600, DAY));
  };

  const firstDay = coverDays[0]!;
  const slotTimes = (d: Day, slot: number) => {
    const p = periods[slot - 1]!;
    return { start: instant(d.week, d.weekday, p.start), end: instant(d.week, d.weekday, p.end) };
  };
  const absentAllDay = (d: Day, code: string) =>
    isAbsent(code, instant(d.week, d.weekday, '08:00'), instant(d.week, d.weekday, '17:00'));

  // --- 2026-11-18: a Noord teacher with two adjacent lessons in one group ---
  const firstDayLessons = dayRows(firstDay).filter((r) => current(r) && r.type === 'lesson');
  const pairs: { teacher: string; second?: string; group: string; a: Row; b: Row }[] = [];
  for (const a of firstDayLessons)
    for (const b of firstDayLessons) {
      const [t] = teachersOf(a);
      if (
        t &&
        teachersOf(a).length === 1 &&
        teachersOf(b).join() === t &&
        (a.groups as string[]).length === 1 &&
        (b.groups as string[]).join() === (a.groups as string[]).join() &&
        b.startTimeSlot === (a.startTimeSlot as number) + 1 &&
        mainContract.has(t) &&
        !absentAllDay(firstDay, t)
      )
        pairs.push({ teacher: t, group: (a.groups as string[])[0]!, a, b });
    }
  // At Noord where there is one (the default seed's), else anywhere; a seed without any has none.
  const atNoord = pairs.filter((p) => p.a.branch === 'nrd');
  const pairPool = (atNoord.length > 0 ? atNoord : pairs).sort((x, y) => (x.a.id as number) - (y.a.id as number));
  const twoTeacherPair = (lessons: Row[]) => {
    const ok = (r: Row) =>
      teachersOf(r).length === 1 &&
      (r.groups as string[]).length === 1 &&
      mainContract.has(teachersOf(r)[0]!) &&
      !absentAllDay(firstDay, teachersOf(r)[0]!);
    const found = lessons
      .filter(ok)
      .flatMap((a) =>
        lessons
          .filter(
            (b) =>
              ok(b) &&
              b.startTimeSlot === (a.startTimeSlot as number) + 1 &&
              (b.groups as string[]).join() === (a.groups as string[]).join() &&
              teachersOf(b)[0] !== teachersOf(a)[0],
          )
          .map((b) => ({
            teacher: teachersOf(a)[0]!,
            second: teachersOf(b)[0]!,
            group: (a.groups as string[])[0]!,
            a,
            b,
          })),
      )
      .sort((x, y) => (x.a.id as number) - (y.a.id as number) || (x.b.id as number) - (y.b.id as number));
    return found.length > 0 ? rng.pick(found) : undefined;
  };
  // A day without one teacher's double period: a group's two adjacent lessons of two teachers
  // (not in the fixed school, which some seeds keep without a pair).
  const pair = pairPool.length > 0 ? rng.pick(pairPool) : moment.fixed ? undefined : twoTeacherPair(firstDayLessons);

  // --- the Noord slot nobody can cover: the lesson with the fewest free Noord contract holders ---
  const nrd = projectOf('nrd');
  const firstDate = isoDate(firstDay.week, firstDay.weekday);
  const nrdStaff = tables.contracts
    .map(({ row }) => row)
    .filter(
      (c) => c.schoolInSchoolYear === nrd.id && (c.start as string) <= firstDate && firstDate <= (c.end as string),
    )
    .map((c) => c.employee as string);
  const freeAt = (lesson: Row, except: string[]) =>
    nrdStaff.filter(
      (code) =>
        !except.includes(code) &&
        !isAbsent(code, lesson.start as number, lesson.end as number) &&
        !busy(firstDay, code, lesson.start as number, lesson.end as number),
    );
  const nobodyCandidates = (code: string) =>
    lessonsOf(firstDay, code).filter(
      (l) => l.branch === 'nrd' && l.id !== pair?.a.id && l.id !== pair?.b.id && (l.startTimeSlot as number) < 9,
    );
  let nobodyTeacher = pair?.teacher;
  if (!nobodyTeacher || nobodyCandidates(nobodyTeacher).length === 0) {
    const others = teachers.filter(
      (t) =>
        t.code !== pair?.teacher &&
        t.branches[0] === 'nrd' &&
        !absentAllDay(firstDay, t.code) &&
        nobodyCandidates(t.code).length > 0,
    );
    nobodyTeacher = others.length > 0 ? rng.pick(others).code : undefined;
  }
  const nobodyLesson = nobodyTeacher
    ? nobodyCandidates(nobodyTeacher)
        .map((l) => ({ l, free: freeAt(l, [nobodyTeacher]).length }))
        .sort((x, y) => x.free - y.free || (x.l.id as number) - (y.l.id as number))[0]!.l
    : undefined;

  // --- the excursion: a lower-year main group of the main building, periods 1–4 ---
  const away = new Set([pair?.teacher, pair?.second, nobodyTeacher].filter((t): t is string => t !== undefined));
  const exStart = slotTimes(firstDay, 1).start;
  const exEnd = slotTimes(firstDay, 4).end;
  const groupLessons = (name: string) =>
    firstDayLessons.filter((r) => overlaps(r, exStart, exEnd) && (r.groups as string[]).includes(name));
  const groupCandidates = [...org.groups.values()]
    .filter((g) => g.isMainGroup && g.yearOfEducation <= 3 && projectOf('hg').id === g.projectId)
    .filter((g) => {
      const ls = groupLessons(g.name);
      return (
        ls.length >= 3 &&
        ls.every(
          (l) =>
            (l.groups as string[]).length === 1 &&
            teachersOf(l).every((t) => !away.has(t) && !isAbsent(t, l.start as number, l.end as number)),
        )
      );
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  let excursion: CoverScenario['excursion'] = null;
  // (A group whose teachers could all be away is no excursion for this purpose: none is chosen.)
  for (const group of groupCandidates.length > 0 ? [rng.pick(groupCandidates)] : []) {
    const ownLessonsInTrip = (code: string) =>
      firstDayLessons.filter(
        (r) =>
          overlaps(r, exStart, exEnd) && teachersOf(r).includes(code) && !(r.groups as string[]).includes(group.name),
      );
    const tripTeacherOk = (code: string) =>
      !away.has(code) &&
      mainContract.has(code) &&
      org.employees.get(code)!.branches[0] === 'hg' &&
      !isAbsent(code, exStart, exEnd) &&
      ownLessonsInTrip(code).length > 0;
    const knowing = [
      ...new Set([...org.teacherOf.entries()].filter(([k]) => k.startsWith(`${group.name}|`)).map(([, code]) => code)),
    ]
      .filter(tripTeacherOk)
      .sort();
    const tripPool = knowing.length > 0 ? knowing : teachers.map((t) => t.code).filter(tripTeacherOk);
    const tripTeachers = rng.sample(tripPool, rng.int(1, 2)).sort();
    if (tripTeachers.length === 0) break;
    for (const t of tripTeachers) away.add(t);
    const planned = Math.min(instant(firstDay.week, 1, '10:00') - 12 * DAY + rng.int(0, 3600), ctx.snapshotAt);
    const activity = appointmentRow(ctx, {
      type: 'activity',
      start: exStart,
      end: exEnd,
      subjects: [],
      groups: [group.name],
      teachers: tripTeachers,
      locations: [],
      students: group.students,
      branchOfSchool: projectOf('hg').branchOfSchool,
      branchCode: 'hg',
      departmentIds: [group.departmentOfBranch],
      content: 'Excursie Rijksmuseum',
      created: planned,
    });
    store.add(activity);
    const tripCancelled = groupLessons(group.name).map((l, i) => {
      stamp(l, planned + 60 + i * 7 + rng.int(0, 6), {
        cancelled: true,
        cancelledReason: 'students',
        changeDescription: 'Vervalt i.v.m. excursie',
      });
      return l.id as number;
    });
    excursion = {
      activity: activity.id as number,
      group: group.name,
      teachers: tripTeachers,
      slots: [1, 2, 3, 4],
      cancelled: tripCancelled,
    };
  }

  // --- the absences and what became of their lessons, day by day ---
  const days: CoverDay[] = [];
  const protectedIds = new Set(
    [pair?.a.id, pair?.b.id, nobodyLesson?.id].filter((id): id is number => typeof id === 'number'),
  );
  for (const d of coverDays) {
    const isFirstDay = d === firstDay;
    const chosen = isFirstDay
      ? [...new Set([pair?.teacher, pair?.second, nobodyTeacher].filter((t): t is string => t !== undefined))]
      : [];
    const wanted = rng.int(3, 4);
    const pool = teachers.filter(
      (t) =>
        !chosen.includes(t.code) &&
        !away.has(t.code) &&
        !absentAllDay(d, t.code) &&
        lessonsOf(d, t.code).length >= 3 &&
        // On the Wednesday the others are at the main building, so Noord keeps its one tight slot.
        (!isFirstDay || t.branches[0] === 'hg'),
    );
    chosen.push(...rng.sample(pool, wanted - chosen.length).map((t) => t.code));
    const day: CoverDay = { date: isoDate(d.week, d.weekday), absent: [], open: [], covered: [], cancelled: [] };
    const lessons: { lesson: Row; absence: number }[] = [];
    for (const code of chosen.sort()) {
      const absence = recordAbsence(d, code);
      day.absent.push({ teacher: code, absence });
      for (const lesson of lessonsOf(d, code)) lessons.push({ lesson, absence });
    }
    const order = rng.shuffle(lessons.filter(({ lesson }) => !protectedIds.has(lesson.id as number)));
    let toCover = rng.int(1, 2);
    let toCancel = rng.int(1, 2);
    for (const { lesson, absence } of order) {
      const start = lesson.start as number;
      const end = lesson.end as number;
      if (toCancel > 0 && (toCover === 0 || rng.chance(0.5))) {
        stamp(lesson, decidedAt(d, absence), {
          cancelled: true,
          cancelledReason: 'teachers',
          changeDescription: 'Les vervalt',
        });
        day.cancelled.push(lesson.id as number);
        toCancel--;
        continue;
      }
      if (toCover > 0) {
        const free = teachers
          .filter(
            (t) =>
              t.branches.includes(lesson.branch as string) &&
              !teachersOf(lesson).includes(t.code) &&
              !away.has(t.code) &&
              !chosen.includes(t.code) &&
              !isAbsent(t.code, start, end) &&
              !busy(d, t.code, start, end),
          )
          .map((t) => t.code);
        if (free.length > 0) {
          const at = decidedAt(d, absence);
          const next = substituted(ctx.ids, lesson, rng.pick(free), at);
          stamp(lesson, at, { valid: false });
          store.add(next);
          day.covered.push(next.id as number);
          toCover--;
          continue;
        }
      }
      day.open.push(lesson.id as number);
    }
    for (const id of protectedIds) if (isFirstDay && lessons.some((l) => l.lesson.id === id)) day.open.push(id);
    day.open.sort((a, b) => a - b);
    days.push(day);
  }

  // --- nobody can cover: whoever in the Noord project is free then is in a team meeting ---
  const inMeeting = nobodyLesson && nobodyTeacher ? freeAt(nobodyLesson, [nobodyTeacher]).sort() : [];
  let meeting: number | null = null;
  if (nobodyLesson && inMeeting.length > 0) {
    const row = appointmentRow(ctx, {
      type: 'meeting',
      start: nobodyLesson.start as number,
      end: nobodyLesson.end as number,
      subjects: [],
      groups: [],
      teachers: inMeeting,
      locations: ['N-aula'],
      students: [],
      branchOfSchool: nrd.branchOfSchool,
      branchCode: 'nrd',
      departmentIds: [],
      content: 'Teamoverleg Locatie Noord',
      created: Math.min(instant(firstDay.week, 1, '09:00') - 9 * DAY + rng.int(0, 3600), ctx.snapshotAt),
    });
    store.add(row);
    meeting = row.id as number;
  }

  return {
    days,
    consecutive: pair
      ? {
          teacher: pair.teacher,
          ...(pair.second ? { second: pair.second } : {}),
          group: pair.group,
          slots: [pair.a.startTimeSlot as number, pair.b.startTimeSlot as number],
          ids: [pair.a.id as number, pair.b.id as number],
        }
      : null,
    excursion,
    nobody:
      nobodyLesson && nobodyTeacher
        ? {
            lesson: nobodyLesson.id as number,
            teacher: nobodyTeacher,
            slot: nobodyLesson.startTimeSlot as number,
            branch: 'nrd',
            project: nrd.id,
            meeting,
          }
        : null,
  };
}
