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
  /** Resolves once every appointment is drawn (a grid that paints what is in view first is aria-busy till then). */
  settled?(): Promise<void>;
  reset(): void;
}

/**
 * Resolves once the browser has painted the current DOM: the frame's callback runs before its
 * style, layout and paint, and a task queued from it runs after them.
 */
export function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Where a React render's time went, in milliseconds: `window.phases` after each render or change. */
export interface Phases {
  /** Records to laid-out week and elements (toAppointment, layoutWeek, JSX). */
  data: number;
  /** React's render and commit: the DOM built. */
  react: number;
  /** From the commit to the frame's start (the browser's own timing, mostly idle). */
  wait: number;
  /** The frame: style, layout, paint (and whatever else the browser does before the next task). */
  frame: number;
}

/** Like painted(), and says when the frame began. */
function paintedAt(): Promise<{ frameStart: number; end: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const frameStart = performance.now();
      setTimeout(() => resolve({ frameStart, end: performance.now() }), 0);
    }),
  );
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
  const timed = async (t0: number, make: () => import('react').ReactNode) => {
    const element = make();
    const t1 = performance.now();
    deps.flushSync(() => root!.render(element));
    const t2 = performance.now();
    const { frameStart, end } = await paintedAt();
    const phases: Phases = { data: t1 - t0, react: t2 - t1, wait: frameStart - t2, frame: end - frameStart };
    Object.assign(window, { phases });
    return end - t0;
  };
  return {
    async render(input) {
      const t0 = performance.now();
      root = deps.createRoot(container());
      return timed(t0, () => build(input));
    },
    async change(input) {
      const next = withOneChange(input);
      return timed(performance.now(), () => build(next));
    },
    settled() {
      const busy = () => document.querySelector('[aria-busy="true"]') !== null;
      if (!busy()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (busy()) return;
          observer.disconnect();
          void painted().then(resolve);
        });
        observer.observe(document.body, { attributes: true, attributeFilter: ['aria-busy'], subtree: true });
      });
    },
    reset() {
      root?.unmount();
      root = null;
    },
  };
}
