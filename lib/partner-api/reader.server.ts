import 'server-only';
import { serverEnv } from '@/lib/env.server';
import {
  chargeKeptWeeksRead,
  chargeWeekReads,
  giveBackWeekReads,
  heavyRead,
  refundCachedWeek,
} from '@/lib/platform/heavy-reads.server';
import { fieldSpec, type ResourceName } from './catalog';
import { largeLists } from './large-lists';
import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { readList, readListBatches, readListUnparsed, type ListAnswer, type PortalTarget } from './client.server';
import type { Partner, PartnerRecord } from './schemas';
import type { FieldName, MissingField, PickedRecord } from './records';
import { dayStart } from './calendar';
import { addWeeks, weekOf, weekWindow, type IsoWeek } from './values';

// A reader of the portal's lists within the partner's rights, for the pages that compute their
// figures on the server (staffing, cover). Every read asks only for granted fields; what a figure
// needs and the rights lack is noted in `missing`, and the figure stays null. Reads of large lists
// take one of the session's heavy-read slots, and a request reading weeks is charged for them.

type Rights = Partner['endpoints'][number];

/** The connection a reader reads through: its id (the session's budget and slots) and its portal. */
export interface ReaderConnection {
  connection: { id: string };
  target: PortalTarget;
}

/**
 * A past week's rows kept between requests (the feature's week cache): read whole once with
 * `query`, after that only what changed since, through `read`.
 */
export type WeekCache = (
  baseUrl: string,
  query: URLSearchParams,
  read: (query: URLSearchParams) => Promise<PartnerRecord[]>,
) => Promise<{ rows: PartnerRecord[]; incremental?: boolean }>;

/** What every answer read this way says about its reading. */
export interface ReadMeta {
  /** The projects read (schoolInSchoolYear ids). */
  projects: number[];
  /** Fields the spec calls unsupported that were read (`contracts.lessonsToPlan` …). */
  unsupported: string[];
  missing: MissingField[];
  durationMs: number;
}

/** A person's name fields, as every read of people asks for them. */
export const NAME_FIELDS = ['firstName', 'prefix', 'lastName'] as const;

/** The ISO weeks from the week of `from` to the week of `to`. */
export function weeksBetween(from: string, to: string, zone: string): IsoWeek[] {
  const weeks: IsoWeek[] = [];
  const last = dayStart(to, zone);
  for (let w = weekOf(dayStart(from, zone), zone); weekWindow(w, zone).start <= last; w = addWeeks(w, 1)) weeks.push(w);
  return weeks;
}

export class RightsReader {
  readonly missing: MissingField[] = [];
  readonly unsupported = new Set<string>();
  readonly started = performance.now();
  /** The projects read (schoolInSchoolYear ids), in order and once each: one query, one cache entry. */
  readonly projects: number[];
  /**
   * The request's budget: `inSlot` while `budgeted` holds a heavy-read slot for all its reads;
   * `charged`, weeks charged and not yet given back (a week served from the cache gives most back).
   */
  private readonly budget = { inSlot: false, charged: 0 };

  constructor(
    readonly active: ReaderConnection,
    readonly partner: Partner,
    projects: number[],
    private readonly weekCache: WeekCache,
  ) {
    this.projects = [...new Set(projects)].sort((a, b) => a - b);
  }

  private get inSlot(): boolean {
    return this.budget.inSlot;
  }

  /**
   * A request that reads `weeks` weeks: charged one week read per week against the session's
   * budget (429 before any upstream call), then run in one of the session's heavy-read slots, held
   * for the whole request, so it is refused whole or not at all (never half-way, the weeks already
   * read thrown away). `kept`: weeks known before reading to be answered from what was kept, charged
   * their cached cost at once (and so never given back again).
   */
  async budgeted<T>(weeks: number, work: () => Promise<T>, { kept = 0 }: { kept?: number } = {}): Promise<T> {
    if (this.inSlot) return work();
    const id = this.active.connection.id;
    await chargeWeekReads(id, weeks, kept);
    this.budget.charged += Math.max(0, weeks - Math.max(0, kept));
    let ran = false;
    try {
      return await heavyRead(id, async () => {
        ran = true;
        this.budget.inSlot = true;
        try {
          return await work();
        } finally {
          this.budget.inSlot = false;
          this.budget.charged = 0;
        }
      });
    } catch (error) {
      // Refused a slot (nothing was read): its charge given back, as a refused charge costs nothing.
      if (!ran) {
        this.budget.charged = 0;
        await giveBackWeekReads(id, weeks, kept);
      }
      throw error;
    }
  }

  /**
   * A week planned as kept (charged its cached cost) that had to be read whole after all: the rest
   * of a read's charge, taken without refusing — the request is under way and its weeks are read.
   */
  async chargeReadAfterAll(weeks: number): Promise<void> {
    if (weeks > 0) await chargeKeptWeeksRead(this.active.connection.id, weeks);
  }

  /** A large list's read: in a heavy-read slot of its own, unless the request holds one. */
  private heavy<T>(endpoint: ResourceName, read: () => Promise<T>): Promise<T> {
    return largeLists[endpoint] && !this.inSlot ? heavyRead(this.active.connection.id, read) : read();
  }

  rights(endpoint: ResourceName): Rights | undefined {
    return this.partner.endpoints.find((e) => e.endpoint === endpoint);
  }

  /** Whether every field is granted; the ones that are not are noted as missing. */
  has(endpoint: ResourceName, fields: readonly string[]): boolean {
    const rights = this.rights(endpoint);
    let all = true;
    for (const field of fields) {
      if (rights?.readFields.includes(field)) continue;
      all = false;
      if (!this.missing.some((m) => m.endpoint === endpoint && m.field === field))
        this.missing.push({ endpoint, field });
    }
    return all;
  }

