import 'server-only';
import { createHash } from 'node:crypto';
import type { PartnerRecord } from '@/lib/partner-api/schemas';
import { stateStore } from '@/lib/platform/state/state.server';
import { fromFullRead, mergeDelta } from '@/lib/timetable/merge';

// Past weeks read once (issue 32 §4): a past week's appointments for the staffing figures are
// kept per portal and exact query in the state store (shared by instances through Redis), and a
// re-read asks the portal only for what changed since, as the spec prescribes for incremental
// reading: the same parameters each time with `includeHidden=true`, and `modifiedSince` = the
// highest `lastModified` received (a deleted version comes back hidden and replaces its row).
// A range read again costs a small incremental read per week instead of the whole school's week.

type Raw = Record<string, unknown>;

/** How long a week is kept after its last read. */
const KEPT_MS = 14 * 24 * 60 * 60 * 1000;

interface Kept {
  rows: Raw[];
  highest: number | null;
}

/** The store's key: the portal and the exact query (never the token), as a digest. */
export function weekKey(baseUrl: string, query: URLSearchParams): string {
  const sorted = new URLSearchParams([...query].sort(([a], [b]) => a.localeCompare(b)));
  return `staffing-week:v1:${createHash('sha256').update(baseUrl).update('\n').update(sorted.toString()).digest('base64url')}`;
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
  read: (query: URLSearchParams) => Promise<Raw[]>,
): Promise<{ rows: Raw[]; incremental: boolean }> {
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
  const rows = [...records.byId.values()] as Raw[];
  await store
    .set(key, JSON.stringify({ rows, highest: records.highest } satisfies Kept), KEPT_MS)
    .catch(() => undefined);
  return { rows, incremental };
}
