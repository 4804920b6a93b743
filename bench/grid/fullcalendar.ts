import { Calendar } from '@fullcalendar/core';
import timeGridPlugin from '@fullcalendar/timegrid';
import { container, painted, title, type BenchInput, type Renderer } from './shared';

// FullCalendar's timeGridWeek, given the same week (its usual input: events with Date times).

let calendar: Calendar | null = null;

const events = (input: BenchInput) =>
  input.rows
    .filter((r) => r.valid !== false && !r.hidden)
    .map((r) => ({
      id: String(r.id),
      title: title(r),
      start: new Date((r.start as number) * 1000),
      end: new Date((r.end as number) * 1000),
      classNames: r.cancelled ? ['cancelled'] : [],
    }));

export const fullcalendar: Renderer = {
  async render(input) {
    const t0 = performance.now();
    calendar = new Calendar(container(), {
      plugins: [timeGridPlugin],
      initialView: 'timeGridWeek',
      initialDate: new Date(input.monday * 1000 + 12 * 3600 * 1000),
      firstDay: 1,
      slotMinTime: '08:00',
      slotMaxTime: '17:30',
      height: 900,
      events: events(input),
    });
    calendar.render();
    await painted();
    return performance.now() - t0;
  },
  async change(input) {
    const row = input.rows[Math.floor(input.rows.length / 2)]!;
    const t0 = performance.now();
    calendar!.getEventById(String(row.id))?.setProp('title', `${title(row)} 999`);
    await painted();
    return performance.now() - t0;
  },
  reset() {
    calendar?.destroy();
    calendar = null;
  },
};
