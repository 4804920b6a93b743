import 'server-only';

// What Rooster must remember on the server (disconnected connections, revealed tokens, export
// progress): one small interface, two stores. Every entry expires on its own.

export interface StateStore {
  readonly kind: 'embedded' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent; true when this call set it (once, across instances). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Sets one field of a record of fields (or removes it, with `value` null) in one atomic step, so
   * writers of other fields at the same time lose nothing; the record lives `ttlMs` from this write.
   * A new field is refused (false) once the record holds `maxFields`.
   */
  setField(key: string, field: string, value: string | null, ttlMs: number, maxFields?: number): Promise<boolean>;
  /** Every field of a record (none: an empty object). */
  getFields(key: string): Promise<Record<string, string>>;
  /** The store answers (for /api/ready). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
