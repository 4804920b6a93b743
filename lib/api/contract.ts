import type { FieldType } from '@/lib/partner-api/catalog-types';
// The contract between the browser and Rooster's route handlers: every shape both sides read.
// Pure types and constants, safe on either side; nothing here talks to anything.

/** Our pages send this header on every API call; the route handlers refuse calls without it. */
export const CLIENT_HEADER = 'x-rooster-client';

/**
 * The connection a page's reads belong to (the first part of every query key). The proxy answers
 * 409 when the session's active connection is another one (switched in another tab), so one
 * portal's rows are never cached under another portal's key.
 */
export const CONNECTION_HEADER = 'x-rooster-connection';

/** How a proxied list read went, beside its records. */
export interface ProxyMeta {
  /** Records sent to the browser (after narrowing). */
  totalRows: number;
  /** Records the portal sent whose values could not be read as the spec describes (left out). */
  unreadable: number;
  /** Records the portal sent before Rooster narrowed them to the asked-for view (`only=`). */
  upstreamRows: number;
  durationMs: number;
  /** The exact upstream request, `GET https://…` (never the token). */
  request: string;
  /** The portal's HTTP status. */
  status?: number;
  /** With `raw=1`: the portal's answer as it sent it (parsed, the token cut out), for the explorer. */
  raw?: unknown;
  /** Appointment reads narrowed to one view (`only=`): what the whole week read upstream holds. */
  week?: WeekSummary;
}

/**
 * The whole week summed up for a narrowed view: the school's period grid (every period, also those
 * the view has nothing in), every group, room and teacher code for the picker, and the highest
 * `lastModified` of the whole answer, the next `modifiedSince` by the spec's rule 2.
 */
export interface WeekSummary {
  periods: PeriodSample[];
  groups: string[];
  locations: string[];
  teachers: string[];
  highestLastModified: number | null;
}

/** Stands for `weight` appointments that fill exactly one period (`startSlotName`) at these times. */
export interface PeriodSample {
  start: number;
  end: number;
  startSlotName: string | null;
  endSlotName: string | null;
  startSlot: number | null;
  weight?: number;
}

/**
 * A list read the proxy passes on as the portal sent it (`x-rooster-body: envelope`): the body is
 * the portal's envelope, and how the read went is in the `x-rooster-meta` header (JSON).
 */
export const BODY_HEADER = 'x-rooster-body';
export const META_HEADER = 'x-rooster-meta';
export interface StreamMeta {
  request: string;
  status: number;
  /** Until the portal's answer began (its body then flows on). */
  durationMs: number;
  /** The asked-for fields' types (the catalogue's), so the browser reads each record without it. */
  fieldTypes?: Record<string, FieldType>;
}

/** `GET /api/partner/<endpoint>` for list endpoints and `/liveschedule`: always this one shape. */
export interface ProxyList<T> {
  data: T[];
  meta: ProxyMeta;
}

/** Every error a route handler answers. `field` names the bad parameter, where there is one. */
export interface ApiErrorBody {
  error: {
    status: number;
    message: string;
    details?: string;
    eventId?: number | string | null;
    retryAfter?: number;
    field?: string;
  };
}

/**
 * Rooster's own narrowing parameter on list reads: `only=groups:4h1` keeps the records whose
 * `groups` hold `4h1` (or whose scalar field equals it). It never goes upstream; it spares the
 * browser the whole school's week when one group or room is shown.
 */
export const NARROW_PARAM = 'only';
/** Rooster's own query parameter (never sent upstream): `raw=1` adds the portal's own answer to `meta`. */
export const RAW_PARAM = 'raw';

/** Progress of a streamed export (`GET /api/export/progress/<id>`). */
export interface ExportProgress {
  done: number;
  total: number;
  finished: boolean;
  failed?: { part: string; message: string; eventId?: number | string | null };
  at: number;
}

/** CSV delimiters, by the name the export route takes. */
export const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t' } as const;
export type DelimiterName = keyof typeof DELIMITERS;
export type Delimiter = (typeof DELIMITERS)[DelimiterName];

/**
 * An answer the server read for the page it sends (`pageAnswer`, lib/platform/first-answer.server.ts):
 * drawn in the page's HTML, and taken by the page's query (`usePageAnswer`) while it asks for the
 * same `key` (a day, a scope's query) of the same connection.
 */
export interface PageAnswer<T> {
  connectionId: string;
  key: string;
  answer: T;
  /** When it was read (ms): the query's freshness counts from then. */
  readAt: number;
}
