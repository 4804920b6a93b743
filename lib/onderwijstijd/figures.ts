import { leerjaarOf } from '@/lib/lessons/groups';
import { normToDate, shareOf, type Opleiding, type YearShares } from './definitions';
import type { KlasDepartment, Source } from './groups';
import { CAUSES, hoursOf, klasCode, SUMS, type Cause, type StudentHours } from './hours';
import { addWeeks, type WeekFigures } from './weeks';

// Onderwijstijd's figures (issue 48) from the weeks' sums: per student over the period asked, and
// against the norm over the school year to date; per klas the mean over its students; per opleiding
// and leerjaar the mean over theirs; week by week for the charts. One module, so the page, the API,
// the CSV and the print cannot disagree.

const round = (n: number) => Math.round(n * 100) / 100;
const mean = <T>(xs: readonly T[], pick: (x: T) => number) =>
  xs.length === 0 ? 0 : xs.reduce((a, x) => a + pick(x), 0) / xs.length;
/** Lesuitval: cancelled programmed time over programmed time that has ended (null: none has). */
const shareCancelled = (cancelled: number, toDate: number) => (toDate > 0 ? cancelled / toDate : null);

export interface StudentRow {
  student: string;
  klas: string | null;
  programmedHours: number;
  /** Programmed time of the period that has ended: what lesuitval is a share of. */
  programmedToDateHours: number;
  realizedHours: number;
  expectedHours: number;
  cancelledHours: number;
  /** Lesuitval by cause; the parts add up to `cancelledHours`. */
  cancelledByCause: Record<Cause, number>;
  lesuitval: number | null;
  /** The school year, what the norm is held against: its whole programme, the part of it that has ended, realised. */
  yearProgrammedHours: number;
  yearProgrammedToDateHours: number;
  yearRealizedHours: number;
  normToDateHours: number | null;
  belowNorm: boolean | null;
}

export interface KlasRow {
  group: string;
  department: string | null;
  educationType: Opleiding | null;
  yearOfEducation: number | null;
  source: Source;
  students: number;
  /** No version names its students (the groups rule): the klas's own figures, not a mean over students. */
  perKlasOnly: boolean;
  programmedHours: number;
  realizedHours: number;
  expectedHours: number;
  cancelledHours: number;
  lesuitval: number | null;
  normToDateHours: number | null;
  lowestStudentHours: number;
  belowNorm: number;
}

export interface CohortRow {
  opleiding: Opleiding;
  leerjaar: number;
  klassen: string[];
  students: number;
  programmedHours: number;
  realizedHours: number;
  expectedHours: number;
  cancelledHours: number;
  lesuitval: number | null;
  normToDateHours: number;
  belowNorm: number;
}

/** A week's mean per participant, in hours. */
export interface WeekPoint {
  week: string;
  start: number;
  programmed: number;
  programmedToDate: number;
  realised: number;
  expected: number;
  cancelled: number;
}

/**
 * A group's norm to date, as its mean student's: the year's share of the norm × the mean programmed
 * hours that have ended ÷ the mean programme of the year (what the norm chart's dashed line reaches today).
 */
const groupNorm = (rows: readonly StudentRow[], opleiding: Opleiding, share: number) =>
  normToDate(
    opleiding,
    mean(rows, (s) => s.yearProgrammedToDateHours),
    mean(rows, (s) => s.yearProgrammedHours),
    share,
  );

/** A group's lesuitval: its cancelled hours over its programmed hours that have ended. */
export const lesuitvalOf = (rows: readonly StudentRow[]) =>
  shareCancelled(
    rows.reduce((n, s) => n + s.cancelledHours, 0),
    rows.reduce((n, s) => n + s.programmedToDateHours, 0),
  );

/** The school's mean participant over the period, and its lesuitval. */
export function schoolMeans(students: Iterable<StudentRow>) {
  const rows = [...students];
  return {
    participants: rows.length,
    programmedHours: mean(rows, (s) => s.programmedHours),
    realizedHours: mean(rows, (s) => s.realizedHours),
    expectedHours: mean(rows, (s) => s.expectedHours),
    lesuitval: lesuitvalOf(rows),
  };
}

