import { NORM_HOURS, normToDate, type Opleiding } from './definitions';
import type { WeekPoint } from './figures';

// The path the norm chart draws (issue 48): week by week over the school year, the mean student's
// realised hours so far and the norm's share as the school's programme reaches it — the same rule
// as the tables' "norm to date", which is where the dashed line stands today.

export interface NormPath {
  points: { week: string; norm: number; realised: number | null }[];
  /** The year's share of the norm: where the dashed line ends. */
  yearNorm: number;
  normToDate: number;
  realisedToDate: number;
  /** Realised and what is still to come: where the year is expected to end. */
  expected: number;
}

export function normPath(series: readonly WeekPoint[], opleiding: Opleiding, share: number, now: number): NormPath {
  const programmedYear = series.reduce((n, p) => n + p.programmed, 0);
  const toDate = series.reduce((n, p) => n + p.programmedToDate, 0);
  let programmed = 0;
  let realised = 0;
  const points = series.map((p) => {
    programmed += p.programmed;
    realised += p.realised;
    return {
      week: p.week,
      norm: normToDate(opleiding, programmed, programmedYear, share),
      realised: p.start <= now ? realised : null,
    };
  });
  return {
    points,
    yearNorm: programmedYear > 0 ? share * NORM_HOURS[opleiding] : 0,
    normToDate: normToDate(opleiding, toDate, programmedYear, share),
    realisedToDate: realised,
    expected: series.reduce((n, p) => n + p.expected, 0),
  };
}
