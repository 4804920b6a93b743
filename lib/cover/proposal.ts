import { coverItem, dayBreak, lesurenTotal, overlaps, type DayItem, type DayLimits } from './reliever-day';

// The day's proposal as an integer programme: a reliever for every open lesson it can get, each
// teacher at most once at a time, at most `perDay` covers that day and what is left of
// `perWindow` in the fairness window, the reliever's day kept (./reliever-day: lesuren a day as a
// row of the model, lesuren in a row as cuts added where a solution breaks it), the same reliever
// for a group's consecutive open periods where one is free for all of them, the total score as
// high as it goes. Written in the LP file format HiGHS reads (`proposal.server.ts` solves it); the
// greedy best-first beside it is the bench's peer.

export interface ProposalLesson {
  key: string;
  start: number;
  end: number;
  groups: readonly string[];
  candidates: readonly { employee: string; score: number }[];
  /** A reliever the scheduler pinned: kept, the rest solved around it. */
  pinned: string | null;
  /** Lesuren the lesson adds to a reliever's day (1 where not given). */
  lesuren?: number;
  /** Filled first when relievers are short (an onderbouw lesson): `PRIORITY_FIRST` more in the objective. */
  first?: boolean;
}

export interface ProposalInput {
  lessons: readonly ProposalLesson[];
  perDay: number;
  perWindow: number;
  /** Covers each teacher already has in the window (today's included). */
  coversSoFar: ReadonlyMap<string, number>;
  /** Covers each teacher already gives today: they count against `perDay`. */
  coversToday?: ReadonlyMap<string, number>;
  /** Each teacher's day as it stands and its limits: without them the reliever's day is not judged. */
  days?: ReadonlyMap<string, readonly DayItem[]>;
  limits?: DayLimits;
}

/** Covers of one teacher that may not all be given: at most all but one of them (`keys`). */
export interface DayCut {
  teacher: string;
  keys: readonly string[];
}

export interface Proposal {
  /** Lesson key → reliever. */
  relievers: Map<string, string>;
  /** The sum of the chosen candidates' scores. */
  score: number;
  /** Pairs of a group's consecutive open periods given one reliever. */
  consecutiveKept: number;
}

/** Every lesson that gets a reliever weighs this much more than any score: cover first, then score. */
export const COVER_FIRST = 10_000;
/**
 * A lesson filled first (the onderbouw when relievers are short) weighs this much more: more than
 * any score, less than a lesson, so two lessons filled still beat one filled first.
 */
export const PRIORITY_FIRST = 1_000;
/** A group's consecutive periods with one reliever: worth this many points in the objective. */
export const CONSECUTIVE_BONUS = 40;
/** Periods this close (seconds) count as consecutive: a break between them is allowed. */
const NEXT_TO = 20 * 60;

/** Pairs of lessons of one group, one right after the other. */
export function consecutivePairs(
  lessons: readonly Pick<ProposalLesson, 'start' | 'end' | 'groups'>[],
): [number, number][] {
  const pairs: [number, number][] = [];
  lessons.forEach((a, i) =>
    lessons.forEach((b, j) => {
      if (i === j || b.start < a.end || b.start - a.end > NEXT_TO) return;
      if (a.groups.length > 0 && a.groups.some((g) => b.groups.includes(g))) pairs.push([i, j]);
    }),
  );
  return pairs;
}

/** What is left of each teacher's window cap (a pin may go over it: the scheduler decided). */
function windowLeft(input: ProposalInput, employee: string): number {
  const pinned = input.lessons.filter((l) => l.pinned === employee).length;
  return Math.max(pinned, input.perWindow - (input.coversSoFar.get(employee) ?? 0));
}

/** What is left of each teacher's day cap. */
function dayLeft(input: ProposalInput, employee: string): number {
  const pinned = input.lessons.filter((l) => l.pinned === employee).length;
  return Math.max(pinned, input.perDay - (input.coversToday?.get(employee) ?? 0));
}

