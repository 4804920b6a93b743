import 'server-only';

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
