import { NORM_HOURS, shareOf, type Opleiding, type YearShares } from './definitions';
import type { OnderwijstijdFigures, StudentRow } from './figures';

// Onderwijstijd over the opleiding (issue 48): what a student realised in the earlier school years
// the portal grants, each year whole, plus this school year to date, against the norm over the same
// years — each earlier year its leerjaar's whole share, this year its share to date. One module, so
// the page, the API, the CSV and the print cannot disagree.

/** A student in one earlier school year: what they realised that year, in which klas and leerjaar. */
export interface EarlierStudent {
  realised: number;
  klas: string | null;
  leerjaar: number | null;
}

/** An earlier school year read: its projects, how many versions, and its students. */
export interface EarlierYear {
  schoolYear: number;
  projects: number[];
  appointments: number;
  /** Records the catalogue could not read: left out. */
  unreadable: number;
  students: ReadonlyMap<string, EarlierStudent>;
}

/** A part of a cumulative figure: one school year's realised hours and the norm's share for it. */
export interface YearPart {
  schoolYear: number;
  klas: string | null;
  leerjaar: number | null;
  realizedHours: number;
  normHours: number | null;
}

export interface CumulativeStudentRow {
  student: string;
  klas: string | null;
  /** Each school year counted, earliest first; the last is this year to date. They add up to the totals. */
  years: YearPart[];
  realizedHours: number;
  normToDateHours: number | null;
  belowNorm: boolean | null;
}

export interface CumulativeKlasRow {
  group: string;
  educationType: Opleiding | null;
  students: number;
  /** The school years counted for at least one of its students. */
  schoolYears: number[];
  /**
   * The mean student: realised in earlier years (null: none of its students has one), this year to
   * date, and the two together; null where no student can be followed (a klas read by its groups).
   */
  earlierHours: number | null;
  thisYearHours: number | null;
  realizedHours: number | null;
  normToDateHours: number | null;
  lowestStudentHours: number | null;
  belowNorm: number;
}

export interface CumulativeFigures {
  students: Map<string, CumulativeStudentRow>;
  klasRows: CumulativeKlasRow[];
}

const round = (n: number) => Math.round(n * 100) / 100;
const mean = <T>(xs: readonly T[], pick: (x: T) => number) =>
  xs.length === 0 ? 0 : xs.reduce((a, x) => a + pick(x), 0) / xs.length;

/**
 * A student over the opleiding: the earlier years they appear in (each whole; the norm's share of
 * that year's leerjaar in their present opleiding), then this year to date as its own figures say.
 */
function studentOver(
  row: StudentRow,
  opleiding: Opleiding | null,
  now: { schoolYear: number; leerjaar: number | null },
  earlier: readonly EarlierYear[],
  shares: Readonly<YearShares>,
): CumulativeStudentRow {
  const years: YearPart[] = [];
  for (const year of earlier) {
    const s = year.students.get(row.student);
    if (!s) continue;
    years.push({
      schoolYear: year.schoolYear,
      klas: s.klas,
      leerjaar: s.leerjaar,
      realizedHours: s.realised,
      normHours: opleiding ? shareOf(shares, opleiding, s.leerjaar) * NORM_HOURS[opleiding] : null,
    });
  }
  years.sort((a, b) => a.schoolYear - b.schoolYear);
  years.push({
    schoolYear: now.schoolYear,
    klas: row.klas,
    leerjaar: now.leerjaar,
    realizedHours: row.yearRealizedHours,
    normHours: row.normToDateHours,
  });
  const realizedHours = years.reduce((n, y) => n + y.realizedHours, 0);
  const norm = opleiding && row.normToDateHours !== null ? years.reduce((n, y) => n + (y.normHours ?? 0), 0) : null;
  return {
    student: row.student,
    klas: row.klas,
    years,
    realizedHours,
    normToDateHours: norm,
    belowNorm: norm === null ? null : realizedHours < norm,
  };
}

/**
 * Every student and klas of this year's figures over the opleiding. Students read by their groups
 * (no `students` lists: codes "#klas") cannot be followed from year to year: left out, their klas's
 * figures none.
 */
export function cumulativeFigures(
  current: Pick<OnderwijstijdFigures, 'students' | 'klassen' | 'klasRows'>,
  schoolYear: number,
  earlier: readonly EarlierYear[],
  shares: Readonly<YearShares>,
): CumulativeFigures {
  // A student's opleiding and leerjaar are those of their own klas (the one this year's norm is
  // theirs by), whichever klas's list they are found in.
  const byKlas = new Map(current.klasRows.map((k) => [k.group, k]));
  const students = new Map<string, CumulativeStudentRow>();
  for (const row of current.students.values()) {
    if (row.student.startsWith('#')) continue;
    const own = row.klas ? byKlas.get(row.klas) : undefined;
    students.set(
      row.student,
      studentOver(
        row,
        own?.educationType ?? null,
        { schoolYear, leerjaar: own?.yearOfEducation ?? null },
        earlier,
        shares,
      ),
    );
  }
  const klasRows = current.klasRows.map((klas): CumulativeKlasRow => {
    const rows = (current.klassen.get(klas.group) ?? []).flatMap((c) => students.get(c) ?? []);
    const earlierParts = (r: CumulativeStudentRow) => r.years.slice(0, -1);
    const earlierHours = rows.some((r) => r.years.length > 1)
      ? round(mean(rows, (r) => earlierParts(r).reduce((n, y) => n + y.realizedHours, 0)))
      : null;
    const thisYearHours = rows.length > 0 ? round(mean(rows, (r) => r.years.at(-1)!.realizedHours)) : null;
    return {
      group: klas.group,
      educationType: klas.educationType,
      students: rows.length,
      schoolYears: [...new Set(rows.flatMap((r) => r.years.map((y) => y.schoolYear)))].sort((a, b) => a - b),
      earlierHours,
      thisYearHours,
      // The mean of the sums is the sum of the means: shown as its two parts, added.
      realizedHours: thisYearHours === null ? null : round((earlierHours ?? 0) + thisYearHours),
      // This year's klas norm to date (as the year's table has it) plus its students' earlier years' norms.
      normToDateHours:
        klas.normToDateHours === null || rows.length === 0
          ? null
          : round(
              klas.normToDateHours + mean(rows, (r) => earlierParts(r).reduce((n, y) => n + (y.normHours ?? 0), 0)),
            ),
      lowestStudentHours: rows.length === 0 ? null : round(Math.min(...rows.map((r) => r.realizedHours))),
      belowNorm: rows.filter((r) => r.belowNorm === true).length,
    };
  });
  return { students, klasRows };
}
