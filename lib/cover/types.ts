import type { MissingField } from '@/lib/partner-api/records';

// Cover planning's answer (`GET /api/cover`) and its settings: the contract the page, its print,
// its CSV and integrators read.

/** What is left of an absent teacher's lesson: still theirs (open), another teacher's now, or cancelled. */
export type CoverState = 'open' | 'covered' | 'cancelled';

/** The weighted reasons a candidate's score is made of (each shown with its points). */
export const REASON_KEYS = [
  'knowsGroup',
  'teachesSubject',
  'gapHour',
  'edgeHour',
  'freed',
  'notAtSchool',
  'busyDay',
  'coversSoFar',
  'underContract',
  'overContract',
  'sameBranch',
] as const;
export type ReasonKey = (typeof REASON_KEYS)[number];

export interface Reason {
  key: ReasonKey;
  points: number;
  /** The count behind the points (covers so far, lesuren that day, lessons under contract). */
  count?: number;
  /** Covers so far: the fte they are weighed by (`meta.fte` says where it was read). */
  fte?: number;
}

export interface Candidate {
  employee: string;
  name: string;
  /** The sum of the reasons' points. */
  score: number;
  reasons: Reason[];
}

/** What is to be covered: a lesson, a break duty (pleinwacht) or an exam's invigilation (surveillance). */
export type CoverKind = 'lesson' | 'duty' | 'invigilation';

export interface CoverLesson {
  /** The current version's id (else the last version's): what the scheduler changes in the portal. */
  id: number | null;
  /** A lesson, a duty or an invigilation: a duty or an invigilation needs someone free, no subject or group. */
  kind: CoverKind;
  start: number;
  end: number;
  period: string | null;
  groups: string[];
  subjects: string[];
  locations: string[];
  /** The absent teachers of the lesson (codes). */
  absent: string[];
  /** Why each is away: an absence, or an appointment elsewhere (an excursion, an exam); their name where known. */
  away: { employee: string; why: 'absence' | 'elsewhere'; name?: string }[];
  state: CoverState;
  /** Who gives it now (state `covered`). */
  coveredBy: string[];
  /** Best first: the best three (the proposed one among them), or all when asked for. */
  candidates: Candidate[];
  /** How many candidates the lesson has in all. */
  candidateCount: number;
  /** The reliever of the day's proposal, or null. */
  proposed: string | null;
  /** The scheduler pinned this reliever. */
  pinned: boolean;
  /** Why nobody can take it (state `open`, no candidate): the hard rules that ruled everyone out. */
  nobody: NobodyReason | null;
  /** Why the proposal is not the best-ranked candidate (or a pin moved it); absent where it is. */
  because?: Because;
  /**
   * A cover entered in the portal (state `covered`) checked against the same hard rules: each rule
   * a reliever breaks, with the appointment it clashes with (busy) where there is one.
   */
  conflicts?: CoverConflict[];
  /**
   * The school's rule lets this lesson go vervalt rather than be covered (`upperEdge`: a bovenbouw
   * lesson at the edge of its group's day): no reliever proposed, unless a scheduler pins one.
   */
  cancelRule?: CancelRule;
  /** What the portal made of an earlier proposal for this lesson (covered or cancelled since). */
  followUp?: 'asProposed' | 'other' | 'cancelled';
  /** The reliever that was proposed, where `followUp` is set. */
  wasProposed?: string;
}

/** A lesson another choice refers to: "zelfde invaller als u7 (4m.gsD)". */
export interface LessonRef {
  id: number | null;
  period: string | null;
  groups: string[];
  start: number;
}

/**
 * Why a proposal is not the lesson's best-ranked candidate: pinned by a scheduler; that candidate
 * (`employee`) has reached the covers a day or in the window (`count`), is needed elsewhere then
 * (`lesson`), or their day would pass its lesuren or its row (`count`: the limit); the reliever
 * (`employee`) is kept for the group's lesson next to it (`lesson`); a pin (`pins`) moved it from
 * `was`; or the day as a whole is better so. `GET /api/cover` adds `text`, the sentence in the
 * request's language.
 */
export type Because = (
  | { rule: 'pinned'; employee: string }
  | { rule: 'perDay' | 'perWindow' | 'lessonsPerDay' | 'inRow'; employee: string; count: number }
  | { rule: 'neededElsewhere' | 'sameAsGroup'; employee: string; lesson: LessonRef }
  | { rule: 'movedByPin'; employee: string; pins: string[]; was: string | null }
  | { rule: 'dayAsWhole'; employee: string }
) & { text?: string };

/** A hard rule a cover entered in the portal breaks: the reliever is busy then, has no contract in
 * the project, or their day passes its lesuren or its row. */
export interface CoverConflict {
  rule: 'busy' | 'noContract' | 'lessonsPerDay' | 'inRow';
  teacher: string;
  /** The appointment the reliever gives at that time (rule `busy`): its version id and groups. */
  appointment: { id: number | null; groups: string[] } | null;
}

/**
 * Why nobody can take a lesson: everyone busy or absent then, the day's caps reached, no contract,
 * nobody left to ask, or (the reliever's day) every free teacher's day is full or they are not at
 * school that day.
 */
