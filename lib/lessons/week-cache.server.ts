import 'server-only';
import { createHash } from 'node:crypto';
import type { PartnerRecord } from '@/lib/partner-api/schemas';
import { stateStore } from '@/lib/platform/state/state.server';
import { fromFullRead, mergeDelta } from '@/lib/lessons/merge';

// Past weeks read once (issue 32 §4): a past week's appointments for the staffing figures are
// kept per portal and query (its projects in order, once each), at most MAX_WEEKS_PER_PORTAL
// entries and MAX_BYTES_PER_PORTAL a portal (the least recently read dropped first), in the state store (shared by instances through Redis), and a
// re-read asks the portal only for what changed since, as the spec prescribes for incremental
// reading: the same parameters each time with `includeHidden=true`, and `modifiedSince` = the
// highest `lastModified` received (a deleted version comes back hidden and replaces its row).
// A range read again costs a small incremental read per week instead of the whole school's week.

/** How long a week is kept after its last read. */
const KEPT_MS = 14 * 24 * 60 * 60 * 1000;

interface Kept {
  rows: PartnerRecord[];
  highest: number | null;
}

/**
 * Entries kept per portal at most, and their bytes: past that the least recently read go first. A
 * school year's weeks for the few field sets the pages read fit well within it.
 */
export const MAX_WEEKS_PER_PORTAL = 200;
export const MAX_BYTES_PER_PORTAL = 256 * 1024 * 1024;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/**
 * The store's key: the portal and the query (never the token), as a digest. The projects are
 * sorted and counted once (`1,2` and `2,1,1` read the same rows), so reordering them adds nothing.
 */
export function weekKey(baseUrl: string, query: URLSearchParams): string {
  const normal = new URLSearchParams(query);
  const projects = normal.get('schoolInSchoolYear');
  if (projects !== null) normal.set('schoolInSchoolYear', normalProjects(projects));
  const sorted = new URLSearchParams([...normal].sort(([a], [b]) => a.localeCompare(b)));
  return `staffing-week:v1:${digest(baseUrl, sorted.toString())}`;
}

const normalProjects = (list: string) =>
  [...new Set(list.split(',').filter(Boolean).map(Number))].sort((a, b) => a - b).join(',');

/** The portal's index of kept weeks: a field per entry, `lastRead:bytes`. */
const indexKey = (baseUrl: string) => `staffing-week-index:v1:${digest(baseUrl)}`;

/** Records an entry's use; past the portal's caps drops the least recently read entries. */
async function keepWithinCaps(baseUrl: string, key: string, bytes: number): Promise<void> {
  const store = stateStore();
  const index = indexKey(baseUrl);
  await store.setField(index, key, `${Date.now()}:${bytes}`, KEPT_MS);
  const entries = Object.entries(await store.getFields(index))
    .map(([k, v]) => ({ k, at: Number(v.split(':')[0]), bytes: Number(v.split(':')[1]) || 0 }))
    .sort((a, b) => a.at - b.at);
  let total = entries.reduce((n, e) => n + e.bytes, 0);
  let count = entries.length;
  for (const e of entries) {
    if (count <= MAX_WEEKS_PER_PORTAL && total <= MAX_BYTES_PER_PORTAL) break;
    if (e.k === key) continue;
    await store.delete(e.k);
    await store.setField(index, e.k, null, KEPT_MS);
    total -= e.bytes;
    count--;
  }
}

/**
 * The rows of one past week, deleted (hidden) versions included: read whole the first time (`query`, which must ask for `id`,
 * `lastModified` and `hidden` and send `includeHidden=true`), after that only what changed since
 * the highest `lastModified` kept, merged by id. A store that cannot be read or written costs a
 * whole read, never a wrong answer.
 */
export async function pastWeekRows(
  baseUrl: string,
  query: URLSearchParams,
  read: (query: URLSearchParams) => Promise<PartnerRecord[]>,
): Promise<{ rows: PartnerRecord[]; incremental: boolean }> {
  const key = weekKey(baseUrl, query);
  const store = stateStore();
  let kept: Kept | null = null;
  try {
    const text = await store.get(key);
    if (text) kept = JSON.parse(text) as Kept;
  } catch {
    kept = null;
  }
  let records;
  let incremental = false;
  if (kept && Array.isArray(kept.rows) && typeof kept.highest === 'number') {
    const since = new URLSearchParams(query);
    since.set('modifiedSince', String(kept.highest));
    const changes = await read(since);
    records = mergeDelta(fromFullRead(kept.rows as PartnerRecord[]), changes as PartnerRecord[]);
    incremental = true;
  } else records = fromFullRead((await read(query)) as PartnerRecord[]);
  const rows = [...records.byId.values()] as PartnerRecord[];
  const text = JSON.stringify({ rows, highest: records.highest } satisfies Kept);
  await store
    .set(key, text, KEPT_MS)
    .then(() => keepWithinCaps(baseUrl, key, text.length))
    .catch(() => undefined);
  return { rows, incremental };
}
