// A server page's address, as Next hands it over (`searchParams`).

export type SearchParams = Record<string, string | string[] | undefined>;

/** A parameter given once and not empty; repeated or empty counts as not given. */
export const searchParam = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value ? value : undefined;
