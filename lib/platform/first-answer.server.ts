import 'server-only';
import type { PageAnswer } from '@/lib/api/contract';
import { processSingleton } from './singleton.server';

/** How long a page waits for its first answer before it is sent without it. */
export const FIRST_ANSWER_MS = 1500;

/**
 * A page's first answer, if the server has it within `ms`: the page is then sent with it (its list
 * in the HTML, painted before any script runs); a slower portal, or a failure, gives null and the
 * page is sent at once, its browser reading the answer itself and saying what went wrong.
 */
export async function firstAnswer<T>(answer: Promise<T>, ms = FIRST_ANSWER_MS): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([answer.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `firstAnswer` as the page's answer for the browser's query (`usePageAnswer`): read for `key` of
 * the connection, stamped with when.
 */
export async function pageAnswer<T>(
  connectionId: string,
  key: string,
  read: Promise<T>,
): Promise<PageAnswer<T> | null> {
  const answer = await firstAnswer(read);
  return answer === null ? null : { connectionId, key, answer, readAt: Date.now() };
}

// The page and the route that join are bundled apart: the reads under way are the process's, not
// a module's (a module-level Map would exist once per bundle, and never join the two).
const running = () => processSingleton('joined-reads', () => new Map<string, Promise<unknown>>());

/**
 * One read per `key` at a time in this process: a page's first read that outran its time is joined
 * by the browser's read of the same (the route), not read a second time beside it, in a second
 * slot and for a second charge. Per process: behind several instances the two may meet on
 * different ones, and then each reads.
 */
export function joinedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = running();
  const now = reads.get(key) as Promise<T> | undefined;
  if (now) return now;
  const started = read().finally(() => reads.delete(key));
  reads.set(key, started);
  return started;
}
