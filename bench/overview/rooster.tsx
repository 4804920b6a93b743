import { NextIntlClientProvider } from 'next-intl';
import { useMemo } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useGridTexts } from '../../components/timetable/overview/grid-texts';
import { OverviewGrid } from '../../components/timetable/overview/overview-grid';
import '../../components/timetable/overview/overview.css';
import { codesOf } from '../../lib/timetable/overview/clashes';
import { buildMatrix, filterRows } from '../../lib/timetable/overview/matrix';
import { toAppointment, visible, type Appointment } from '../../lib/timetable/appointment';
import { blockTitle } from '../../lib/timetable/labels';
import { layoutWeek } from '../../lib/timetable/layout';
import { useBlockWords } from '../../components/timetable/appointment-block';
import { messages } from '../../messages';
import { painted, reactRenderer, type BenchInput } from '../grid/shared';

// Rooster's overview exactly as the page builds it: records reshaped, valid versions kept, the
// week laid out, the teacher matrix built, the grid rendered (rows virtual) and painted.

function Overview({ input }: { input: BenchInput }) {
  const words = useBlockWords();
  const texts = useGridTexts('teacher');
  const matrix = useMemo(() => {
    const all = input.rows.map((r) => toAppointment(r)).filter((a): a is Appointment => a !== null);
    const shown = visible(all, { kind: 'school' }, false);
    const layout = layoutWeek(shown, input.week, input.zone, all);
    const known = new Set(all.filter((a) => !a.hidden).flatMap((a) => codesOf(a, 'teacher')));
    return buildMatrix(layout, 'teacher', (a) => blockTitle(a, words), known);
  }, [input, words]);
  const rows = useMemo(() => filterRows(matrix.rows, '', false, () => undefined), [matrix]);
  const indexes = useMemo(() => matrix.columns.map((_, i) => i), [matrix]);
  return (
    <OverviewGrid
      matrix={matrix}
      rows={rows}
      indexes={indexes}
      texts={texts}
      names={undefined}
      hrefOf={(code) => `/timetable?teacher=${code}`}
      label="Overzicht"
      onOpen={() => {}}
    />
  );
}

const build = (input: BenchInput) => (
  <NextIntlClientProvider locale="nl" messages={messages.nl} timeZone={input.zone}>
    <div style={{ width: 1408 }}>
      <Overview input={input} />
    </div>
  </NextIntlClientProvider>
);

export const rooster = reactRenderer(build, { createRoot, flushSync });

/** Scrolls the painted overview from top to bottom, `step` pixels a frame; every frame's duration. */
export async function scrollRooster(step: number): Promise<number[]> {
  const grid = document.querySelector<HTMLElement>('[data-testid="overview-grid"]')!;
  await painted();
  return scrollFrames(grid, step);
}

/** The size of the painted overview's scroller, for the floor to copy. */
export function roosterBox(): ScrollBox {
  const grid = document.querySelector<HTMLElement>('[data-testid="overview-grid"]')!;
  return { width: grid.clientWidth, height: grid.clientHeight, scrollHeight: grid.scrollHeight };
}

export interface ScrollBox {
  width: number;
  height: number;
  scrollHeight: number;
}

/**
 * The floor under a scroll: an empty box of the overview's size and scroll height, scrolled the
 * same way in a fresh page. Its frames are what the machine gives any page (the vsync, and what
 * other processes take): the overview's frames are held to them.
 */
export async function scrollFloor(step: number, box: ScrollBox): Promise<number[]> {
  const scroller = document.createElement('div');
  scroller.style.cssText = `width:${box.width}px;height:${box.height}px;overflow:auto`;
  const inside = document.createElement('div');
  inside.style.height = `${box.scrollHeight}px`;
  scroller.append(inside);
  document.body.append(scroller);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return scrollFrames(scroller, step);
}

/** Scrolls `scroller` top to bottom by `step` px a frame; each frame's time. */
async function scrollFrames(scroller: HTMLElement, step: number): Promise<number[]> {
  const frames: number[] = [];
  let last = await new Promise<number>((r) => requestAnimationFrame(r));
  for (let i = 0; i < 2000 && scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1; i++) {
    scroller.scrollTop += step;
    const now = await new Promise<number>((r) => requestAnimationFrame(r));
    frames.push(now - last);
    last = now;
  }
  return frames;
}
