import type { Row } from './types';

// Appointment versions, bucketed by (UTC) week of their start so a week's window reads only its
// bucket; by id for changes. The highest lastModified is kept for the change clock.

const WEEK = 7 * 86_400;
/** 1970-01-01 was a Thursday; shift so buckets start on Monday 00:00 UTC. */
const bucketOf = (t: number) => Math.floor((t + 3 * 86_400) / WEEK);

export class AppointmentStore {
  private readonly buckets = new Map<number, Row[]>();
  private readonly byId = new Map<number, Row>();
  private maxModified = 0;
  private count = 0;

  constructor(rows: Iterable<Row> = []) {
    for (const row of rows) this.add(row);
  }

  get size(): number {
    return this.count;
  }

  get highestLastModified(): number {
    return this.maxModified;
  }

  add(row: Row): void {
    const bucket = bucketOf(row.start as number);
    let list = this.buckets.get(bucket);
    if (!list) this.buckets.set(bucket, (list = []));
    list.push(row);
    this.byId.set(row.id as number, row);
    this.count++;
    this.noteModified(row);
  }

  get(id: number): Row | undefined {
    return this.byId.get(id);
  }

  /** Applies a change in place (never to `start`, which places the row in its bucket). */
  update(id: number, patch: Row): Row {
    const row = this.byId.get(id);
    if (!row) throw new Error(`no appointment ${id}`);
    if ('start' in patch && patch.start !== row.start) throw new Error('start changes make a new version');
    Object.assign(row, patch);
    this.noteModified(row);
    return row;
  }

  /** Versions starting in [start, end). */
  *inWindow(start: number, end: number): Generator<Row> {
    if (end <= start) return;
    for (let b = bucketOf(start); b <= bucketOf(end - 1); b++) {
      for (const row of this.buckets.get(b) ?? []) {
        const t = row.start as number;
        if (t >= start && t < end) yield row;
      }
    }
  }

  *all(): Generator<Row> {
    for (const b of [...this.buckets.keys()].sort((x, y) => x - y)) yield* this.buckets.get(b)!;
  }

  private noteModified(row: Row) {
    const t = row.lastModified as number;
    if (t > this.maxModified) this.maxModified = t;
  }
}
