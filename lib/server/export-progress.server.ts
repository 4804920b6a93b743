import 'server-only';
import type { ExportProgress } from '@/lib/api/contract';
import { processSingleton } from './singleton.server';

// Progress of streamed exports, for the page to show "week 3 of 10" (and which week failed).

export type { ExportProgress };

const progress = processSingleton('export-progress', () => new Map<string, ExportProgress>());

export function setProgress(id: string | undefined, value: Omit<ExportProgress, 'at'>) {
  if (!id) return;
  progress.set(id, { ...value, at: Date.now() });
  for (const [k, v] of progress) if (Date.now() - v.at > 3_600_000) progress.delete(k);
}

/** Progress belongs to the connection that started the export: no other session reads or overwrites it. */
export const progressKey = (connectionId: string, exportId: string) => `${connectionId}:${exportId}`;

export function getProgress(id: string): ExportProgress | undefined {
  return progress.get(id);
}
