import 'server-only';
import type { Readable } from 'node:stream';
import { apiText } from '@/lib/api/api-text';
import { endpointByName, type ResourceName } from './catalog';
import { envelopeRecords, EnvelopeUnreadable } from './envelope-records';
import { isPartnerApiError, PartnerApiError } from './errors';
import type { RecordOf } from './records';
import { partnerSchema, readRecord, tokenResponseSchema, type Partner, type TokenResponse } from './schemas';
import { call, callUnparsed, type ListAnswer } from './transport/call.server';
import type { ClientSettings, PortalTarget } from './transport/settings.server';
import { stream, streamInto, streamNode } from './transport/stream.server';

// The partner API's endpoints as the app reads them: the token exchange, the partner, lists read
// record by record or passed on as a stream, the live schedule. The transport under them (call,
// retries and breaker, guarded DNS lookup, token redaction, streaming) is transport/; this module
// is the one the rest of the app imports, so its names are passed on here too.
export { call } from './transport/call.server';
export type { ClientSettings, PortalTarget } from './transport/settings.server';
export { guardedLookup } from './transport/sockets.server';

/**
 * POST /oauth/token: the code in the query (the spec) and in a form body (every public client of
 * the older API), so either reading works. Never retried: a code works once.
 */
export async function exchangeCode(
  target: PortalTarget,
  code: string,
  settings?: Partial<ClientSettings>,
): Promise<TokenResponse> {
  const result = await call(
    { ...target, token: undefined },
    'POST',
    endpointByName('oauth/token')!.path,
    new URLSearchParams({ code }),
    settings,
    new URLSearchParams({ grant_type: 'authorization_code', code }),
  );
  const token = tokenResponseSchema.safeParse(result.body);
  if (!token.success)
    throw new PartnerApiError('not-partner-api', apiText('partner.noToken'), {
      details: apiText('partner.checkApiPath'),
    });
  return token.data;
}

export async function readPartner(target: PortalTarget, settings?: Partial<ClientSettings>): Promise<Partner> {
  const result = await call(target, 'GET', endpointByName('partners/~me')!.path, undefined, settings);
  const partner = partnerSchema.safeParse(result.body);
  if (!partner.success)
    throw new PartnerApiError('not-partner-api', apiText('partner.partnerUnreadable'), {
      details: apiText('partner.partnerUnreadableDetails'),
    });
  return partner.data;
}

export interface ListResult<R extends ResourceName> {
  rows: RecordOf<R>[];
  totalRows: number;
  url: string;
  durationMs: number;
  /** Rows whose values could not be read as the spec describes (kept out of `rows`). */
  unreadable: number;
  status: number;
  /**
   * With `raw`: the answer as the portal sent it (parsed; the token already cut out of its text),
   * and no rows: one copy of a large answer is held, never two.
   */
  body?: unknown;
}

/** A list endpoint: each record is read leniently; one unreadable record does not sink the rest. */
export async function readList<R extends ResourceName>(
  target: PortalTarget,
  resource: R,
  query: URLSearchParams,
  settings?: Partial<ClientSettings>,
  { raw = false }: { raw?: boolean } = {},
): Promise<ListResult<R>> {
  const result = await call(target, 'GET', `/${resource}`, query, settings);
  const data = result.records;
  if (!data) throw new PartnerApiError('not-partner-api', apiText('partner.noRecords', { resource }));
  const answer = { url: result.url, durationMs: result.durationMs, status: result.status };
  if (raw) return { ...answer, rows: [], totalRows: data.length, unreadable: 0, body: result.body };
  const rows: RecordOf<R>[] = [];
  let unreadable = 0;
  for (const record of data) {
    const row = readRecord(resource, record);
    if (row) rows.push(row);
    else unreadable++;
  }
  return { ...answer, rows, totalRows: rows.length, unreadable };
}

/**
 * A list endpoint's answer unparsed, its envelope's head judged (`callUnparsed`): its bytes, or its
 * text where the token had to be looked for. For a reader that parses it on another thread:
 * onderwijstijd's school year (tables.server.ts).
 */
export async function readListUnparsed(
  target: PortalTarget,
  resource: ResourceName,
  query: URLSearchParams,
  settings?: Partial<ClientSettings>,
): Promise<ListAnswer> {
  return callUnparsed(target, `/${resource}`, query, settings);
}

