import { createCalendar, destroyCalendar, ResourceTimeline } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import { container, painted, type BenchInput, type Renderer } from '../grid/shared';
import { teacherResources } from './fullcalendar';

// EventCalendar's resource timeline (MIT), given the same resources and events.

let calendar: ReturnType<typeof createCalendar> | null = null;

export const eventCalendar: Renderer = {
  async render(input: BenchInput) {
    const t0 = performance.now();
    const { resources, events } = teacherResources(input);
    calendar = createCalendar(container(), [ResourceTimeline], {
      view: 'resourceTimelineWeek',
      date: new Date(input.monday * 1000 + 12 * 3600 * 1000),
      firstDay: 1,
      hiddenDays: [0, 6],
      slotMinTime: '08:00',
      slotMaxTime: '17:30',
      slotDuration: '00:30',
      height: '900px',
      resources,
      events: events.map((e) => ({ ...e, title: e.title })),
    });
    await painted();
    return performance.now() - t0;
  },
  async change() {
    return 0;
  },
  reset() {
    if (calendar) destroyCalendar(calendar);
    calendar = null;
  },
};
