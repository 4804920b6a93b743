// Onderwijstijd (issue 48): the definitions every figure of it uses, in one module, each a
// per-portal setting with these defaults (docs/onderwijstijd.md says them in words).

/** The appointment types that count as onderwijstijd (not talks, meetings or breaks). */
export const COUNTING_TYPES: readonly string[] = ['lesson', 'exam', 'activity'];

/** The three legal norms (WVO art. 6g, since Kamerstuk 34010): clock hours over a whole opleiding. */
export type Opleiding = 'vmbo' | 'havo' | 'vwo';

export const NORM_HOURS: Readonly<Record<Opleiding, number>> = { vmbo: 3700, havo: 4700, vwo: 5700 };

/** The leerjaren the norm is spread over: vmbo (mavo, vbo) 4, havo 5, vwo 6. */
export const LEERJAREN: Readonly<Record<Opleiding, number>> = { vmbo: 4, havo: 5, vwo: 6 };

/**
 * A department code's opleiding by the default mapping: mavo and vmbo… → vmbo (3,700), havo → havo,
 * vwo, atheneum and gymnasium → vwo; null where the code says none of these (the page names those).
 */
export function opleidingOfCode(code: string): Opleiding | null {
  const c = code.toLowerCase();
  if (/^(mavo|vmbo|vbo)/.test(c)) return 'vmbo';
  if (c.startsWith('havo')) return 'havo';
  if (/^(vwo|atheneum|gymnasium)/.test(c)) return 'vwo';
  return null;
}

/**
 * The norm's share a leerjaar should have reached by a date, following the school's own programme:
 * the year's share of the norm × programmed hours to date ÷ programmed hours of the whole year, so a
 * leerjaar whose lessons end in May (an exam year) is not called behind in April. `yearShare`
 * defaults to an equal part of the opleiding (1 ÷ its leerjaren).
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