  /** The query for the granted ones of the wanted fields, or null when none is granted. */
  private query(endpoint: ResourceName, wanted: readonly string[], filters: Record<string, string>) {
    const rights = this.rights(endpoint);
    const fields = wanted.filter((f) => rights?.readFields.includes(f));
    if (!rights || fields.length === 0) return null;
    for (const f of fields) if (fieldSpec(endpoint, f)?.supported === false) this.unsupported.add(`${endpoint}.${f}`);
    const query = new URLSearchParams({ fields: fields.join(',') });
    if (this.projects.length > 0) query.set('schoolInSchoolYear', this.projects.join(','));
    // A large list's range the rights cannot filter would read the whole school year for every
    // "week" (3 s and 18.7 MB a read): refused, naming the filters, before anything is read.
    const window = largeLists[endpoint]?.window ?? [];
    const unbounded = window.filter((k) => k in filters && !rights.filterFields.includes(k));
    if (unbounded.length > 0)
      throw new HttpError(403, apiText('staffing.rangeFilterRefused', { endpoint, filters: unbounded.join(', ') }));
    for (const [k, v] of Object.entries(filters)) if (rights.filterFields.includes(k)) query.set(k, v);
    return query;
  }

  async read<R extends ResourceName, const F extends FieldName<R>>(
    endpoint: R,
    wanted: readonly F[],
    filters: Record<string, string> = {},
  ): Promise<PickedRecord<R, F>[]> {
    const query = this.query(endpoint, wanted, filters);
    if (!query) return [];
    const read = () => readList(this.active.target, endpoint, query, { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS });
    // A week of appointments is a heavy read: it takes one of the session's slots, as the proxy's do.
    const { rows } = await this.heavy(endpoint, read);
    return rows as PickedRecord<R, F>[];
  }

  /**
   * The same read, its answer unparsed (its envelope's head judged), for a reader that parses it on
   * another thread; null when no wanted field is granted (where `read` answers no rows).
   */
  async readUnparsed<R extends ResourceName>(
    endpoint: R,
    wanted: readonly FieldName<R>[],
    filters: Record<string, string> = {},
  ): Promise<ListAnswer | null> {
    const query = this.query(endpoint, wanted, filters);
    if (!query) return null;
    return this.heavy(endpoint, () =>
      readListUnparsed(this.active.target, endpoint, query, { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS }),
    );
  }

  /**
   * The same read, its rows handed to `take` a chunk of the answer at a time as they arrive (the
   * answer is never held whole); in one of the session's heavy-read slots while it flows.
   */
  async readEach<R extends ResourceName, const F extends FieldName<R>>(
    endpoint: R,
    wanted: readonly F[],
    filters: Record<string, string>,
    take: (rows: PickedRecord<R, F>[]) => void,
  ): Promise<void> {
    const query = this.query(endpoint, wanted, filters);
    if (!query) return;
    const read = async () => {
      const { batches } = await readListBatches(this.active.target, endpoint, query, {
        timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS,
      });
      for await (const { rows } of batches) take(rows as PickedRecord<R, F>[]);
    };
    await this.heavy(endpoint, read);
  }

  /**
   * One week's rows of a large list through the week cache (read whole once, then only what changed
   * since; the current week too, which changes most and is read most: the spec's incremental
   * reading misses nothing) when the rights allow incremental reads (`id`, `lastModified` and
   * `hidden` readable, `modifiedSince` and `includeHidden` filterable); else read as every other list.
   * Deleted versions are left out, unless `withHidden` (a version chain's removal is a change).
   */
  async weekRows<R extends ResourceName, const F extends FieldName<R>>(
    endpoint: R,
    wanted: readonly F[],
    filters: Record<string, string> & { end: string },
    { withHidden = false } = {},
  ): Promise<PickedRecord<R, F>[]> {
    const rights = this.rights(endpoint);
    const asked: readonly string[] = wanted;
    const incremental =
      asked.includes('id') &&
      asked.includes('hidden') &&
      ['id', 'hidden', 'lastModified'].every((f) => rights?.readFields.includes(f)) &&
      ['modifiedSince', 'includeHidden'].every((f) => rights?.filterFields.includes(f));
    if (!incremental) return this.read(endpoint, wanted, filters);
    const query = this.query(endpoint, wanted, filters);
    if (!query) return [];
    if (!asked.includes('lastModified')) query.set('fields', `${query.get('fields')},lastModified`);
    query.set('includeHidden', 'true');
    const { rows, incremental: fromCache } = await this.heavy(endpoint, () =>
      this.weekCache(this.active.target.baseUrl, query, async (q) => {
        const answer = await readList(this.active.target, endpoint, q, { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS });
        return answer.rows as PartnerRecord[];
      }),
    );
    if (fromCache) await this.refundKeptWeek();
    const picked = rows as PickedRecord<R, F>[];
    return withHidden ? picked : picked.filter((r) => (r as PartnerRecord).hidden !== true);
  }

  /** Charged weeks answered from what was kept (a small incremental read each): most of their charge given back. */
  async refundKeptWeek(weeks = 1): Promise<void> {
    const given = Math.min(weeks, this.budget.charged);
    if (given <= 0) return;
    this.budget.charged -= given;
    await refundCachedWeek(this.active.connection.id, given);
  }

  /** The answer's meta: `extra`, then what the reading read, lacked and took. */
  meta<E extends object>(extra: E): E & ReadMeta {
    return {
      ...extra,
      projects: this.projects,
      unsupported: [...this.unsupported].sort(),
      missing: this.missing,
      durationMs: Math.round(performance.now() - this.started),
    };
  }
}
