// A long read's progress, polled beside it as the browser does (GET /api/export/progress/:id): the
// states seen. The route answers 204 for an id whose read has not begun (or is not this session's).

/** Polls until `stop`, which resolves with the states seen ("3/15", …). */
export function watchProgress(origin: string, id: string, headers: Record<string, string>) {
  const seen = new Set<string>();
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const res = await fetch(`${origin}/api/export/progress/${id}`, { headers });
      if (res.status === 200) {
        const p = (await res.json()) as { done: number; total: number };
        seen.add(`${p.done}/${p.total}`);
      } else await res.arrayBuffer();
      // Finer than a week takes to read and count (about 15 ms), so a run of a few hundred ms shows its steps.
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop(): Promise<Set<string>> {
      polling = false;
      await poll;
      return seen;
    },
  };
}
