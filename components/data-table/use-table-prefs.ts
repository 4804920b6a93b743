'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { ColumnOrderState, VisibilityState } from '@tanstack/react-table';
import { useConnectionId } from '@/lib/api/connection.client';

// Column visibility and order, remembered per connection and table in this browser (localStorage):
// another portal may grant other fields.

interface Prefs {
  visibility: VisibilityState;
  order: ColumnOrderState;
}

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; prefs: Prefs | null }>();
const key = (id: string) => `rooster.table.${id}`;

function read(tableId: string): Prefs | null {
  const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(key(tableId));
  const hit = cache.get(tableId);
  if (hit && hit.raw === raw) return hit.prefs;
  let prefs: Prefs | null = null;
  try {
    prefs = raw ? (JSON.parse(raw) as Prefs) : null;
  } catch {
    prefs = null;
  }
  cache.set(tableId, { raw, prefs });
  return prefs;
}

export function useTablePrefs(table: string) {
  const tableId = `${useConnectionId()}.${table}`;
  const prefs = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => read(tableId),
    () => null,
  );
  const save = useCallback(
    (next: Prefs) => {
      window.localStorage.setItem(key(tableId), JSON.stringify(next));
      listeners.forEach((l) => l());
    },
    [tableId],
  );
  return [prefs, save] as const;
}
