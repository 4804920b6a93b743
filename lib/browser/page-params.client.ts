'use client';

import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { replaceQuery } from '@/lib/url-state.client';

/** A page's own parameters in the URL; a change writes only its own keys (the table keeps its sort, q and f.*). */
export function usePageParams() {
  const search = useSearchParams();
  const [params, setParams] = useState<Record<string, string>>(() =>
    Object.fromEntries(new URLSearchParams(search.toString())),
  );
  return {
    get: (k: string): string | null => params[k] ?? null,
    set: (patch: Record<string, string | null>) => {
      const next = { ...params };
      const url = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === '') {
          delete next[k];
          url.delete(k);
        } else {
          next[k] = v;
          url.set(k, v);
        }
      }
      setParams(next);
      replaceQuery(url);
    },
  };
}
