'use client';

import { isServer, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.client';

/** A 429 (too many heavy reads at once) is waited out as its Retry-After says, a few times. */
const busy = (error: unknown) => error instanceof ApiError && error.status === 429;
const retry = (count: number, error: unknown) => count < (busy(error) ? 3 : 1);
const retryDelay = (count: number, error: unknown) =>
  busy(error) && (error as ApiError).retryAfter
    ? (error as ApiError).retryAfter! * 1000
    : Math.min(1000 * 2 ** count, 30_000);

const make = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry, retryDelay, refetchOnWindowFocus: false } },
  });

let browserClient: QueryClient | undefined;

/**
 * The query cache: one per browser tab, kept across pages (the provider sits in the layout of
 * the pages that read, not in the root one, so /connect and /rights ship without it; a module-level
 * client keeps the cache when a person goes from one of those back to a reading page). On the
 * server, one per render, so no two requests share what was read.
 */
export function getQueryClient(): QueryClient {
  if (isServer) return make();
  return (browserClient ??= make());
}
