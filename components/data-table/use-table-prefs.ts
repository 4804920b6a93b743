'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { ColumnOrderState, VisibilityState } from '@tanstack/react-table';

// Column visibility and order, remembered per table in this browser (localStorage).

interface Prefs {
  visibility: VisibilityState;
  order: ColumnOrderState;
}

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; prefs: Prefs | null }>();
const key = (tableId: string) => `rooster.table.${tableId}`;

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

export function useTablePrefs(tableId: string) {
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
