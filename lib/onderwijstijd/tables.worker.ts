import { isAscii } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { readRecord } from '@/lib/partner-api/schemas';
import type { CatalogRecord } from '@/lib/partner-api/records';
import { VersionTable, visitCodes, type VersionColumns, type VisitCodes } from './version-table';

// The thread that turns a read's answer into a table of numbers (issue 48), so the server's own
// thread counts one read while the next is parsed: JSON.parse of a school year's answers (34 MB at
// scale 1) was a quarter of a first visit, all of it on the thread that also counts, keeps and
// answers. Started by tables.server.ts (docs/decisions/0005-answers-parsed-on-a-worker.md). Each
// visit has codes of its own here; the server maps them to its own numbers as tables arrive.

/** A read's answer to parse for a visit; `end` lets a visit's codes go. */
export type TablesRequest =
  | { kind: 'parse'; id: number; visit: string; answer: { bytes: Uint8Array } | { text: string }; types: string[] }
  | { kind: 'end'; visit: string };

export type TablesReply =
  | {
      id: number;
      ok: true;
      columns: VersionColumns;
      texts: string[];
      /** The envelope without its data, as parsed (JSON keeps the last of two statuses): the server holds it to the head's. */
      envelope: { response: Record<string, unknown> };
      /** Codes first seen in this read, numbered from `from` on (this thread's numbers for the visit). */
      students: { from: number; codes: string[] };
      groups: { from: number; codes: string[] };
      unreadable: number;
    }
  | { id: number; ok: false; reason: 'not-json' | 'no-records' };

const visits = new Map<string, VisitCodes>();

/** An answer's text: as latin1 (a plain copy) when it is ASCII, as it nearly always is, else as UTF-8. */
export function textOf(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString(isAscii(buffer) ? 'latin1' : 'utf8');
}

/**
 * How tables.server.ts starts this thread (`workerData.role`; an object, as Turbopack adds its own
 * fields to it): the thread answers only then, not when imported in another's, such as a test runner's.
 */
export const TABLES_THREAD = 'onderwijstijd-tables';

type Made = Omit<TablesReply & { ok: true }, 'id' | 'ok'>;

/**
 * A read's table from its answer's text, in this thread's numbering for the visit (`codes`): the
 * records read as `readList` reads them (an unreadable record left out and counted), the codes first
 * seen in it named in order.
 */
export function tableOf(text: string, types: string[], codes: VisitCodes): Made | 'not-json' | 'no-records' {
  let body: { response?: { data?: unknown; status?: unknown } } | null;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return 'not-json';
  }
  const data = body?.response?.data;
  if (!Array.isArray(data)) return 'no-records';
  const rows: CatalogRecord<'appointments'>[] = [];
  let unreadable = 0;
  for (const record of data) {
    const row = readRecord('appointments', record);
    if (row) rows.push(row);
    else unreadable++;
  }
  const from = { students: codes.students.size, groups: codes.groups.size };
  const table = VersionTable.from(rows, types, codes);
  return {
    ...table.columns(),
    envelope: { response: { ...body!.response!, data: undefined } },
    students: { from: from.students, codes: codes.students.list.slice(from.students) },
    groups: { from: from.groups, codes: codes.groups.list.slice(from.groups) },
    unreadable,
  };
}

if ((workerData as { role?: string } | null)?.role === TABLES_THREAD)
  parentPort?.on('message', (message: TablesRequest) => {
    if (message.kind === 'end') {
      visits.delete(message.visit);
      return;
    }
    const codes = visits.get(message.visit) ?? visits.set(message.visit, visitCodes()).get(message.visit)!;
    const { answer } = message;
    const text = 'text' in answer ? answer.text : textOf(answer.bytes);
    const made = tableOf(text, message.types, codes);
    if (typeof made === 'string') {
      parentPort!.postMessage({ id: message.id, ok: false, reason: made } satisfies TablesReply);
      return;
    }
    const reply: TablesReply = { id: message.id, ok: true, ...made };
    parentPort!.postMessage(
      reply,
      Object.values(made.columns).map((c: ArrayBufferView) => c.buffer as ArrayBuffer),
    );
  });
