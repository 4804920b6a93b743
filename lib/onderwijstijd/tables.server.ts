import 'server-only';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { apiText } from '@/lib/api/api-text';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { secondStatus, type ListAnswer } from '@/lib/partner-api/client.server';
import { log } from '@/lib/platform/log.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import { TABLES_THREAD, tableOf, textOf, type TablesReply, type TablesRequest } from './tables.worker';
import { VersionTable, type VisitCodes } from './version-table';

// A visit's reads made into tables of numbers on the parsing thread (tables.worker.ts), so this
// thread counts one read while the next is parsed (docs/decisions/0005-answers-parsed-on-a-worker.md).
// Where no thread can be started — the sources run as they are (vitest), or the thread failed — a
// read is parsed here, the same way: the answer is the same either way, only where the work runs differs.

/**
 * The parsing thread, bundled by Next (Turbopack bundles `new Worker(new URL(…))` with its imports);
 * null where the sources run unbundled, or when it cannot start.
 */
function startThread(): Worker | null {
  // Outside Next's server (vitest runs the sources as written) there is no bundled thread to start;
  // Next names its runtime in every server it runs (`next start`, the standalone server, `next dev`).
  if (!process.env.NEXT_RUNTIME) return null;
  try {
    // Written in one expression, as Turbopack looks for it to bundle the thread's module.
    const worker = new Worker(new URL('./tables.worker.ts', import.meta.url), { workerData: { role: TABLES_THREAD } });
    worker.unref();
    return worker;
  } catch {
    return null;
  }
}

interface Pending {
  resolve: (reply: TablesReply) => void;
  reject: (error: Error) => void;
}

/** How long the thread may take over one read before it is ended. */
const ANSWER_WITHIN_MS = 30_000;

/** What a visit asks of the parsing thread (a test gives one of its own). */
export interface TablesThread {
  /** The thread's reply, or null where there is no thread. */
  parse(visit: string, answer: ListAnswer, types: readonly string[]): Promise<TablesReply> | null;
  end(visit: string): void;
}

/** The process's parsing thread: started when first needed, started anew after it fails. */
class ParsingThread implements TablesThread {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker | null {
    const worker = startThread();
    if (!worker) return null;
    worker.on('message', (reply: TablesReply) => {
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      p?.resolve(reply);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      log.warn({ err: error.message }, 'onderwijstijd parsing thread failed');
      this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`parsing thread ended (${code})`)));
    return worker;
  }

  /** The thread's reply, or null where there is no thread. An answer's bytes move to the thread, not copied. */
  parse(visit: string, answer: ListAnswer, types: readonly string[]): Promise<TablesReply> | null {
    this.worker ??= this.start();
    const worker = this.worker;
    if (!worker) return null;
    const id = this.next++;
    const bytes = 'bytes' in answer ? ownBuffer(answer.bytes) : null;
    const sent = bytes ? { bytes } : { text: (answer as { text: string }).text };
    return new Promise<TablesReply>((resolve, reject) => {
      // A thread that lives on but does not answer is ended (its reads are read again here): a
      // read parses in milliseconds, so this is far past any answer.
      const timer = setTimeout(() => void worker.terminate(), ANSWER_WITHIN_MS).unref();
      this.pending.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage(
        { kind: 'parse', id, visit, answer: sent, types: [...types] } satisfies TablesRequest,
        bytes ? [bytes.buffer as ArrayBuffer] : [],
      );
    });
  }

  end(visit: string) {
    this.worker?.postMessage({ kind: 'end', visit } satisfies TablesRequest);
  }
}

/** Bytes over a buffer of their own, to move to the thread (a small Buffer shares Node's pool with others). */
const ownBuffer = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

const processThread = () => processSingleton('onderwijstijd-parsing-thread', () => new ParsingThread());

