'use client';

import { useSyncExternalStore } from 'react';
import { connectionStorageKey, STORAGE_CHANGE } from './connection-storage.client';

// A short list of URLs with a time (and a few facts), newest first, kept in this browser per
// connection (localStorage): the home page's last views and the explorer's history use it.

export interface UrlEntry {
  href: string;
  at: number;
  /** Rows the answer held, where the entry is a request. */
  rows?: number;
}

export interface UrlList {
  key(connectionId: string): string;
  read(connectionId: string): UrlEntry[];
  parse(stored: string | null): UrlEntry[];
  remember(connectionId: string, entry: UrlEntry): void;
}

export function urlList(name: string, max: number): UrlList {
  const key = (connectionId: string) => connectionStorageKey(name, connectionId);
  const parse = (stored: string | null): UrlEntry[] => {
    try {
      const parsed: unknown = JSON.parse(stored ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter((v): v is UrlEntry => typeof v?.href === 'string' && typeof v?.at === 'number').slice(0, max)
        : [];
    } catch {
      return [];
    }
  };
  const read = (connectionId: string) => parse(localStorage.getItem(key(connectionId)));
  return {
    key,
    read,
    parse,
    remember(connectionId, entry) {
      const entries = [entry, ...read(connectionId).filter((v) => v.href !== entry.href)].slice(0, max);
      try {
        localStorage.setItem(key(connectionId), JSON.stringify(entries));
        // Other lists on this page (the storage event only reaches other tabs).
        window.dispatchEvent(new Event(STORAGE_CHANGE));
      } catch {
        // Storage full or refused (private mode): the list is a convenience.
      }
    },
  };
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_CHANGE, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_CHANGE, onChange);
  };
}

/** The list as stored, kept current; null while rendering on the server. */
export function useUrlList(list: UrlList, connectionId: string | null): UrlEntry[] | null {
  const stored = useSyncExternalStore(
    subscribe,
    () => (connectionId ? (localStorage.getItem(list.key(connectionId)) ?? '[]') : '[]'),
    () => null,
  );
  return stored === null ? null : list.parse(stored);
}
