import { currentVersion, outcomeFor, plannedTeachers, versionChains } from '@/lib/lessons/chains';
import type {
  Candidate,
  CoverConflict,
  CoverLesson,
  CoverSettings,
  CoverState,
  NobodyReason,
  Reason,
  ReasonKey,
} from './types';
import type { CatalogRecord } from '@/lib/partner-api/records';
import {
  coverItem,
  dayBreak,
  dayItemOf,
  dayKindOf,
  itemLesuren,
  overlaps,
  type DayItem,
  type DayLimits,
} from './reliever-day';
import { cancelledByRule, type GroupItem } from './cancel-rule';

// Who can take an absent teacher's lesson, break duty or invigilation, and why: pure, from the
// day's appointment versions, the absences, the contracts and what the week and the fairness
// window say of each teacher.
// The lesson's state is the staffing pages' cover rule (`outcomeFor`): still the absent teacher's
// (open), another teacher's now (covered), or cancelled. Hard rules are never broken (free then,
// present, a contract, the reliever's day: ./reliever-day); the weighted reasons make the score,
// each shown with its points.

/** A teacher who may be asked: a contract active that day, in these projects. */
export interface Staff {
  name: string;
  projects: ReadonlySet<number>;
  /** The contracts' fte that day (covers so far are weighed by it); null or absent: not known. */
  fte?: number | null;
}

export interface TeacherWeek {
  /** Groups and subjects of the teacher's lessons this week (and, groups, of their courses). */
  groups: ReadonlySet<string>;
  subjects: ReadonlySet<string>;
  /** Lessons planned this week and the contract's lessons to plan (null: not known). */
  planned: number | null;
  toPlan: number | null;
}

export interface RankInput {
  dayStart: number;
  dayEnd: number;
  /** The day's appointment versions, every type (hidden and superseded ones included). */
  appointments: Iterable<CatalogRecord<'appointments'>>;
  /** Absences overlapping the day. */
  absences: Iterable<CatalogRecord<'employeeabsences'>>;
  staff: ReadonlyMap<string, Staff>;
  weeks: ReadonlyMap<string, TeacherWeek>;
  /** Covers given so far in the fairness window, per teacher. */
  coversSoFar: ReadonlyMap<string, number>;
  /** branchOfSchool id → project, where the rights give it. */
  branchProject: ReadonlyMap<number, number>;
  settings: CoverSettings;
}

/** An open lesson's slot: when it is and which groups, for the proposal's rules. */
export interface RankedLesson extends CoverLesson {
  /** The chain's key, stable on the page (pins are kept by the version id). */
  key: string;
  project: number | null;
  branch: number | null;
  /** What the lesson adds to a reliever's day. */
  lesuren: number;
}

/** The day ranked: its lessons of absent teachers, and each teacher's day as it stands. */
export interface RankedDay {
  lessons: RankedLesson[];
  /** What each teacher gives that day (own lessons, covers entered, duties, invigilations). */
  days: Map<string, DayItem[]>;
}

/** Covers so far are weighed per fte; an fte under this is taken as this (a 0,0 fte contract). */
const MIN_FTE = 0.1;

interface Busy {
  id: number | null;
  start: number;
  end: number;
  type: string;
  key: string;
  groups: readonly string[];
  branch: number | null;
}

/** Directly before or after: within a short break. */
const ADJACENT_SECONDS = 20 * 60;
/** Activities and exams elsewhere make a teacher away from their lessons at that time. */
const ELSEWHERE = new Set(['activity', 'exam']);
/** What a group's students attend: the edges of their day. */
const ATTENDED = new Set(['lesson', 'exam', 'activity']);

