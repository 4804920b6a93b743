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
 * the connection, stamped with when. A read given as a function is told when the page stops
 * waiting (`leave`): a joined read nobody else waits for is then cancelled, its slot freed.
 */
export async function pageAnswer<T>(
  connectionId: string,
  key: string,
  read: Promise<T> | ((leave: AbortSignal) => Promise<T>),
): Promise<PageAnswer<T> | null> {
  const leave = new AbortController();
  const answer = await firstAnswer(typeof read === 'function' ? read(leave.signal) : read);
  if (answer === null) leave.abort();
  return answer === null ? null : { connectionId, key, answer, readAt: Date.now() };
}

// The page and the route that join are bundled apart: the reads under way are the process's, not
// a module's (a module-level Map would exist once per bundle, and never join the two).
interface Joined {
  read: Promise<unknown>;
  /** Cancels the read (its `cancel` signal): when every reader that may leave has left. */
  cancel: AbortController;
  /** Readers waiting; one without a `leave` signal waits to the end. */
  waiting: number;
}
const running = () => processSingleton('joined-reads', () => new Map<string, Joined>());

/**
 * One read per `key` at a time in this process: a page's first read that outran its time is joined
 * by the browser's read of the same (the route), not read a second time beside it, in a second
 * slot and for a second charge. A reader that gives up (`leave`: the page sent without it) no
 * longer counts; when none is left the read is cancelled (`cancel`), so a hanging portal does not
 * hold the session's heavy-read slot for the read's whole time-out. Per process: behind several
 * instances the two may meet on different ones, and then each reads.
 */
export function joinedRead<T>(key: string, read: (cancel: AbortSignal) => Promise<T>, leave?: AbortSignal): Promise<T> {
  const reads = running();
  let joined = reads.get(key);
  if (!joined) {
    const cancel = new AbortController();
    const entry: Joined = { read: Promise.resolve(), cancel, waiting: 0 };
    entry.read = read(cancel.signal).finally(() => {
      if (reads.get(key) === entry) reads.delete(key);
    });
    reads.set(key, entry);
    joined = entry;
  }
  const entry = joined;
  entry.waiting++;
  leave?.addEventListener(
    'abort',
    () => {
      if (--entry.waiting > 0) return;
      if (reads.get(key) === entry) reads.delete(key);
      entry.cancel.abort();
    },
    { once: true },
  );
  return entry.read as Promise<T>;
}
