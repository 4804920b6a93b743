import 'server-only';
import { processSingleton } from './singleton';

// Progress of streamed exports, for the page to show "week 3 of 10" (and which week failed).

export interface ExportProgress {
  done: number;
  total: number;
  finished: boolean;
  failed?: { part: string; message: string; eventId?: number | string | null };
  at: number;
}

const progress = processSingleton('export-progress', () => new Map<string, ExportProgress>());

export function setProgress(id: string | undefined, value: Omit<ExportProgress, 'at'>) {
  if (!id) return;
  progress.set(id, { ...value, at: Date.now() });
  for (const [k, v] of progress) if (Date.now() - v.at > 3_600_000) progress.delete(k);
}

export function getProgress(id: string): ExportProgress | undefined {
  return progress.get(id);
}
