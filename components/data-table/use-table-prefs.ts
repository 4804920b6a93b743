'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { useConnectionId } from '@/lib/api/connection.client';
import { connectionStorageKey } from '@/lib/browser/connection-storage.client';
import type { TableColumn } from './types';

// Column visibility and order, remembered per connection and table in this browser (localStorage):
// another portal may grant other fields.

export interface TablePrefs {
  /** Columns set apart from their default: `false` hides, `true` shows one hidden by default. */
  visibility: Record<string, boolean>;
  /** Column ids in the order chosen; columns not named follow in their own order. */
  order: string[];
}
/** The columns in the chosen order (TanStack's rule: the named first, the rest as they come). */
export function orderedColumns(columns: readonly TableColumn[], order: readonly string[]): TableColumn[] {
  if (order.length === 0) return [...columns];
  const byId = new Map(columns.map((c) => [c.id, c]));
  const named = [...new Set(order)].flatMap((id) => byId.get(id) ?? []);
  return [...named, ...columns.filter((c) => !order.includes(c.id))];
}

/** The columns a table shows, in their order: one rule for the body, the headers and the export. */
export function shownColumns(columns: readonly TableColumn[], prefs: TablePrefs): TableColumn[] {
  return orderedColumns(columns, prefs.order).filter((c) => prefs.visibility[c.id] !== false);
}

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; prefs: TablePrefs | null }>();

function read(storageKey: string): TablePrefs | null {
  const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(storageKey);
  const hit = cache.get(storageKey);
  if (hit && hit.raw === raw) return hit.prefs;
  let prefs: TablePrefs | null = null;
  try {
    prefs = raw ? (JSON.parse(raw) as TablePrefs) : null;
  } catch {
    prefs = null;
  }
  cache.set(storageKey, { raw, prefs });
  return prefs;
}

export function useTablePrefs(table: string) {
  const storageKey = connectionStorageKey(`table.${table}`, useConnectionId());
  const prefs = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => read(storageKey),
    () => null,
  );
  const save = useCallback(
    (next: TablePrefs) => {
      window.localStorage.setItem(storageKey, JSON.stringify(next));
      listeners.forEach((l) => l());
    },
    [storageKey],
  );
  return [prefs, save] as const;
}