export interface OnderwijstijdFigures {
  students: Map<string, StudentRow>;
  /** Each klas's participants: its students, or the klas itself under the groups rule. */
  klassen: Map<string, string[]>;
  klasRows: KlasRow[];
  cohortRows: CohortRow[];
  /** The school year week by week, the mean over `codes` (none given: every participant). */
  series: (codes?: readonly string[]) => WeekPoint[];
}

/** Figures already counted, per year read (its weeks), by what they depend on besides it. */
const counted = new WeakMap<object, { by: string; figures: OnderwijstijdFigures }>();

/**
 * A year's figures, counted once per year read and `by` (the departments and settings they were
 * counted with): a year read remembered (every week kept and unchanged) gives the same figures again.
 */
export function rememberedFigures(
  weeks: Parameters<typeof onderwijstijdFigures>[0],
  departmentOf: (klas: string) => KlasDepartment,
  shares: Readonly<YearShares>,
  by: string,
): OnderwijstijdFigures {
  const seen = counted.get(weeks);
  if (seen?.by === by) return seen.figures;
  const figures = onderwijstijdFigures(weeks, departmentOf, shares);
  counted.set(weeks, { by, figures });
  return figures;
}

export function onderwijstijdFigures(
  weeks: {
    year: readonly { label: string; window: { start: number }; figures: WeekFigures }[];
    period: readonly WeekFigures[];
  },
  departmentOf: (klas: string) => KlasDepartment,
  shares: Readonly<YearShares>,
): OnderwijstijdFigures {
  const year = addWeeks(weeks.year.map((w) => w.figures));
  const period = addWeeks(weeks.period);
  // A klas's participants over the year: the students seen in its own lessons, else the klas itself.
  const klassen = new Map<string, string[]>();
  const klasOf = new Map<string, string>();
  for (const [klas, students] of [...year.klassen].sort(([a], [b]) => a.localeCompare(b))) {
    const codes = students.size > 0 ? [...students].sort() : year.sums.has(klasCode(klas)) ? [klasCode(klas)] : [];
    klassen.set(klas, codes);
    for (const c of codes) if (!klasOf.has(c)) klasOf.set(c, klas);
  }
  const students = new Map<string, StudentRow>();
  const none = new Float64Array(SUMS.length);
  year.sums.codes.forEach((code, i) => {
    const sums = year.sums.values.subarray(i * SUMS.length, (i + 1) * SUMS.length);
    const p: StudentHours = hoursOf(code, period.sums.get(code) ?? none);
    const y = hoursOf(code, sums);
    const klas = klasOf.get(code) ?? null;
    const dept = klas ? departmentOf(klas) : null;
    const norm =
      dept?.opleiding != null
        ? normToDate(
            dept.opleiding,
            y.programmedToDate,
            y.programmed,
            shareOf(shares, dept.opleiding, dept.yearOfEducation ?? (klas ? leerjaarOf(klas) : null)),
          )
        : null;
    students.set(code, {
      student: code,
      klas,
      programmedHours: p.programmed,
      programmedToDateHours: p.programmedToDate,
      realizedHours: p.realised,
      expectedHours: p.expected,
      cancelledHours: p.cancelled,
      cancelledByCause: p.byCause,
      lesuitval: shareCancelled(p.cancelled, p.programmedToDate),
      yearProgrammedHours: y.programmed,
      yearProgrammedToDateHours: y.programmedToDate,
      yearRealizedHours: y.realised,
      normToDateHours: norm,
      belowNorm: norm === null ? null : y.realised < norm,
    });
  });

  const klasRows: KlasRow[] = [];
  for (const [klas, codes] of klassen) {
    const rows = codes.map((c) => students.get(c)).filter((s): s is StudentRow => s !== undefined);
    const dept = departmentOf(klas);
    klasRows.push({
      group: klas,
      department: dept.code,
      educationType: dept.opleiding,
      yearOfEducation: dept.yearOfEducation,
      source: dept.source,
      students: rows.filter((s) => !s.student.startsWith('#')).length,
      perKlasOnly: rows.length > 0 && rows.every((s) => s.student.startsWith('#')),
      programmedHours: round(mean(rows, (s) => s.programmedHours)),
      realizedHours: round(mean(rows, (s) => s.realizedHours)),
      expectedHours: round(mean(rows, (s) => s.expectedHours)),
      cancelledHours: round(mean(rows, (s) => s.cancelledHours)),
      lesuitval: lesuitvalOf(rows),
      normToDateHours:
        dept.opleiding === null
          ? null
          : round(groupNorm(rows, dept.opleiding, shareOf(shares, dept.opleiding, dept.yearOfEducation))),
      lowestStudentHours: round(rows.length === 0 ? 0 : Math.min(...rows.map((s) => s.realizedHours))),
      belowNorm: rows.filter((s) => s.belowNorm === true).length,
    });
  }
  const leerjaar = (r: KlasRow) => r.yearOfEducation ?? leerjaarOf(r.group) ?? 9;
  klasRows.sort((a, b) => leerjaar(a) - leerjaar(b) || a.group.localeCompare(b.group, 'nl', { numeric: true }));

  const cohorts = new Map<string, { opleiding: Opleiding; leerjaar: number; klassen: string[]; codes: Set<string> }>();
  for (const r of klasRows) {
    if (r.educationType === null || r.yearOfEducation === null) continue;
    const key = `${r.educationType}:${r.yearOfEducation}`;
    const c =
      cohorts.get(key) ??
      cohorts
        .set(key, { opleiding: r.educationType, leerjaar: r.yearOfEducation, klassen: [], codes: new Set() })
        .get(key)!;
    c.klassen.push(r.group);
    for (const code of klassen.get(r.group) ?? []) c.codes.add(code);
  }
  const order = { vwo: 0, havo: 1, vmbo: 2 } as const;
  const cohortRows: CohortRow[] = [...cohorts.values()]
    .sort((a, b) => order[a.opleiding] - order[b.opleiding] || a.leerjaar - b.leerjaar)
    .map((c) => {
      const rows = [...c.codes].map((code) => students.get(code)!).filter(Boolean);
      return {
        opleiding: c.opleiding,
        leerjaar: c.leerjaar,
        klassen: c.klassen,
        students: rows.filter((s) => !s.student.startsWith('#')).length,
        programmedHours: round(mean(rows, (s) => s.programmedHours)),
        realizedHours: round(mean(rows, (s) => s.realizedHours)),
        expectedHours: round(mean(rows, (s) => s.expectedHours)),
        cancelledHours: round(mean(rows, (s) => s.cancelledHours)),
        lesuitval: lesuitvalOf(rows),
        normToDateHours: round(groupNorm(rows, c.opleiding, shareOf(shares, c.opleiding, c.leerjaar))),
        belowNorm: rows.filter((s) => s.belowNorm === true).length,
      };
    });

  const series = (codes?: readonly string[]): WeekPoint[] =>
    weeks.year.map((w) => {
      const n = (codes ?? year.sums.codes).length || 1;
      const total = [0, 0, 0, 0, 0];
      const add = (s: ArrayLike<number>, at: number) => {
        for (let i = 0; i < total.length; i++) total[i]! += s[at + i]!;
      };
      // The school: every row of the week as it lies; a group: its codes looked up.
      if (!codes) for (let r = 0; r < w.figures.sums.size; r++) add(w.figures.sums.values, r * SUMS.length);
      else
        for (const c of codes) {
          const s = w.figures.sums.get(c);
          if (s) add(s, 0);
        }
      const h = (i: number) => total[i]! / 3600 / n;
      return {
        week: w.label,
        start: w.window.start,
        programmed: h(0),
        programmedToDate: h(1),
        realised: h(2),
        expected: h(3),
        cancelled: h(4),
      };
    });

  return { students, klassen, klasRows, cohortRows, series };
}

export { CAUSES };
