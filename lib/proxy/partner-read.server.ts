import 'server-only';
import { createHash } from 'node:crypto';
import {
  BODY_HEADER,
  META_HEADER,
  RAW_PARAM,
  type ProxyList,
  type ProxyMeta,
  type StreamMeta,
} from '@/lib/api/contract';
import { serverEnv } from '@/lib/env.server';
import { fieldSpec, type ResourceName } from '@/lib/partner-api/catalog';
import { largeLists } from '@/lib/partner-api/large-lists';
import type { FieldType } from '@/lib/partner-api/catalog-types';
import { readList, readLiveSchedule, streamList } from '@/lib/partner-api/client.server';
import {
  buildListQuery,
  buildLiveScheduleQuery,
  narrowRows,
  takeNarrowing,
  type Narrowing,
  unboundedRead,
} from '@/lib/partner-api/proxy-query';
import type { RecordOf } from '@/lib/partner-api/records';
import { weekSummary } from '@/lib/timetable/week-summary';
import { HttpError } from '@/lib/platform/api.server';
import { forgetPartner, getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import { apiStatusFor, isPartnerApiError } from '@/lib/partner-api/errors';
import { withoutConnection } from '@/lib/session/session.server';
import { joinedRead } from '@/lib/platform/first-answer.server';
import { heavyRead, takeReadSlots } from '@/lib/platform/heavy-reads.server';

// A list read on behalf of the browser: checked against the catalogue and the rights, read
// upstream, narrowed to the asked-for view. The proxy route and the ICS export share it.
// A large list (the catalogue's `largeLists`) is read only within bounds and in one of the
// session's heavy-read slots; with `raw=1` only the portal's own answer is sent (no rows beside it).

interface Plan {
  wantsRaw: boolean;
  narrowing: Narrowing | null;
  query: URLSearchParams;
}

/**
 * Plans already made, per rights (a partner object stands for one stored text of the rights; new
 * rights are a new object, numbered here) and asked-for query: planning is a pure function of the
 * two, and the same view is read again and again (a poll, the next person at the school). Never
 * changed by readers. At most MAX_PLANS in all, the least recently used going first. The bound was
 * 500 per rights object, and every connection has its own (up to 1000 kept): in the load run (50
 * people, random weeks and teachers) the plans were what held the heap's new objects between two
 * snapshots five minutes apart, some 3 KB each, growing every instance. The key is a digest of the
 * query: the query string, made by concatenation, was kept as a tree of some fifty pieces.
 */
const rightsNumbers = new WeakMap<object, number>();
let nextRightsNumber = 0;
const plans = new Map<string, Plan>();
export const MAX_PLANS = 500;

/** How many plans are kept (for tests). */
export const keptPlans = () => plans.size;

/** The checks every proxied list read passes: catalogue, rights, narrowing, bounds. */
export async function plan(active: ActiveConnection, resource: ResourceName, search: URLSearchParams): Promise<Plan> {
  const partner = await getPartner(active);
  let rightsNumber = rightsNumbers.get(partner);
  if (rightsNumber === undefined) rightsNumbers.set(partner, (rightsNumber = nextRightsNumber++));
  const key = `${rightsNumber} ${createHash('sha256').update(`${resource}?${search.toString()}`).digest('base64url')}`;
  const kept = plans.get(key);
  if (kept) {
    plans.delete(key);
    plans.set(key, kept);
    return kept;
  }
  const rights = partner.endpoints.find((e) => e.endpoint === resource);
  const { wantsRaw, rest } = takeRaw(search);
  const narrowed = takeNarrowing(resource, rest, rights);
  if (!narrowed.ok) throw new HttpError(narrowed.status, narrowed.text);
  const projects = partner.schoolInSchoolYears.map((p) => p.id);
  const built = buildListQuery(resource, narrowed.params, rights, projects);
  if (!built.ok) throw new HttpError(built.status, built.text);
  const unbounded = unboundedRead(resource, built.query);
  if (unbounded) throw new HttpError(unbounded.status, unbounded.text);
  const planned = { wantsRaw, narrowing: narrowed.narrowing, query: built.query };
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value!);
  plans.set(key, planned);
  return planned;
}

/** How a streamed read went, and the types of its fields (the browser reads the records by them). */
export function streamMeta(
  resource: ResourceName,
  query: URLSearchParams,
  answer: { url: string; status: number; durationMs: number },
): StreamMeta {
  const fieldTypes: Record<string, FieldType> = {};
  for (const name of (query.get('fields') ?? '').split(',')) {
    const type = fieldSpec(resource, name)?.type;
    if (type) fieldTypes[name] = type;
  }
  return { request: `GET ${answer.url}`, status: answer.status, durationMs: answer.durationMs, fieldTypes };
}

/**
 * A read the proxy neither narrows nor summarises, passed on as the portal's bytes (the envelope):
 * no parse, no second copy; `x-rooster-meta` says how the read went and the browser reshapes the
 * envelope once (lib/api/list-answer.ts). null where the read is narrowed (`only=`) or raw.
 */
