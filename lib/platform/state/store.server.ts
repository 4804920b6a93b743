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
  /** The store answers (for /api/ready). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
