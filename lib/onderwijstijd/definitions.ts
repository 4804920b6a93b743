// Onderwijstijd (issue 48): the definitions every figure of it uses, in one module, each a
// per-portal setting with these defaults (docs/onderwijstijd.md says them in words; settings.ts
// holds the school's choice).

/** Every appointment type the spec names. */
export const APPOINTMENT_TYPES = ['lesson', 'exam', 'activity', 'talk', 'meeting', 'interlude'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** The appointment types that count as onderwijstijd by default (not talks, meetings or breaks). */
export const COUNTING_TYPES: readonly AppointmentType[] = ['lesson', 'exam', 'activity'];

/** The three legal norms (WVO art. 6g, since Kamerstuk 34010): clock hours over a whole opleiding. */
export const OPLEIDINGEN = ['vmbo', 'havo', 'vwo'] as const;
export type Opleiding = (typeof OPLEIDINGEN)[number];

export const NORM_HOURS: Readonly<Record<Opleiding, number>> = { vmbo: 3700, havo: 4700, vwo: 5700 };

/** The leerjaren the norm is spread over: vmbo (mavo, vbo) 4, havo 5, vwo 6. */
export const LEERJAREN: Readonly<Record<Opleiding, number>> = { vmbo: 4, havo: 5, vwo: 6 };

/** A department code's opleiding: the first rule whose prefix the code starts with (case aside). */
export interface CodeRule {
  prefix: string;
  opleiding: Opleiding;
}

/** By default: mavo and vmbo… and vbo… → vmbo (3,700), havo → havo, vwo, atheneum and gymnasium → vwo. */
export const DEFAULT_CODE_RULES: readonly CodeRule[] = [
  { prefix: 'mavo', opleiding: 'vmbo' },
  { prefix: 'vmbo', opleiding: 'vmbo' },
  { prefix: 'vbo', opleiding: 'vmbo' },
  { prefix: 'havo', opleiding: 'havo' },
  { prefix: 'vwo', opleiding: 'vwo' },
  { prefix: 'atheneum', opleiding: 'vwo' },
  { prefix: 'gymnasium', opleiding: 'vwo' },
];

/** A department code's opleiding by the rules, or null where none fits (the page names those). */
export function opleidingOfCode(code: string, rules: readonly CodeRule[] = DEFAULT_CODE_RULES): Opleiding | null {
  const c = code.toLowerCase();
  return rules.find((r) => c.startsWith(r.prefix.toLowerCase()))?.opleiding ?? null;
}

/** Each leerjaar's share of its opleiding's norm: by default equal (1 ÷ its leerjaren). */
export type YearShares = Record<Opleiding, number[]>;

export const EQUAL_SHARES: Readonly<YearShares> = {
  vmbo: new Array<number>(LEERJAREN.vmbo).fill(1 / LEERJAREN.vmbo),
  havo: new Array<number>(LEERJAREN.havo).fill(1 / LEERJAREN.havo),
  vwo: new Array<number>(LEERJAREN.vwo).fill(1 / LEERJAREN.vwo),
};

/** A leerjaar's share of the norm (an unknown leerjaar: an equal part). */
export const shareOf = (shares: Readonly<YearShares>, opleiding: Opleiding, leerjaar: number | null): number =>
  (leerjaar !== null ? shares[opleiding][leerjaar - 1] : undefined) ?? 1 / LEERJAREN[opleiding];

/**
 * The norm's share a leerjaar should have reached by a date, following the school's own programme:
 * the year's share of the norm × programmed hours to date ÷ programmed hours of the whole year, so a
 * leerjaar whose lessons end in May (an exam year) is not called behind in April.
 */
export function normToDate(
  opleiding: Opleiding,
  programmedToDate: number,
  programmedYear: number,
  yearShare = 1 / LEERJAREN[opleiding],
): number {
  if (programmedYear <= 0) return 0;
  return yearShare * NORM_HOURS[opleiding] * Math.min(1, programmedToDate / programmedYear);
}