/** A teacher's day with their pinned covers in it (a pin is the scheduler's: never judged). */
function fixedDay(input: ProposalInput, employee: string): DayItem[] {
  const pinned = input.lessons.filter((l) => l.pinned === employee).map(coverItem);
  return [...(input.days?.get(employee) ?? []), ...pinned];
}

/** Lesuren a teacher may still be given by the proposal (Infinity: the day is not judged). */
function lesurenLeft(input: ProposalInput, employee: string): number {
  if (!input.limits) return Infinity;
  return Math.max(0, input.limits.lessonsPerDay - lesurenTotal(fixedDay(input, employee)));
}

/** Where a proposal breaks a reliever's day: per teacher, the covers (not pinned) that together do. */
export function dayBreaks(input: ProposalInput, relievers: ReadonlyMap<string, string>): DayCut[] {
  if (!input.limits) return [];
  const added = new Map<string, DayItem[]>();
  for (const l of input.lessons) {
    const t = relievers.get(l.key);
    if (!t || l.pinned === t) continue;
    (added.get(t) ?? added.set(t, []).get(t)!).push(coverItem(l));
  }
  const cuts: DayCut[] = [];
  for (const [teacher, covers] of added) {
    const broken = dayBreak(fixedDay(input, teacher), covers, input.limits);
    if (broken) cuts.push({ teacher, keys: broken.covers });
  }
  return cuts;
}

/**
 * The programme in LP format; `x_i_j`: lesson i gets its candidate j; `y_p_j`: pair p both with
 * teacher j. `cuts`: covers found to break a reliever's row together, at most all but one of them.
 */
export function proposalModel(input: ProposalInput, cuts: readonly DayCut[] = []): { lp: string; teachers: string[] } {
  const teachers = [...new Set(input.lessons.flatMap((l) => l.candidates.map((c) => c.employee)))];
  const index = new Map(teachers.map((t, i) => [t, i]));
  const x = (i: number, t: string) => `x_${i}_${index.get(t)}`;
  const has = (l: ProposalLesson, t: string) => l.candidates.some((c) => c.employee === t);
  const objective: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const binaries: string[] = [];
  input.lessons.forEach((l, i) => {
    const terms = l.candidates.map((c) => x(i, c.employee));
    for (const c of l.candidates) {
      objective.push(`+ ${COVER_FIRST + (l.first ? PRIORITY_FIRST : 0) + c.score} ${x(i, c.employee)}`);
      binaries.push(x(i, c.employee));
    }
    if (terms.length > 0) rows.push(`one_${i}: ${terms.join(' + ')} <= 1`);
    if (l.pinned && has(l, l.pinned)) bounds.push(`${x(i, l.pinned)} = 1`);
  });
  // One place at a time, and the caps.
  for (const t of teachers) {
    const mine = input.lessons.map((l, i) => [l, i] as const).filter(([l]) => has(l, t));
    const fits = mine.every(([l]) => (l.lesuren ?? 1) <= lesurenLeft(input, t));
    if (mine.length < 2 && fits && windowLeft(input, t) >= 1 && dayLeft(input, t) >= 1) continue;
    for (const [a, i] of mine)
      for (const [b, j] of mine)
        if (i < j && overlaps(a, b)) rows.push(`slot_${i}_${j}_${index.get(t)}: ${x(i, t)} + ${x(j, t)} <= 1`);
    const all = mine.map(([, i]) => x(i, t)).join(' + ');
    rows.push(`day_${index.get(t)}: ${all} <= ${dayLeft(input, t)}`);
    rows.push(`window_${index.get(t)}: ${all} <= ${windowLeft(input, t)}`);
    // The reliever's lesuren that day: what the covers not pinned add fits what is left.
    const free = mine.filter(([l]) => l.pinned !== t);
    const left = lesurenLeft(input, t);
    if (free.reduce((n, [l]) => n + (l.lesuren ?? 1), 0) > left)
      rows.push(
        `lesuren_${index.get(t)}: ${free.map(([l, i]) => `${l.lesuren ?? 1} ${x(i, t)}`).join(' + ')} <= ${left}`,
      );
  }
  const at = new Map(input.lessons.map((l, i) => [l.key, i]));
  cuts.forEach((cut, k) => {
    const terms = cut.keys
      .map((key) => at.get(key))
      .filter((i) => i !== undefined)
      .map((i) => x(i, cut.teacher));
    if (terms.length > 0) rows.push(`row_${k}: ${terms.join(' + ')} <= ${terms.length - 1}`);
  });
  consecutivePairs(input.lessons).forEach(([i, j], p) => {
    for (const t of teachers) {
      if (!has(input.lessons[i]!, t) || !has(input.lessons[j]!, t)) continue;
      const y = `y_${p}_${index.get(t)}`;
      objective.push(`+ ${CONSECUTIVE_BONUS} ${y}`);
      binaries.push(y);
      rows.push(`ya_${p}_${index.get(t)}: ${y} - ${x(i, t)} <= 0`);
      rows.push(`yb_${p}_${index.get(t)}: ${y} - ${x(j, t)} <= 0`);
    }
  });
  const lp = [
    'Maximize',
    ` obj: ${objective.length > 0 ? objective.join(' ').replace(/^\+ /, '') : '0 z'}`,
    'Subject To',
    ...(rows.length > 0 ? rows.map((r) => ` ${r}`) : [' none: z <= 0']),
    'Bounds',
    ...bounds.map((b) => ` ${b}`),
    ...(objective.length === 0 || rows.length === 0 ? [' z = 0'] : []),
    'Binary',
    ...(binaries.length > 0 ? [` ${binaries.join(' ')}`] : []),
    'End',
  ].join('\n');
  return { lp, teachers };
}

