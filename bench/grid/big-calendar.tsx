import { DateTime, Settings } from 'luxon';
import { Calendar, luxonLocalizer } from 'react-big-calendar';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { reactRenderer, title, type BenchInput } from './shared';

// react-big-calendar's week view, given the same week.

Settings.defaultZone = 'Europe/Amsterdam';
const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });

function build(input: BenchInput) {
  const events = input.rows
    .filter((r) => r.valid !== false && !r.hidden)
    .map((r) => ({
      id: r.id,
      title: title(r),
      start: new Date((r.start as number) * 1000),
      end: new Date((r.end as number) * 1000),
    }));
  return (
    <Calendar
      localizer={localizer}
      events={events}
      defaultView="week"
      views={['week']}
      defaultDate={new Date(input.monday * 1000 + 12 * 3600 * 1000)}
      min={new Date(input.monday * 1000 + 7 * 3600 * 1000)}
      max={new Date(input.monday * 1000 + 17 * 3600 * 1000)}
      style={{ height: 900 }}
    />
  );
}

export const bigCalendar = reactRenderer(build, { createRoot, flushSync });
