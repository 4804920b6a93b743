import type { ChildProcess } from 'node:child_process';

/**
 * Waits until `url` answers (by default with a status below 500: a server still starting answers
 * 502 or 503 through a proxy), failing at once if `child` exits, and after a minute.
 */
export async function ready(
  url: string,
  child: ChildProcess,
  accept: (status: number) => boolean = (status) => status < 500,
): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => accept(r.status),
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within a minute`);
}
