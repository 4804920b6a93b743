/** The query of a proxied list read: fields, the chosen projects (none: every granted one) and filters. */
export function listParams(
  fields: readonly string[],
  projects: readonly number[],
  filters: Record<string, string> | Iterable<[string, string]> = {},
): URLSearchParams {
  const params = new URLSearchParams({ fields: fields.join(',') });
  if (projects.length > 0) params.set('schoolInSchoolYear', projects.join(','));
  for (const [k, v] of Symbol.iterator in filters ? (filters as Iterable<[string, string]>) : Object.entries(filters))
    params.set(k, v);
  return params;
}
