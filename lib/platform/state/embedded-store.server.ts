import 'server-only';
import { open, type RootDatabase } from 'lmdb';
import type { StateStore } from './store.server';

// The embedded default: LMDB, a memory-mapped key-value store in a folder. It survives restarts and
// is shared safely by every process on one machine; no server to run.

interface Entry {
  v: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

export class EmbeddedStore implements StateStore {
  readonly kind = 'embedded' as const;
  private readonly db: RootDatabase<Entry, string>;
  private writes = 0;

  constructor(path: string) {
    this.db = open<Entry, string>({ path, compression: false });
  }

  private live(entry: Entry | undefined, now = Date.now()): entry is Entry {
    return entry !== undefined && entry.exp > now;
  }

  async get(key: string) {
    const entry = this.db.get(key);
    return this.live(entry) ? entry.v : null;
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.db.put(key, { v: value, exp: Date.now() + ttlMs });
    this.sweepNowAndThen();
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    // A write transaction: two processes asking at once get one true and one false.
    const set = await this.db.transaction(() => {
      if (this.live(this.db.get(key))) return false;
      this.db.put(key, { v: value, exp: Date.now() + ttlMs });
      return true;
    });
    this.sweepNowAndThen();
    return set;
  }

  async setField(key: string, field: string, value: string | null, ttlMs: number, maxFields = Infinity) {
    // One write transaction: LMDB serialises them across processes, so no field is lost.
    return this.db.transaction(() => {
      const entry = this.db.get(key);
      const fields = this.live(entry) ? (JSON.parse(entry.v) as Record<string, string>) : {};
      if (value === null) delete fields[field];
      else if (!(field in fields) && Object.keys(fields).length >= maxFields) return false;
      else fields[field] = value;
      this.db.put(key, { v: JSON.stringify(fields), exp: Date.now() + ttlMs });
      return true;
    });
  }

  async getFields(key: string) {
    const entry = this.db.get(key);
    return this.live(entry) ? (JSON.parse(entry.v) as Record<string, string>) : {};
  }

  async delete(key: string) {
    await this.db.remove(key);
  }

  async ping() {
    return true;
  }

  async close() {
    await this.db.close();
  }

  /** Expired entries are dropped every few hundred writes, so the file does not grow for ever. */
  private sweepNowAndThen() {
    if (++this.writes % 500 !== 0) return;
    const now = Date.now();
    void this.db.transaction(() => {
      for (const { key, value } of this.db.getRange()) if (value.exp <= now) this.db.remove(key);
    });
  }
}
