import 'server-only';
import { ownValue } from '@/lib/partner-api/records';
import { readListBatches, type PortalTarget } from '@/lib/partner-api/client.server';
import { fieldSpec, type ResourceName } from '@/lib/partner-api/catalog';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { csvLines, BOM, type Delimiter } from '@/lib/csv/csv';
import { formatCell, type CellFormat, type TableT } from '@/lib/csv/format';
import { setProgress } from './export-progress.server';
export { weekParts } from '@/lib/csv/week-parts';

// A CSV written while the portal is read part by part (a week of appointments at a time), so
// memory stays flat whatever the range. A failure part-way errors the stream: the download fails
// instead of ending in a file that looks complete, and the progress names the part that failed.
// The next week is asked for as soon as one opened, so the portal makes it while this one is
// written (its bytes wait in the socket until it is read): at most two of an export's weeks are
// open at once, and one no longer wanted is let go. A week is written whole once begun (a week's
// CSV is about 100 KB); the reader's backpressure acts between weeks.

export interface ExportPlan {
  resource: ResourceName;
  target: PortalTarget;
  query: URLSearchParams;
  fields: string[];
  /** Appointment windows (Unix seconds) with their week's name; one unnamed part for other endpoints. */
  parts: { label: string; start?: number; end?: number }[];
  delimiter: Delimiter;
  bom: boolean;
  format: CellFormat;
  zone: string;
  timeoutMs: number;
  exportId?: string;
  /** The `table` messages in the request's language (the stream runs on after the handler returned). */
  t: TableT;
  /** Called once when the stream ends: finished, failed or cancelled (frees its heavy-read slot). */
  onDone?: () => void;
}

interface PartRead {
  index: number;
  read: ReturnType<typeof readListBatches>;
  cancel: AbortController;
}

/** A part's read no longer wanted: its call let go if it has not opened yet, else its answer. */
function letGo(part: PartRead | null): void {
  part?.cancel.abort();
  part?.read.then(
    (opened) => opened.stop(),
    () => undefined,
  );
}

export function exportStream(plan: ExportPlan): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const types = plan.fields.map((f) => fieldSpec(plan.resource, f)?.type);
  let index = 0;
  let cancelled = false;
  /** The part being read, and the next one, opened while the current one is written. */
  let current: PartRead | null = null;
  let ahead: PartRead | null = null;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      await setProgress(plan.exportId, { done: 0, total: plan.parts.length, finished: false });
      controller.enqueue(encoder.encode((plan.bom ? BOM : '') + csvLines([plan.fields], plan.delimiter)));
    },
    // A pull that enqueues nothing is not called again, so read on past empty weeks (holidays).
    async pull(controller) {
      for (;;) {
        if (cancelled) return;
        const enqueued = await readPart(controller);
        if (enqueued) return;
      }
    },
    async cancel() {
      cancelled = true;
      // Let go at once, even of a portal that stalled mid-week or before its answer began.
      letGo(current);
      letGo(ahead);
      plan.onDone?.();
      await setProgress(plan.exportId, {
        done: index,
        total: plan.parts.length,
        finished: true,
        failed: { part: plan.parts[index]?.label ?? '', message: plan.t('stream.cancelled') },
      });
    },
  });

  /** Reads the next part; true once something was enqueued or the stream ended. */
  async function readPart(controller: ReadableStreamDefaultController<Uint8Array>): Promise<boolean> {
    const part = plan.parts[index];
    if (!part) {
      plan.onDone?.();
      await setProgress(plan.exportId, { done: index, total: plan.parts.length, finished: true });
      controller.close();
      return true;
    }
    try {
      // The week is written as its answer arrives, a chunk of records at a time: a week's text and
      // objects are never held whole.
      current = ahead?.index === index ? ahead : openPart(index);
      ahead = null;
      const { batches } = await current.read;
      if (index + 1 < plan.parts.length && !cancelled) ahead = openPart(index + 1);
      let written = false;
      for await (const { rows } of batches) {
        if (cancelled) return true;
        const lines = csvLines(
          rows.map((r) =>
            plan.fields.map((f, i) => formatCell(ownValue(r, f), types[i], plan.format, plan.zone, plan.t)),
          ),
          plan.delimiter,
        );
        if (lines) {
          controller.enqueue(encoder.encode(lines));
          written = true;
        }
      }
      index++;
      await setProgress(plan.exportId, { done: index, total: plan.parts.length, finished: false });
      return written;
    } catch (error) {
      if (cancelled) return true; // cancel() has said so, and let go of both reads
      letGo(ahead);
      plan.onDone?.();
      const message = error instanceof Error ? error.message : plan.t('stream.portalFailed');
      await setProgress(plan.exportId, {
        done: index,
        total: plan.parts.length,
        finished: true,
        failed: { part: part.label, message, eventId: error instanceof PartnerApiError ? error.info.eventId : null },
      });
      controller.error(new Error(plan.t('stream.failedAt', { part: part.label, message })));
      return true;
    }
  }

  /** Opens a part's read, with its own way to be let go before it opened. */
  function openPart(index: number): PartRead {
    const part = plan.parts[index]!;
    const query = new URLSearchParams(plan.query);
    if (part.start !== undefined) query.set('start', String(part.start));
    if (part.end !== undefined) query.set('end', String(part.end));
    const cancel = new AbortController();
    const read = readListBatches(plan.target, plan.resource, query, {
      timeoutMs: plan.timeoutMs,
      cancel: cancel.signal,
    });
    // A failure is thrown where the part is read; a part read ahead never fails unheard.
    read.catch(() => undefined);
    return { index, read, cancel };
  }
}
