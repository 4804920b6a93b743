import { listParams } from '@/lib/partner-api/list-params';

// The staff tables' list reads (the employees that name people, the absences), as the browser asks
// for them and as a page reads them on the server to come with them: the same parameters, so the
// same query keys.

const EMPLOYEE_FIELDS = ['userCode', 'firstName', 'prefix', 'lastName', 'employeeNumber', 'email'];

/** The employees read that names people on the staff tables; null when the rights give no `userCode`. */
export function employeeListParams(readFields: readonly string[] | null, projects: readonly number[]) {
  if (!readFields?.includes('userCode')) return null;
  return listParams(
    EMPLOYEE_FIELDS.filter((f) => readFields.includes(f)),
    projects,
  );
}

/** The days the page shows: the address's `from` and `to`, else this week's Monday to Sunday. */
export function absenceRange(
  thisWeek: { from: string; to: string },
  address: { from: string | null; to: string | null },
): { from: string; to: string } {
  return { from: address.from ?? thisWeek.from, to: address.to ?? thisWeek.to };
}

/**
 * The absences read: by date at the portal where the rights allow ("absences from the day … up to
 * and including the day"), else every absence, narrowed in the browser.
 */
export function absenceListParams(
  rights: { readFields: readonly string[]; filterFields: readonly string[] },
  projects: readonly number[],
  range: { from: string; to: string },
): URLSearchParams {
  return listParams(
    rights.readFields,
    projects,
    rangeAtPortal(rights) ? { startDate: range.from, endDate: range.to } : {},
  );
}

/** Whether the portal narrows absences to the days (both filters granted). */
export const rangeAtPortal = (rights: { filterFields: readonly string[] }) =>
  rights.filterFields.includes('startDate') && rights.filterFields.includes('endDate');

/**
 * What the rights lack to place an absence in a range of days (`employeeabsences.start` …): empty
 * when the portal narrows by date, or the absences' own start and end can be read.
 */
export function placingNeeds(rights: { readFields: readonly string[]; filterFields: readonly string[] }): string[] {
  if (rangeAtPortal(rights)) return [];
  const fields = ['start', 'end'].filter((f) => !rights.readFields.includes(f));
  if (fields.length === 0) return [];
  return [
    ...fields.map((f) => `employeeabsences.${f}`),
    ...['startDate', 'endDate'].filter((f) => !rights.filterFields.includes(f)).map((f) => `filter ${f}`),
  ];
}
