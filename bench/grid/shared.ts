// What the three calendars are given: the same whole-school week, as the portal sends it.

export interface BenchInput {
  rows: Record<string, unknown>[];
  week: { year: number; week: number };
  zone: string;
  /** Monday 00:00 of the week, Unix seconds. */
  monday: number;
}

export interface Renderer {
  render(input: BenchInput): Promise<number>;
  /** Changes one appointment (a room change) and waits for the paint. */
  change(input: BenchInput): Promise<number>;
  reset(): void;
}

/**
 * Resolves once the browser has painted the current DOM: the frame's callback runs before its
 * style, layout and paint, and a task queued from it runs after them.
 */
export function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function container(): HTMLElement {
  const root = document.getElementById('root')!;
  root.innerHTML = '';
  const el = document.createElement('div');
  el.style.height = '900px';
  root.appendChild(el);
  return el;
}

export function withOneChange(input: BenchInput): BenchInput {
  const rows = [...input.rows];
  const i = Math.floor(rows.length / 2);
  rows[i] = { ...rows[i], locations: ['999'], locationChanged: true };
  return { ...input, rows };
}

export const title = (r: Record<string, unknown>) =>
  [
    ((r.subjects as string[]) ?? []).join(','),
    ((r.groups as string[]) ?? []).join(','),
    ((r.locations as string[]) ?? []).join(','),
  ]
    .filter(Boolean)
    .join(' ');

/** A React calendar as a Renderer: mount, paint, re-render after one change, unmount. */
export function reactRenderer(
  build: (input: BenchInput) => import('react').ReactNode,
  deps: { createRoot: typeof import('react-dom/client').createRoot; flushSync: typeof import('react-dom').flushSync },
): Renderer {
  let root: import('react-dom/client').Root | null = null;
  return {
    async render(input) {
      const t0 = performance.now();
      root = deps.createRoot(container());
      deps.flushSync(() => root!.render(build(input)));
      await painted();
      return performance.now() - t0;
    },
    async change(input) {
      const next = withOneChange(input);
      const t0 = performance.now();
      deps.flushSync(() => root!.render(build(next)));
      await painted();
      return performance.now() - t0;
    },
    reset() {
      root?.unmount();
      root = null;
    },
  };
}