export function rankDay(input: RankInput): RankedDay {
  const { dayStart, dayEnd, settings } = input;
  const w = settings.weights;
  const limits: DayLimits = { lessonsPerDay: settings.maxLessonsPerDay, inRow: settings.maxInRow };
  const chains = versionChains(input.appointments);
  // Per version id: why it was cancelled and which branch it is at (fields the rights may not give).
  const reasonOf = new Map<number, string>();
  const branchOf = new Map<number, number>();
  for (const r of input.appointments) {
    if (typeof r.id !== 'number') continue;
    if (typeof r.cancelledReason === 'string') reasonOf.set(r.id, r.cancelledReason);
    if (typeof r.branchOfSchool === 'number') branchOf.set(r.id, r.branchOfSchool);
  }

  // What each teacher does that day, by the current versions.
  const busy = new Map<string, Busy[]>();
  const lessonsOf = new Map<string, Busy[]>();
  const days = new Map<string, DayItem[]>();
  const awayGroups: { groups: string[]; start: number; end: number }[] = [];
  // What each group's students attend that day: the school's rule judges a lesson's edge by it.
  const groupItems: GroupItem[] = [];
  for (const [key, versions] of chains) {
    const now = currentVersion(versions);
    if (!now || now.cancelled || now.start >= dayEnd || now.end <= dayStart) continue;
    const slot = {
      id: now.id,
      start: now.start,
      end: now.end,
      type: now.type,
      key,
      groups: now.groups,
      branch: now.id !== null ? (branchOf.get(now.id) ?? null) : null,
    };
    const item = dayItemOf(now, key);
    for (const t of new Set(now.teachers)) {
      (busy.get(t) ?? busy.set(t, []).get(t)!).push(slot);
      if (now.type === 'lesson') (lessonsOf.get(t) ?? lessonsOf.set(t, []).get(t)!).push(slot);
      if (item) (days.get(t) ?? days.set(t, []).get(t)!).push(item);
    }
    if (ELSEWHERE.has(now.type)) awayGroups.push({ groups: now.groups, start: now.start, end: now.end });
    if (ATTENDED.has(now.type) && now.groups.length > 0)
      groupItems.push({ key, start: now.start, end: now.end, groups: now.groups });
  }

  // Absent: an absence overlapping the time; away: an activity or exam of theirs elsewhere then.
  const absent = new Map<string, { start: number; end: number }[]>();
  for (const a of input.absences) {
    const employee = typeof a.employee === 'string' ? a.employee : '';
    if (!employee) continue;
    const start = typeof a.start === 'number' ? a.start : -Infinity;
    const end = typeof a.end === 'number' ? a.end : Infinity;
    (absent.get(employee) ?? absent.set(employee, []).get(employee)!).push({ start, end });
  }
  const isAbsent = (t: string, at: { start: number; end: number }) =>
    (absent.get(t) ?? []).some((w) => overlaps(w, at));
  const awayElsewhere = (t: string, at: { start: number; end: number }, own: string) =>
    (busy.get(t) ?? []).some((b) => b.key !== own && ELSEWHERE.has(b.type) && overlaps(b, at));

  // Teachers freed at a time: their own lesson then cancelled because its group is away
  // (gathered once: the times per teacher).
  const freedTimes = new Map<string, { start: number; end: number }[]>();
  for (const versions of chains.values()) {
    const first = versions.find((v) => !v.hidden);
    const now = currentVersion(versions);
    if (!first || first.type !== 'lesson' || !now || !now.cancelled) continue;
    const groupAway =
      (now.id !== null && reasonOf.get(now.id) === 'students') ||
      awayGroups.some((g) => overlaps(g, now) && g.groups.some((x) => now.groups.includes(x)));
    if (!groupAway) continue;
    for (const t of plannedTeachers(first)) (freedTimes.get(t) ?? freedTimes.set(t, []).get(t)!).push(now);
  }
  const freed = (t: string, at: { start: number; end: number }) =>
    (freedTimes.get(t) ?? []).some((f) => overlaps(f, at));

  // Lessons, break duties and invigilations of absent teachers: each needs someone then.
  const out: RankedLesson[] = [];
  for (const [key, versions] of chains) {
    const first = versions.find((v) => !v.hidden);
    const kind = first ? dayKindOf(first) : null;
    if (!first || kind === null) continue;
    const now = currentVersion(versions);
    const shown = now ?? versions.at(-1)!;
    if (shown.start < dayStart || shown.start >= dayEnd) continue;
    const teachers = new Set([...plannedTeachers(first), ...(now?.teachers ?? [])]);
    const away = [...teachers]
      .filter((t) => plannedTeachers(first).includes(t) || now?.teachers.includes(t))
      .map((t) => {
        const why: CoverLesson['away'][number]['why'] | null = isAbsent(t, shown)
          ? 'absence'
          : awayElsewhere(t, shown, key)
            ? 'elsewhere'
            : null;
        const name = input.staff.get(t)?.name;
        return why ? { employee: t, why, ...(name ? { name } : {}) } : null;
      })
      .filter((a) => a !== null);
    if (away.length === 0) continue;
    const absentCodes = away.map((a) => a.employee);
    const outcomes = absentCodes.map((t) => outcomeFor(now, t));
    const state: CoverState = outcomes.some((o) => o === 'cancelled' || o === 'removed')
      ? 'cancelled'
      : outcomes.some((o) => o === 'given')
        ? 'open'
        : 'covered';
    const branch = shown.id !== null ? (branchOf.get(shown.id) ?? null) : null;
    const project = branch !== null ? (input.branchProject.get(branch) ?? null) : null;
    const lesson: RankedLesson = {
      key,
      id: shown.id,
      kind,
      start: shown.start,
      end: shown.end,
      period: shown.startSlotName,
      groups: shown.groups,
      subjects: shown.subjects,
      locations: shown.locations,
      absent: absentCodes,
      away,
      state,
      coveredBy: state === 'covered' ? (now?.teachers ?? []).filter((t) => !absentCodes.includes(t)) : [],
      candidates: [],
      candidateCount: 0,
      proposed: null,
      pinned: false,
      nobody: null,
      project,
      branch,
      lesuren: itemLesuren(shown, kind),
    };
    if (state === 'open') {
      const { candidates, nobody } = candidatesFor(lesson, now?.teachers ?? []);
      lesson.candidates = candidates;
      lesson.candidateCount = candidates.length;
      lesson.nobody = nobody;
    }
    if (state === 'covered') {
      const conflicts = lesson.coveredBy.flatMap((t) => conflictsOf(t, lesson));
      if (conflicts.length > 0) lesson.conflicts = conflicts;
    }
    out.push(lesson);
  }
  out.sort(
    (a, b) =>
      a.start - b.start ||
      (a.period ?? '').localeCompare(b.period ?? '', 'nl', { numeric: true }) ||
      a.key.localeCompare(b.key),
  );
  // What the school does not cover: said on the lesson, left out of the proposal.
  const byRule = cancelledByRule(
    out.filter((l) => l.state === 'open'),
    groupItems,
    settings,
  );
  for (const l of out) {
    const rule = byRule.get(l.key);
    if (rule) l.cancelRule = rule;
  }
  return { lessons: out, days };

  /**
   * The hard rules a reliever entered in the portal breaks by giving this lesson (one absent then
   * leaves the lesson open: it is theirs and they are away).
   */
  function conflictsOf(teacher: string, lesson: RankedLesson): CoverConflict[] {
    const found: CoverConflict[] = [];
    const rule = (r: CoverConflict['rule'], appointment: CoverConflict['appointment'] = null) =>
      found.push({ rule: r, teacher, appointment });
    const staff = input.staff.get(teacher);
    if (!staff || (lesson.project !== null && !staff.projects.has(lesson.project))) rule('noContract');
    for (const b of busy.get(teacher) ?? [])
      if (b.key !== lesson.key && overlaps(b, lesson)) rule('busy', { id: b.id, groups: [...b.groups] });
    // The day as it stands holds this cover already: judged as what it adds.
    const day = days.get(teacher) ?? [];
    const broken = dayBreak(
      day.filter((i) => i.key !== lesson.key),
      day.filter((i) => i.key === lesson.key),
      limits,
    );
    if (broken) rule(broken.rule);
    return found;
  }

  function candidatesFor(lesson: RankedLesson, inLesson: readonly string[]) {
    const candidates: Candidate[] = [];
    let tried = 0;
    let absentCount = 0;
    let busyCount = 0;
    let noContract = 0;
    let dayFull = 0;
    let notAtSchool = 0;
    const cover = coverItem(lesson);
    for (const [code, staff] of input.staff) {
      if (inLesson.includes(code) || lesson.absent.includes(code)) continue;
      if (settings.unavailable.includes(code)) continue;
      tried++;
      if (lesson.project !== null && !staff.projects.has(lesson.project)) {
        noContract++;
        continue;
      }
      if (isAbsent(code, lesson)) {
        absentCount++;
        continue;
      }
      if ((busy.get(code) ?? []).some((b) => b.key !== lesson.key && overlaps(b, lesson))) {
        busyCount++;
        continue;
      }
      // A part-timer's free day: not asked, unless the school makes it a reason with points.
      if (settings.freeDay === 'exclude' && (busy.get(code) ?? []).length === 0) {
        notAtSchool++;
        continue;
      }
      if (dayBreak(days.get(code) ?? [], [cover], limits)) {
        dayFull++;
        continue;
      }
      candidates.push({ employee: code, name: staff.name, ...scoreOf(code, lesson) });
    }
    candidates.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name, 'nl'));
    let nobody: NobodyReason | null = null;
    // The reason that ruled out the most of those tried says why nobody can take it.
    if (candidates.length === 0) {
      const most = Math.max(absentCount, busyCount, dayFull, notAtSchool);
      nobody =
        tried === 0
          ? 'noneLeft'
          : noContract === tried
            ? 'noContract'
            : most === 0
              ? 'allBusy'
              : absentCount === most
                ? 'allAbsent'
                : busyCount === most
                  ? 'allBusy'
                  : dayFull === most
                    ? 'dayFull'
                    : 'notAtSchool';
    }
    return { candidates, nobody };
  }

  function scoreOf(code: string, lesson: RankedLesson): { score: number; reasons: Reason[] } {
    const reasons: Reason[] = [];
    const add = (key: ReasonKey, times = 1, count?: number) => {
      if (times === 0 || w[key] === 0) return;
      reasons.push({ key, points: w[key] * times, ...(count === undefined ? {} : { count }) });
    };
    const week = input.weeks.get(code);
    // A duty or an invigilation asks someone free then: the group and the subject do not matter.
    const teaching = lesson.kind === 'lesson';
    if (teaching && week && lesson.groups.some((g) => week.groups.has(g))) add('knowsGroup');
    if (teaching && week && lesson.subjects.some((s) => week.subjects.has(s))) add('teachesSubject');
    const own = lessonsOf.get(code) ?? [];
    const before = own.some((b) => b.end <= lesson.start);
    const after = own.some((b) => b.start >= lesson.end);
    const edge = own.some(
      (b) =>
        (b.end <= lesson.start && lesson.start - b.end <= ADJACENT_SECONDS) ||
        (b.start >= lesson.end && b.start - lesson.end <= ADJACENT_SECONDS),
    );
    if (before && after) add('gapHour');
    else if (edge) add('edgeHour');
    if (freed(code, lesson)) add('freed');
    // Counted in lesuren (a double lesson is two), as the reliever's day rules count.
    const taught = (days.get(code) ?? []).reduce((n, i) => n + i.lesuren, 0);
    if ((busy.get(code) ?? []).length === 0) add('notAtSchool');
    else if (taught >= 5) add('busyDay', taught - 4, taught);
    const covers = input.coversSoFar.get(code) ?? 0;
    const fte = input.staff.get(code)?.fte;
    if (covers > 0 && w.coversSoFar !== 0) {
      // Per fte: two covers at 0,4 fte weigh as five at 1,0 fte.
      const per = typeof fte === 'number' ? Math.max(fte, MIN_FTE) : 1;
      reasons.push({
        key: 'coversSoFar',
        points: Math.round((w.coversSoFar * covers) / per),
        count: covers,
        ...(typeof fte === 'number' ? { fte } : {}),
      });
    }
    if (week && week.planned !== null && week.toPlan !== null) {
      const gap = week.toPlan - week.planned;
      if (gap > 0) add('underContract', Math.min(gap, 5), gap);
      if (gap < 0) add('overContract', Math.min(-gap, 5), -gap);
    }
    if (lesson.branch !== null && own.some((b) => b.branch === lesson.branch)) add('sameBranch');
    return { score: reasons.reduce((n, r) => n + r.points, 0), reasons };
  }
}