export async function streamProxiedList(
  active: ActiveConnection,
  resource: ResourceName,
  search: URLSearchParams,
  /** The browser's request: when it goes away, the portal's answer is let go at once. */
  gone?: AbortSignal,
): Promise<Response | null> {
  const { wantsRaw, narrowing, query } = await plan(active, resource, search);
  if (wantsRaw || narrowing) return null;
  // Every streamed read takes a slot of its session; a large list a heavy-read slot besides.
  const release = await takeReadSlots(active.connection.id, largeLists[resource] !== undefined);
  let answer;
  try {
    answer = await streamList(active.target, resource, query, {
      timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS,
      cancel: gone,
    });
  } catch (error) {
    release();
    throw error;
  }
  const meta = streamMeta(resource, query, answer);
  return new Response(
    releasing(answer.body, release, gone, (error) => void dropIfRefused(active, error)),
    {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        // Passed on as it arrives, not compressed here (no-transform keeps Next's gzip out): on the
        // loopback hop it costs CPU for nothing, and behind nginx (compose) the proxy compresses.
        'cache-control': 'no-store, no-transform',
        [BODY_HEADER]: 'envelope',
        [META_HEADER]: JSON.stringify(meta),
      },
    },
  );
}

/**
 * The stream as it is, the heavy-read slot given back when it ends, fails or is cancelled. A
 * browser gone before its answer began is never read from by Next: the portal's answer is cancelled
 * then, so its connection goes back to the pool instead of waiting out the body's time.
 */
function releasing(
  body: ReadableStream<Uint8Array>,
  release: () => void,
  gone?: AbortSignal,
  /** Told when the answer broke off with an error. */
  failed?: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const drop = () => {
    release();
    reader.cancel().catch(() => undefined);
  };
  if (gone?.aborted) drop();
  else gone?.addEventListener('abort', drop, { once: true });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          gone?.removeEventListener('abort', drop);
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        failed?.(error);
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason);
    },
  });
}

export function readProxiedList<R extends ResourceName>(
  active: ActiveConnection,
  resource: R,
  search: URLSearchParams,
  leave?: AbortSignal,
): Promise<ProxyList<RecordOf<R>>> {
  // One read at a time per connection and request: a page's own first read (the timetable's week)
  // that outran the page's wait is joined by the browser's read of the same, not read twice; left
  // by the page (`leave`) and joined by no one, it is cancelled and its heavy-read slot freed.
  return joinedRead(
    `${active.connection.id} ${resource}?${search}`,
    (cancel) => readOnce(active, resource, search, cancel),
    leave,
  );
}

async function readOnce<R extends ResourceName>(
  active: ActiveConnection,
  resource: R,
  search: URLSearchParams,
  cancel?: AbortSignal,
): Promise<ProxyList<RecordOf<R>>> {
  const { wantsRaw, narrowing, query } = await plan(active, resource, search);
  const read = () =>
    readList(active.target, resource, query, { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS, cancel }, { raw: wantsRaw });
  const result = largeLists[resource] ? await heavyRead(active.connection.id, read) : await read();
  const data = narrowRows(result.rows, narrowing);
  const meta: ProxyMeta = {
    totalRows: wantsRaw ? result.totalRows : data.length,
    upstreamRows: result.totalRows,
    unreadable: result.unreadable,
    durationMs: result.durationMs,
    request: `GET ${result.url}`,
    status: result.status,
    ...(wantsRaw ? { raw: result.body } : {}),
  };
  // A week narrowed to one view still needs the school's period grid, its codes and the next modifiedSince.
  if (resource === 'appointments' && narrowing && !wantsRaw) meta.week = weekSummary(result.rows);
  return { data, meta };
}

/** A student's week through /liveschedule, its weeks passed on as the portal sent them. */
export async function readProxiedLiveSchedule(
  active: ActiveConnection,
  search: URLSearchParams,
): Promise<ProxyList<unknown>> {
  const partner = await getPartner(active);
  const { wantsRaw, rest } = takeRaw(search);
  const rights = partner.endpoints.find((e) => e.endpoint === 'liveschedule');
  const built = buildLiveScheduleQuery(
    rest,
    rights,
    partner.schoolInSchoolYears.map((p) => p.id),
  );
  if (!built.ok) throw new HttpError(built.status, built.text);
  const result = await heavyRead(active.connection.id, () =>
    readLiveSchedule(active.target, built.query, { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS }),
  );
  const meta = {
    totalRows: result.rows.length,
    upstreamRows: result.rows.length,
    unreadable: 0,
    durationMs: result.durationMs,
    request: `GET ${result.url}`,
    status: result.status,
    ...(wantsRaw ? { raw: result.body } : {}),
  };
  // The raw answer already holds the weeks: sent once.
  return { data: wantsRaw ? [] : result.rows, meta };
}

/** Rooster's own `raw=1`, taken out before the query is checked: it never goes upstream. */
function takeRaw(search: URLSearchParams): { wantsRaw: boolean; rest: URLSearchParams } {
  if (!search.has(RAW_PARAM)) return { wantsRaw: false, rest: search };
  const rest = new URLSearchParams(search);
  rest.delete(RAW_PARAM);
  return { wantsRaw: search.get(RAW_PARAM) === '1', rest };
}

/**
 * A streamed answer that broke off because the portal refused the token at its end (a status said
 * again after the list): the connection is dropped as on every other 401, remembered as removed
 * (the answer's headers are sent, so its cookie cannot change; no copy of it opens the connection
 * again).
 */
export async function dropIfRefused(active: ActiveConnection, error: unknown): Promise<void> {
  if (!isPartnerApiError(error) || apiStatusFor(error) !== 401) return;
  try {
    await forgetPartner(active.connection.id);
    await withoutConnection(active.session, active.connection.id);
  } catch {
    // The store cannot be reached: the next read meets the portal's refusal again.
  }
}
