import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readList, type PortalTarget } from '@/lib/partner-api/client.server';
import { fieldSpec } from '@/lib/partner-api/catalog';
import { ownValue } from '@/lib/partner-api/records';
import { csvLines, BOM } from './csv';
import { exportStream } from './export-stream.server';
import { formatCell, type TableT } from './format';

// The streamed export writes each week as its answer arrives, a chunk of records at a time; the
// file must be byte for byte the one written from each week read whole (readList), and a week that
// breaks off must fail the export, naming the week.

// The transport's process-wide breaker reads the server's environment.
Object.assign(process.env, {
  SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop',
  ALLOWED_PORTAL_ORIGINS: 'http://127.0.0.1',
});

const FIELDS = ['id', 'start', 'end', 'teachers', 'cancelled', 'changeDescription', 'lastModified'];
const ZONE = 'Europe/Amsterdam';
const t = ((key: string, values?: Record<string, string>) =>
  key === 'values.yes' ? 'ja' : key === 'values.no' ? 'nee' : `${key} ${JSON.stringify(values ?? {})}`) as TableT;

/** A week's answer: messy on purpose (milliseconds, numeric strings, nulls in lists, an unreadable record). */
function week(n: number, size: number): string {
  const data = Array.from({ length: size }, (_, i) => {
    const id = n * 10_000 + i;
    if (i % 251 === 7) return { id: { bad: true } };
    return {
      id,
      start: i % 3 ? 1_794_817_800 + i * 60 : (1_794_817_800 + i * 60) * 1000,
      end: String(1_794_820_500 + i * 60),
      teachers: i % 5 ? ['abc', null, `t${i % 7}`] : [],
      cancelled: i % 4 === 0 ? 1 : false,
      changeDescription: i % 6 ? `=cmd, "quoted"; é ${'x'.repeat(i % 40)}\n2nd line` : null,
      lastModified: 1_794_817_800 + i,
    };
  });
  return JSON.stringify({ response: { status: 200, message: '', eventId: 0, totalRows: size, data } });
}

const parts = [
  { label: 'week 1', start: 1, end: 2, size: 3000 },
  { label: 'week 2 (holiday)', start: 2, end: 3, size: 0 },
  { label: 'week 3', start: 3, end: 4, size: 40 },
  { label: 'week 4', start: 4, end: 5, size: 2500 },
];
let server: Server;
let target: PortalTarget;
let breakAt: number | null = null;
/** The week whose answer's second half waits until the next week is asked for (read ahead). */
let holdAt: number | null = null;
let asked: number[] = [];
const askedFor = new Map<number, () => void>();
/** The week whose answer stops before its end and never goes on. */
let stallAt: number | null = null;
/** The weeks whose answers the portal saw let go before their end. */
const letGo = new Set<number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const start = Number(new URL(req.url!, 'http://x').searchParams.get('start'));
    asked.push(start);
    askedFor.get(start)?.();
    res.on('close', () => {
      if (!res.writableFinished) letGo.add(start);
    });
    const body = week(start, parts.find((p) => p.start === start)!.size);
    if (stallAt === start) {
      // A small week stalls before its answer opened (its head never whole); a large one after its
      // first records (its length declared, so it is passed on once its head is in).
      if (body.length < 65_536) return void res.writeHead(200).write(body.slice(0, -2));
      return void res.writeHead(200, { 'content-length': String(Buffer.byteLength(body)) }).write(body.slice(0, 3000));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    // Sent in small pieces, as a portal's large answer arrives.
    const pieces = body.match(/[^]{1,7000}/g) ?? [];
    const cut = breakAt === start ? Math.floor(pieces.length / 2) : pieces.length;
    let i = 0;
    const next = () => {
      if (i === cut) return cut < pieces.length ? res.socket?.destroy() : res.end();
      if (holdAt === start && i === Math.floor(pieces.length / 2) && !asked.includes(start + 1)) {
        // Goes on once the next week is asked for (a reader that asks only after this one ends waits for ever).
        askedFor.set(start + 1, () => setImmediate(next));
        return;
      }
      res.write(pieces[i++]);
      setImmediate(next);
    };
    next();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, trust: 'listed', token: 'x' };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const plan = (format: 'human' | 'raw') => ({
  resource: 'appointments' as const,
  target,
  query: new URLSearchParams({ fields: FIELDS.join(',') }),
  fields: FIELDS,
  parts,
  delimiter: ';' as const,
  bom: true,
  format,
  zone: ZONE,
  timeoutMs: 5000,
  t,
});

describe('the streamed export', () => {
  it('writes byte for byte the file written from each week read whole, in either format', async () => {
    for (const format of ['human', 'raw'] as const) {
      const types = FIELDS.map((f) => fieldSpec('appointments', f)?.type);
      let expected = BOM + csvLines([FIELDS], ';');
      for (const part of parts) {
        const query = new URLSearchParams({
          fields: FIELDS.join(','),
          start: String(part.start),
          end: String(part.end),
        });
        const { rows } = await readList(target, 'appointments', query, { breaker: null });
        expected += csvLines(
          rows.map((r) => FIELDS.map((f, i) => formatCell(ownValue(r, f), types[i], format, ZONE, t))),
          ';',
        );
      }
      const chunks: Uint8Array[] = [];
      for await (const chunk of exportStream(plan(format)) as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
      expect(chunks.length).toBeGreaterThan(parts.length + 1); // a week in several chunks
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
      expect(expected.split('\r\n').length).toBeGreaterThan(5000);
    }
  });

  it('asks for the next week while one is written, and lets it go when the export is cancelled', async () => {
    holdAt = 1;
    asked = [];
    try {
      // The portal finishes week 1 only once week 2 was asked for: the export ends only if it reads ahead.
      const whole = await new Response(exportStream(plan('raw'))).text();
      expect(whole.split('\r\n').length).toBeGreaterThan(5000);
      expect(asked).toEqual([1, 2, 3, 4]);
    } finally {
      holdAt = null;
    }
    // Cancelled once week 1 was written: week 2, asked for ahead and still opening, is let go (its connection closed).
    letGo.clear();
    stallAt = 2;
    try {
      const reader = exportStream(plan('raw')).getReader();
      await reader.read(); // the header line
      await reader.read(); // week 1: week 2 is asked for
      await expect.poll(() => asked.filter((w) => w === 2).length, { timeout: 4_000 }).toBe(2);
      await reader.cancel();
      await expect.poll(() => letGo.has(2), { timeout: 4_000 }).toBe(true);
    } finally {
      stallAt = null;
    }
  });

  it('lets go at once of a week that stalls while it is written, when the export is cancelled', async () => {
    letGo.clear();
    stallAt = 1;
    try {
      const reader = exportStream(plan('raw')).getReader();
      await reader.read(); // the header line
      await reader.read(); // week 1's first records; the rest never comes
      await reader.cancel();
      await expect.poll(() => letGo.has(1), { timeout: 4_000 }).toBe(true);
    } finally {
      stallAt = null;
    }
  });

  it('fails the export, naming the week, when a week’s answer breaks off part-way', async () => {
    breakAt = 4;
    try {
      let done = 0;
      const read = () => new Response(exportStream({ ...plan('human'), onDone: () => done++ })).arrayBuffer();
      await expect(read()).rejects.toThrow(/stream\.failedAt .*week 4/);
      expect(done).toBe(1);
    } finally {
      breakAt = null;
    }
  });
});
