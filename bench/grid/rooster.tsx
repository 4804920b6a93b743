import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { WeekGrid } from '../../components/timetable/week-grid';
import { toAppointment, visible, type Appointment } from '../../lib/timetable/appointment';
import { layoutWeek } from '../../lib/timetable/layout';
import { reactRenderer, type BenchInput } from './shared';

// Rooster's grid exactly as the timetable page builds it: read records, keep valid versions, lay out, render.

function build(input: BenchInput) {
  const all = input.rows.map(toAppointment).filter((a): a is Appointment => a !== null);
  const shown = visible(all, { kind: 'school' }, false);
  return (
    <WeekGrid
      layout={layoutWeek(shown, input.week, input.zone, all)}
      subject={{ kind: 'school' }}
      changed={new Set()}
      zone={input.zone}
      onOpen={() => {}}
    />
  );
}

export const rooster = reactRenderer(build, { createRoot, flushSync });
