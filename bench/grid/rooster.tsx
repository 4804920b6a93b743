import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { WeekGrid } from '../../components/timetable/week-grid';
import { toAppointment, visible, type Appointment } from '../../lib/timetable/appointment';
import { layoutWeek } from '../../lib/timetable/layout';
import { container, painted, withOneChange, type BenchInput, type Renderer } from './shared';

// Rooster's grid exactly as the timetable page builds it: read records, keep valid versions, lay out, render.

let root: Root | null = null;

function build(input: BenchInput) {
  const all = input.rows.map(toAppointment).filter((a): a is Appointment => a !== null);
  const shown = visible(all, { kind: 'school' }, false);
  return <WeekGrid layout={layoutWeek(shown, input.week, input.zone, all)} subject={{ kind: 'school' }} changed={new Set()} zone={input.zone} onOpen={() => {}} />;
}

export const rooster: Renderer = {
  async render(input) {
    const t0 = performance.now();
    root = createRoot(container());
    flushSync(() => root!.render(build(input)));
    await painted();
    return performance.now() - t0;
  },
  async change(input) {
    const next = withOneChange(input);
    const t0 = performance.now();
    flushSync(() => root!.render(build(next)));
    await painted();
    return performance.now() - t0;
  },
  reset() {
    root?.unmount();
    root = null;
  },
};
