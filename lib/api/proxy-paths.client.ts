import type { ResourceName } from '@/lib/partner-api/catalog';
import { formatWireWeek, type IsoWeek } from '@/lib/partner-api/weeks';
import { RAW_PARAM } from './contract';

// The browser module that builds the proxy's URLs (`/api/partner/...`) and their TanStack Query
// keys. Every key starts with the connection id, so switching portals never shows the previous
// portal's rows. Apart from the list reader (partner.client.ts), so a page that reads none of the
// portal's lists does not ship it. Rooster's own reads (staffing, cover, changes) build their URLs
// and keys in their feature's `api.client.ts`.

export const partnerPaths = {
  list: (endpoint: ResourceName, params: URLSearchParams) => `/api/partner/${endpoint}?${params}`,
  liveSchedule: (student: string, week: IsoWeek, project: number) =>
    `/api/partner/liveschedule?${new URLSearchParams({ student, week: formatWireWeek(week), schoolInSchoolYear: String(project) })}`,
  /** The same read with the portal's own answer in `meta.raw`. */
  raw: (path: string) => `${path}${path.includes('?') ? '&' : '?'}${RAW_PARAM}=1`,
};

export const partnerKeys = {
  list: (connectionId: string, endpoint: ResourceName, params: URLSearchParams) =>
    [connectionId, 'list', endpoint, params.toString()] as const,
  liveSchedule: (connectionId: string, student: string, week: IsoWeek, project: number) =>
    [connectionId, 'liveschedule', student, formatWireWeek(week), project] as const,
  raw: (connectionId: string, path: string, readAt: number) => [connectionId, 'raw', path, readAt] as const,
};
