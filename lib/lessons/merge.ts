import type { ProxyList, WeekSummary } from '@/lib/api/contract';
import type { PartnerRecord } from '@/lib/partner-api/schemas';

// Incremental reading as the spec prescribes: the same parameters each time, `modifiedSince` =
// the highest `lastModified` received so far, `includeHidden=true`. A delta row replaces the row
// with its id (a deleted version comes back `hidden` and leaves the visible set that way).

export interface WeekRecords {
  byId: ReadonlyMap<number, PartnerRecord>;
  /** The highest lastModified received; null when the rights lack lastModified. */
  highest: number | null;
  /** Ids that changed since the first read, for highlighting. */
  changedSinceLoad: ReadonlySet<number>;
  /** Ids in the latest delta. */
  lastChanges: number;
  /** The whole week summed up, when the read was narrowed to one view. */
  summary?: WeekSummary;
  updatedAt: number;
}

const idOf = (r: PartnerRecord) => (typeof r.id === 'number' ? r.id : null);
const modifiedOf = (r: PartnerRecord) => (typeof r.lastModified === 'number' ? r.lastModified : null);

export function fromFullRead(rows: readonly PartnerRecord[], now = Date.now()): WeekRecords {
  const byId = new Map<number, PartnerRecord>();
  let highest: number | null = null;
  for (const r of rows) {
    const id = idOf(r);
    if (id === null) continue;
    byId.set(id, r);
    const m = modifiedOf(r);
    if (m !== null && (highest === null || m > highest)) highest = m;
  }
  return { byId, highest, changedSinceLoad: new Set(), lastChanges: 0, updatedAt: now };
}

/**
 * A full read of the week as the page keeps it: the first (the browser's, or the one the page came
 * with, stamped with when the server read it) or a re-read replacing `previous`; the next
 * `modifiedSince` is the highest of the records and of the whole week's summary (a narrowed read
 * holds only the view's records).
 */
export function weekRecordsOf(
  answer: ProxyList<PartnerRecord>,
  previous?: WeekRecords,
  readAt = Date.now(),
): WeekRecords {
  const records = previous ? replaceAll(previous, answer.data, readAt) : fromFullRead(answer.data, readAt);
  const summary = answer.meta.week;
  const upstream = summary?.highestLastModified ?? null;
  const highest =
    records.highest === null || (upstream !== null && upstream > records.highest) ? upstream : records.highest;
  return { ...records, highest, summary };
}

export function mergeDelta(prev: WeekRecords, delta: readonly PartnerRecord[], now = Date.now()): WeekRecords {
  if (delta.length === 0) return { ...prev, lastChanges: 0, updatedAt: now };
  const byId = new Map(prev.byId);
  const changed = new Set(prev.changedSinceLoad);
  let highest = prev.highest;
  let count = 0;
  for (const r of delta) {
    const id = idOf(r);
    if (id === null) continue;
    const before = byId.get(id);
    const m = modifiedOf(r);
    if (m !== null && (highest === null || m > highest)) highest = m;
    // The inclusive modifiedSince re-sends rows at the highest instant; only real changes count.
    if (before && modifiedOf(before) === m && JSON.stringify(before) === JSON.stringify(r)) continue;
    byId.set(id, r);
    changed.add(id);
    count++;
  }
  return { byId, highest, changedSinceLoad: changed, lastChanges: count, updatedAt: now };
}

/** A full re-read (rights without lastModified): what differs from before counts as changed. */
export function replaceAll(prev: WeekRecords, rows: readonly PartnerRecord[], now = Date.now()): WeekRecords {
  const next = fromFullRead(rows, now);
  const changed = new Set(prev.changedSinceLoad);
  let count = 0;
  for (const [id, row] of next.byId) {
    const before = prev.byId.get(id);
    if (!before || JSON.stringify(before) !== JSON.stringify(row)) {
      changed.add(id);
      count++;
    }
  }
  for (const id of prev.byId.keys()) if (!next.byId.has(id)) count++;
  return { ...next, changedSinceLoad: changed, lastChanges: count };
}
