import 'server-only';
import type { ExportProgress } from '@/lib/api/contract';
import { stateStore } from '@/lib/platform/state/state.server';

// Progress of streamed exports, for the page to show "week 3 of 10" (and which week failed). In the
// state store, so the page may ask any instance.

export type { ExportProgress };

const HOUR_MS = 3_600_000;
const key = (id: string) => `export-progress:${id}`;

/** Progress belongs to the connection that started the export: no other session reads or overwrites it. */
export const progressKey = (connectionId: string, exportId: string) => `${connectionId}:${exportId}`;

export async function setProgress(id: string | undefined, value: Omit<ExportProgress, 'at'>): Promise<void> {
  if (!id) return;
  await stateStore().set(key(id), JSON.stringify({ ...value, at: Date.now() }), HOUR_MS);
}

export async function getProgress(id: string): Promise<ExportProgress | undefined> {
  const raw = await stateStore().get(key(id));
  return raw === null ? undefined : (JSON.parse(raw) as ExportProgress);
}
