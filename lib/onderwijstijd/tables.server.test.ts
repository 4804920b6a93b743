import { describe, expect, it } from 'vitest';
import type { ListAnswer } from '@/lib/partner-api/client.server';
import { lessonOf } from '../../tests/support/lesson-rows';
import { serverTestEnv } from '../../tests/support/server-env';
import { tableOf, type TablesReply } from './tables.worker';
import { VersionTable, visitCodes, type VisitCodes } from './version-table';

// A visit's reads made tables on the parsing thread: the thread numbers codes its own way, and the
// tables the visit counts must be the ones it would have made itself — also once the server's
// thread has numbered a code of its own (a klas counted as one), and when the thread fails.

serverTestEnv('onderwijstijd-tables');
const { VisitTables } = await import('./tables.server');

const TYPES = ['lesson'];
const bytesOf = (data: unknown[], status = 200): ListAnswer => ({
  bytes: Buffer.from(JSON.stringify({ response: { status, data } })),
  headStatus: 200,
});

/** The parsing thread as tables.worker.ts answers, in this thread: its own codes per visit. */
function fakeThread({ failOn = -1 } = {}) {
  const visits = new Map<string, VisitCodes>();
  let calls = 0;
  return {
    parse(visit: string, answer: ListAnswer): Promise<TablesReply> {
      const call = calls++;
      const codes = visits.get(visit) ?? visits.set(visit, visitCodes()).get(visit)!;
      const text = 'text' in answer ? answer.text : Buffer.from(answer.bytes).toString('utf8');
      if (call === failOn) return Promise.reject(new Error('parsing thread ended (1)'));
      const made = tableOf(text, TYPES, codes);
      return Promise.resolve(
        typeof made === 'string' ? { id: call, ok: false, reason: made } : { id: call, ok: true, ...made },
      );
    },
    end: (visit: string) => void visits.delete(visit),
    visits,
  };
}

/** No thread to be had (as in vitest itself): every read is parsed on this thread. */
const noThread = { parse: () => null, end: () => undefined };

/** A table's students per version, by code: what the counting reads of it. */
const studentsByCode = (t: VersionTable) =>
  Array.from({ length: t.size }, (_, i) => [...t.studentsOf(i)].map((s) => t.codes.students.list[s]));
const groupsByCode = (t: VersionTable) =>
  Array.from({ length: t.size }, (_, i) => [...t.groupsOf(i)].map((g) => t.codes.groups.list[g]));

const reads = [
  [lessonOf(1, 1_000, 1, { students: ['s1', 's2'], groups: ['1a'] }), lessonOf(2, 2_000, 1, { students: ['s3'] })],
  [lessonOf(3, 9_000, 1, { students: ['s2', 's4'], groups: ['1b'] }), lessonOf(4, 9_500, 1, { students: null })],
  [lessonOf(5, 19_000, 1, { students: ['s5', 's1'], groups: ['1c'] })],
];

describe('tables made on the parsing thread', () => {
  it('are the tables this thread would make, also after it numbered a code of its own', async () => {
    const codes = visitCodes();
    const tables = new VisitTables(codes, TYPES, fakeThread());
    const first = (await tables.table(bytesOf(reads[0]!)))!;
    // The counting numbers a klas counted as one (the groups rule) between two reads.
    codes.students.of('#1a');
    const second = (await tables.table(bytesOf(reads[1]!)))!;
    const third = (await tables.table(bytesOf(reads[2]!)))!;

    const mine = visitCodes();
    const straight = reads.map((rows) => VersionTable.from(rows, TYPES, mine));
    for (const [i, table] of [first, second, third].entries()) {
      expect(studentsByCode(table)).toEqual(studentsByCode(straight[i]!));
      expect(groupsByCode(table)).toEqual(groupsByCode(straight[i]!));
    }
    expect([...second.id]).toEqual([3, 4]);
    expect(tables.where).toEqual({ thread: 3, here: 0 });
  });

  it('keeps two visits at once apart on one thread, and lets each one’s codes go when it is over', async () => {
    const thread = fakeThread();
    const a = new VisitTables(visitCodes(), TYPES, thread);
    const b = new VisitTables(visitCodes(), TYPES, thread);
    const [a1, b1] = await Promise.all([a.table(bytesOf(reads[0]!)), b.table(bytesOf(reads[2]!))]);
    const [b2, a2] = await Promise.all([b.table(bytesOf(reads[1]!)), a.table(bytesOf(reads[1]!))]);
    const straight = (rows: (typeof reads)[number]) => studentsByCode(VersionTable.from(rows, TYPES, visitCodes()));
    expect(studentsByCode(a1!)).toEqual(straight(reads[0]!));
    expect(studentsByCode(b1!)).toEqual(straight(reads[2]!));
    expect(studentsByCode(a2!)).toEqual(straight(reads[1]!));
    expect(studentsByCode(b2!)).toEqual(straight(reads[1]!));
    expect(thread.visits.size).toBe(2);
    a.end();
    b.end();
    expect(thread.visits.size).toBe(0);
    // A read of a visit that is over (a failed visit's reads still in flight) goes nowhere.
    await expect(a.table(bytesOf(reads[0]!))).rejects.toThrow(/over/);
    expect(thread.visits.size).toBe(0);
  });

  it('asks for a read again when the thread fails with its answer, then parses here', async () => {
    const tables = new VisitTables(visitCodes(), TYPES, fakeThread({ failOn: 0 }));
    expect(await tables.table(bytesOf(reads[0]!))).toBeNull();
    const again = (await tables.table(bytesOf(reads[0]!)))!;
    expect([...again.id]).toEqual([1, 2]);
    expect(tables.where).toEqual({ thread: 0, here: 1 });
  });

  it.each([
    ['on the thread', fakeThread],
    ['here', () => noThread],
  ])('refuses, %s, an answer that says another status after its data, and one that is no list', async (_, make) => {
    const tables = new VisitTables(visitCodes(), TYPES, make());
    const after = (status: number) => ({
      bytes: Buffer.from(`{"response":{"status":200,"data":[],"status":${status},"message":"Token expired"}}`),
      headStatus: 200,
    });
    await expect(tables.table(after(500))).rejects.toMatchObject({ kind: 'not-partner-api' });
    // A 401 among them is a refused token, as the client says of every answer.
    await expect(tables.table(after(401))).rejects.toMatchObject({ kind: 'upstream', info: { status: 401 } });
    await expect(tables.table({ text: '{"response":{"status":200}}', headStatus: null })).rejects.toThrow(
      /appointments/,
    );
    await expect(tables.table(bytesOf(reads[0]!))).resolves.toBeInstanceOf(VersionTable);
  });

  it('counts the records neither thread can read, and leaves them out', async () => {
    for (const thread of [fakeThread(), noThread]) {
      const tables = new VisitTables(visitCodes(), TYPES, thread);
      const table = (await tables.table(bytesOf([...reads[0]!, 'not a record', null])))!;
      expect(table.unreadable).toBe(2);
      expect(table.size).toBe(reads[0]!.length);
    }
  });
});