/** What an answer that is no list of records is called (as readList calls it). */
function unreadable(reason: 'not-json' | 'no-records'): PartnerApiError {
  return reason === 'no-records'
    ? new PartnerApiError('not-partner-api', apiText('partner.noRecords', { resource: 'appointments' }))
    : new PartnerApiError('not-partner-api', apiText('partner.notJson'), { details: apiText('partner.checkApiPath') });
}

/**
 * One visit's tables: each read's answer (its text, its envelope already judged by the client) made
 * into a table whose codes are the visit's. `where` says where the parsing ran.
 */
export class VisitTables {
  /** Unique in the process (route handlers and pages are bundled apart, and share the thread). */
  private readonly visit = randomUUID();
  /** Once over, no read of it goes to the thread (a failed visit's reads still in flight). */
  private ended = false;
  /** The thread's numbers for this visit's codes, as this thread's (`codes`). */
  private readonly students: number[] = [];
  private readonly groups: number[] = [];
  /** Whether the two threads' numbers have parted (then every column is rewritten). */
  private readonly renumbered = { students: false, groups: false };
  /** Once the thread failed during the visit, the rest of its reads are parsed here. */
  private here = false;
  readonly where = { thread: 0, here: 0 };

  constructor(
    private readonly codes: VisitCodes,
    private readonly types: readonly string[],
    private readonly thread: TablesThread = processThread(),
  ) {}

  /**
   * A read's table, from its answer as the client passed it on (its bytes, or its text), with the
   * status its envelope's head said (null when the client parsed it already): a body that says
   * another after its data is not trusted. Null when the thread failed with the answer (its bytes
   * went with it): the read is to be read again, and is then parsed here.
   */
  async table(answer: ListAnswer): Promise<VersionTable | null> {
    if (this.ended) throw new Error('the visit is over');
    const asked = this.here ? null : this.thread.parse(this.visit, answer, this.types);
    if (!asked) {
      // The thread's own reading, run here: the codes are this visit's from the start.
      this.where.here++;
      const made = tableOf('text' in answer ? answer.text : textOf(answer.bytes), [...this.types], this.codes);
      if (typeof made === 'string') throw unreadable(made);
      const second = answer.headStatus === null ? null : secondStatus(answer.headStatus, made.envelope);
      if (second) throw second;
      return VersionTable.fromColumns(this.codes, this.types, made);
    }
    let reply: TablesReply;
    try {
      reply = await asked;
    } catch {
      // The thread failed: its numbering for this visit, and this answer, are gone with it.
      this.here = true;
      return null;
    }
    if (!reply.ok) throw unreadable(reply.reason);
    const second = answer.headStatus === null ? null : secondStatus(answer.headStatus, reply.envelope);
    if (second) throw second;
    this.where.thread++;
    return VersionTable.fromColumns(this.codes, this.types, {
      columns: {
        ...reply.columns,
        students: this.mapped(reply.columns.students, this.students, reply.students, 'students'),
        groups: this.mapped(reply.columns.groups, this.groups, reply.groups, 'groups'),
      },
      texts: reply.texts,
      unreadable: reply.unreadable,
    });
  }

  /**
   * The thread's numbers of a column as this visit's, its new codes numbered here first. Both
   * number codes in the order first seen, so the numbers are the same unless this thread numbered
   * codes of its own (a klas counted as one under the groups rule): only then is the column rewritten.
   */
  private mapped(
    column: Int32Array,
    to: number[],
    added: { from: number; codes: string[] },
    kind: 'students' | 'groups',
  ): Int32Array {
    added.codes.forEach((code, i) => {
      to[added.from + i] = this.codes[kind].of(code);
      if (to[added.from + i] !== added.from + i) this.renumbered[kind] = true;
    });
    if (this.renumbered[kind]) for (let i = 0; i < column.length; i++) column[i] = to[column[i]!]!;
    return column;
  }

  /** The visit is over: the thread lets its codes go, and gets nothing more of it. */
  end() {
    this.ended = true;
    if (!this.here) this.thread.end(this.visit);
  }
}
