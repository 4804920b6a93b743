'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { ColumnOrderState, VisibilityState } from '@tanstack/react-table';
import { useConnectionId } from '@/lib/api/connection.client';
import { connectionStorageKey } from '@/lib/browser/connection-storage.client';

// Column visibility and order, remembered per connection and table in this browser (localStorage):
// another portal may grant other fields.

interface Prefs {
  visibility: VisibilityState;
  order: ColumnOrderState;
}

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; prefs: Prefs | null }>();

function read(storageKey: string): Prefs | null {
  const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(storageKey);
  const hit = cache.get(storageKey);
  if (hit && hit.raw === raw) return hit.prefs;
  let prefs: Prefs | null = null;
  try {
    prefs = raw ? (JSON.parse(raw) as Prefs) : null;
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
    (next: Prefs) => {
      window.localStorage.setItem(storageKey, JSON.stringify(next));
      listeners.forEach((l) => l());
    },
    [storageKey],
  );
  return [prefs, save] as const;
}
