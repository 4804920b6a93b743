import type { ResourceName } from '@/lib/partner-api/catalog';
import { formatWireWeek, type IsoWeek } from '@/lib/partner-api/weeks';
import { RAW_PARAM } from './contract';

// The one browser module that builds the proxy's URLs (`/api/partner/...` and Rooster's own reads)
// and their TanStack Query keys. Every key starts with the connection id, so switching portals never
// shows the previous portal's rows. Apart from the list reader (partner.client.ts), so a page that
// reads none of the portal's lists (the staffing, changes and cover pages) does not ship it.

export const partnerPaths = {
  list: (endpoint: ResourceName, params: URLSearchParams) => `/api/partner/${endpoint}?${params}`,
  liveSchedule: (student: string, week: IsoWeek, project: number) =>
    `/api/partner/liveschedule?${new URLSearchParams({ student, week: formatWireWeek(week), schoolInSchoolYear: String(project) })}`,
  /** The same read with the portal's own answer in `meta.raw`. */
  raw: (path: string) => `${path}${path.includes('?') ? '&' : '?'}${RAW_PARAM}=1`,
  /** Rooster's own staffing tables, computed on the server (`teachers`, `groups`, `absences`, `lessons`). */
  staffing: (table: StaffingTable, params: URLSearchParams) => `/api/staffing/${table}?${params}`,
  /** Cover planning: the day, the portal's settings, the day's pins. */
  cover: (params: URLSearchParams) => `/api/cover?${params}`,
  coverSettings: () => '/api/cover/settings',
  coverPins: () => '/api/cover/pins',
  /** A day's changes and absent staff, computed on the server. */
  changes: (date: string) => `/api/changes?${new URLSearchParams({ date })}`,
};

export type StaffingTable = 'teachers' | 'groups' | 'absences' | 'lessons';

export const partnerKeys = {
  list: (connectionId: string, endpoint: ResourceName, params: URLSearchParams) =>
    [connectionId, 'list', endpoint, params.toString()] as const,
  liveSchedule: (connectionId: string, student: string, week: IsoWeek, project: number) =>
    [connectionId, 'liveschedule', student, formatWireWeek(week), project] as const,
  raw: (connectionId: string, path: string, readAt: number) => [connectionId, 'raw', path, readAt] as const,
  staffing: (connectionId: string, table: StaffingTable, params: URLSearchParams) =>
    [connectionId, 'staffing', table, params.toString()] as const,
  /** Every cover read of a connection (the day and the settings) starts with this. */
  cover: (connectionId: string) => [connectionId, 'cover'] as const,
  coverDay: (connectionId: string, date: string) => [connectionId, 'cover', 'day', date] as const,
  coverSettings: (connectionId: string) => [connectionId, 'cover', 'settings'] as const,
  changesDay: (connectionId: string, date: string) => [connectionId, 'changes', date] as const,
};
