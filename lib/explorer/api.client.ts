// The explorer's own Rooster routes (its partner reads go through lib/api/partner.client.ts).

/** A streamed CSV of an endpoint's records over a range of weeks (`from`, `to`, the request's query). */
export const rangeExportUrl = (params: URLSearchParams) => `/api/export/appointments.csv?${params}`;