export type NobodyReason =
  | 'allBusy'
  | 'allAbsent'
  | 'capsReached'
  | 'noContract'
  | 'noneLeft'
  | 'dayFull'
  | 'notAtSchool'
  /** Relievers are short: who could take it takes an onderbouw lesson at that time (the priority). */
  | 'lowerYearsFirst';

/** Lessons the school lets go vervalt rather than be covered: none, or the bovenbouw's randuren. */
export const CANCEL_RULES = ['none', 'upperEdge'] as const;
export type CancelRule = Exclude<(typeof CANCEL_RULES)[number], 'none'>;
/** When relievers are short: the onderbouw's lessons filled first, or no lesson before another. */
export const PRIORITIES = ['lowerYears', 'none'] as const;
export type CoverPriority = (typeof PRIORITIES)[number];

/** The fairness window: covers so far are counted over it. */
export const WINDOWS = ['week', 'twoWeeks', 'term', 'custom'] as const;
export type CoverWindow = (typeof WINDOWS)[number];

export const DEFAULT_WEIGHTS: Record<ReasonKey, number> = {
  knowsGroup: 30,
  teachesSubject: 20,
  gapHour: 25,
  edgeHour: 15,
  freed: 20,
  notAtSchool: -50,
  busyDay: -10,
  /** Per cover so far, per fte: two covers at 0,4 fte weigh as five at 1,0 fte. */
  coversSoFar: -20,
  underContract: 3,
  overContract: -3,
  sameBranch: 5,
};

/** What the scheduler sets per portal: weights, the fairness window, caps, who is not to be asked
 * (checked by `coverSettingsSchema` in ./query; kept free of zod so the page does not ship it). */
export interface CoverSettings {
  weights: Record<ReasonKey, number>;
  window: CoverWindow;
  /** The custom window's first and last day (ISO), at most 20 calendar weeks in 2000–2100. */
  from: string | null;
  to: string | null;
  maxPerDay: number;
  maxPerWindow: number;
  /** The reliever's day (hard rules, in lesuren): own lessons, covers, duties and invigilations together. */
  maxLessonsPerDay: number;
  /** At most this many lesuren in a row without a free lesuur (a break duty joins the lessons around it). */
  maxInRow: number;
  /** A teacher without appointments that day: not asked (`exclude`), or asked with `notAtSchool`'s points. */
  freeDay: FreeDayRule;
  /** Lessons that go vervalt rather than be covered (`none` by default). */
  cancelRule: (typeof CANCEL_RULES)[number];
  /** The bovenbouw starts at this leerjaar (the rule and the priority read it). */
  upperFromYear: number;
  /** Who is filled first when relievers are short. */
  priority: CoverPriority;
  unavailable: string[];
}

export const FREE_DAY_RULES = ['exclude', 'reason'] as const;
export type FreeDayRule = (typeof FREE_DAY_RULES)[number];

export const DEFAULT_SETTINGS: CoverSettings = {
  weights: DEFAULT_WEIGHTS,
  window: 'week',
  from: null,
  to: null,
  maxPerDay: 2,
  maxPerWindow: 6,
  maxLessonsPerDay: 7,
  maxInRow: 5,
  freeDay: 'exclude',
  cancelRule: 'none',
  upperFromYear: 4,
  priority: 'lowerYears',
  unavailable: [],
};

export type { SettingsChange } from '@/lib/platform/settings-change';

export interface CoverMeta {
  date: string;
  /**
   * The fairness window's first and last day; `fellBack` when the custom window does not hold the
   * date (it has ended, or not begun) and the term is counted instead.
   */
  window: { kind: CoverWindow; from: string; to: string; fellBack?: boolean };
  weights: Record<ReasonKey, number>;
  caps: { perDay: number; perWindow: number; lessonsPerDay: number; inRow: number; freeDay: FreeDayRule };
  /** What the school does not cover, and who is filled first when relievers are short. */
  rules: { cancel: CoverSettings['cancelRule']; upperFromYear: number; priority: CoverPriority };
  /**
   * Where covers so far are weighed by fte from: the contracts' `fteNet`, their lessons to plan
   * (÷ a full-time load) where fteNet is not granted, or neither (counted per cover).
   */
  fte: 'fteNet' | 'lessonsToPlan' | 'none';
  unavailable: string[];
  projects: number[];
  /** Reasons that need a field the rights do not give, with the field to ask for. */
  missing: MissingField[];
  /** Reasons shown greyed: their field is not granted. */
  reasonsWithoutRight: ReasonKey[];
  /** `byRule`: open lessons the school's rule lets go vervalt (not in `nobody`). */
  counts: { open: number; covered: number; cancelled: number; proposed: number; nobody: number; byRule: number };
  /** The proposal's total score and how many a group's consecutive open periods kept one reliever. */
  proposal: {
    score: number;
    consecutiveKept: number;
    /** `greedy`: the model was too large or the solver's time ran out; each lesson took its best free candidate. */
    solver: 'highs' | 'greedy' | 'none';
  };
  durationMs: number;
}

export interface CoverAnswer {
  data: CoverLesson[];
  meta: CoverMeta;
}