export { secondStatus, type ListAnswer } from './transport/call.server';

/** Rows read from one chunk of a list's answer (see `readListBatches`). */
export interface ListBatch<R extends ResourceName> {
  rows: RecordOf<R>[];
  /** Records in the chunk whose values could not be read (kept out of `rows`). */
  unreadable: number;
}

/**
 * A list endpoint read as its answer arrives: the same rows as `readList` (each record read
 * leniently, an unreadable one counted), given a chunk of the answer at a time, so a large answer
 * is never held whole, neither as text nor as objects. The call is opened (retries, timeouts, the
 * breaker, the envelope's status) before the first batch; a failure after it is thrown from the
 * batches as a PartnerApiError. Stopping early lets the portal's answer go, as `stop` does for an
 * answer opened and never read (a read opened ahead that is no longer wanted).
 */
export async function readListBatches<R extends ResourceName>(
  target: PortalTarget,
  resource: R,
  query: URLSearchParams,
  settings?: Partial<ClientSettings>,
): Promise<{
  url: string;
  status: number;
  durationMs: number;
  batches: AsyncGenerator<ListBatch<R>, void>;
  stop: () => void;
}> {
  // The Node flavour of the streamed read: the token guard runs per chunk without web streams between.
  const opened = await streamNode(target, `/${resource}`, query, settings);
  const { body } = opened;
  return {
    url: opened.url,
    status: opened.status,
    durationMs: opened.durationMs,
    batches: batchesOf(body),
    stop: () => {
      if (!body.readableEnded) body.destroy();
    },
  };

  async function* batchesOf(body: Readable): AsyncGenerator<ListBatch<R>, void> {
    const records = envelopeRecords();
    const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (error) {
          throw bodyFailure(error);
        }
        if (next.done) break;
        const rows: RecordOf<R>[] = [];
        let unreadable = 0;
        for (const record of unwrap(() => records.push(next.value), resource)) {
          const row = readRecord(resource, record);
          if (row) rows.push(row);
          else unreadable++;
        }
        if (rows.length > 0 || unreadable > 0) yield { rows, unreadable };
      }
      unwrap(() => records.end(), resource);
    } finally {
      // Left early or failed: the portal's answer is let go.
      if (!body.readableEnded) body.destroy();
    }
  }
}

/** The splitter's verdict on a broken envelope as the client's error (as readList's parse gives it). */
function unwrap<T>(read: () => T, resource: ResourceName): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof EnvelopeUnreadable)) throw error;
    if (error.reason === 'no-records')
      throw new PartnerApiError('not-partner-api', apiText('partner.noRecords', { resource }));
    throw new PartnerApiError('not-partner-api', apiText('partner.notJson'), {
      details: apiText('partner.checkApiPath'),
    });
  }
}

/** An answer that failed while it flowed; the transport's body errs with the client's errors already. */
function bodyFailure(error: unknown): PartnerApiError {
  // By name too: Next bundles a route with its own copies of a module's classes.
  if (isPartnerApiError(error)) return error;
  return new PartnerApiError('unreachable', apiText('partner.broke'), { details: (error as Error | null)?.message });
}

/** A list endpoint's answer passed on as the portal sends it (see `stream`). */
export function streamList(
  target: PortalTarget,
  resource: ResourceName,
  query: URLSearchParams,
  settings?: Partial<ClientSettings>,
) {
  return stream(target, `/${resource}`, query, settings);
}

/**
 * The same read as `streamList`, its body written straight into a Node writable: `body(out, done)`
 * (for the front layer, lib/proxy/partner-stream-front.server.ts: the portal's bytes to the browser's socket).
 */
export function streamListInto(
  target: PortalTarget,
  resource: ResourceName,
  query: URLSearchParams,
  settings?: Partial<ClientSettings>,
) {
  return streamInto(target, `/${resource}`, query, settings);
}

/** GET /liveschedule: its payload shape is not in the spec, so its weeks are passed on as read. */
export async function readLiveSchedule(
  target: PortalTarget,
  query: URLSearchParams,
  settings?: Partial<ClientSettings>,
) {
  const result = await call(target, 'GET', endpointByName('liveschedule')!.path, query, settings);
  return {
    rows: result.records ?? [],
    url: result.url,
    durationMs: result.durationMs,
    status: result.status,
    body: result.body,
  };
}