/** The proposal a chosen set of (lesson, teacher) pairs makes: its score and the pairs kept together. */
export function scoreOf(input: ProposalInput, relievers: Map<string, string>): Proposal {
  let score = 0;
  input.lessons.forEach((l) => {
    const t = relievers.get(l.key);
    if (t) score += l.candidates.find((c) => c.employee === t)?.score ?? 0;
  });
  const consecutiveKept = consecutivePairs(input.lessons).filter(([i, j]) => {
    const a = relievers.get(input.lessons[i]!.key);
    return a !== undefined && a === relievers.get(input.lessons[j]!.key);
  }).length;
  return { relievers, score, consecutiveKept };
}

/** Whether a set of pairs keeps every rule (one place at a time, both caps). */
export function feasible(input: ProposalInput, relievers: Map<string, string>): boolean {
  const byTeacher = new Map<string, ProposalLesson[]>();
  for (const l of input.lessons) {
    const t = relievers.get(l.key);
    if (!t) continue;
    if (!l.candidates.some((c) => c.employee === t)) return false;
    const list = byTeacher.get(t) ?? [];
    if (list.some((o) => overlaps(o, l))) return false;
    list.push(l);
    byTeacher.set(t, list);
  }
  for (const [t, list] of byTeacher) {
    if (list.length > dayLeft(input, t) || list.length > windowLeft(input, t)) return false;
  }
  return dayBreaks(input, relievers).length === 0;
}

/** Best first, lesson by lesson in time order (those filled first before the rest): the bench's peer. */
export function greedyProposal(input: ProposalInput): Proposal {
  const relievers = new Map<string, string>();
  const order = [...input.lessons].sort((a, b) => Number(!!b.first) - Number(!!a.first) || a.start - b.start);
  for (const l of order.filter((l) => l.pinned)) relievers.set(l.key, l.pinned!);
  for (const l of order) {
    if (relievers.has(l.key)) continue;
    for (const c of [...l.candidates].sort((a, b) => b.score - a.score)) {
      relievers.set(l.key, c.employee);
      if (feasible(input, relievers)) break;
      relievers.delete(l.key);
    }
  }
  return scoreOf(input, relievers);
}
