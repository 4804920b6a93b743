import { Calendar } from '@fullcalendar/core';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import { container, painted, title, type BenchInput, type Renderer } from '../grid/shared';

// FullCalendar's resource timeline (premium, benchmarks only, under its GPL key): one resource per
// teacher, the same week's valid appointments as events on each of their teachers.

let calendar: Calendar | null = null;

export function teacherResources(input: BenchInput) {
  const current = input.rows.filter((r) => r.valid !== false && !r.hidden);
  const teachers = new Set<string>();
  for (const r of current) for (const t of (r.teachers as string[]) ?? []) teachers.add(t);
  const resources = [...teachers].sort().map((id) => ({ id, title: id }));
  const events = current
    .filter((r) => ((r.teachers as string[]) ?? []).length > 0)
    .map((r) => ({
      id: String(r.id),
      resourceIds: r.teachers as string[],
      title: title(r),
      start: new Date((r.start as number) * 1000),
      end: new Date((r.end as number) * 1000),
      classNames: r.cancelled ? ['cancelled'] : [],
    }));
  return { resources, events };
}

export const fullcalendar: Renderer = {
  async render(input) {
    const t0 = performance.now();
    const { resources, events } = teacherResources(input);
    calendar = new Calendar(container(), {
      schedulerLicenseKey: 'GPL-My-Project-Is-Open-Source',
      plugins: [resourceTimelinePlugin],
      initialView: 'resourceTimelineWeek',
      initialDate: new Date(input.monday * 1000 + 12 * 3600 * 1000),
      firstDay: 1,
      hiddenDays: [0, 6],
      slotMinTime: '08:00',
      slotMaxTime: '17:30',
      slotDuration: '00:30',
      resourceAreaWidth: 88,
      height: 900,
      resources,
      events,
    });
    calendar.render();
    await painted();
    return performance.now() - t0;
  },
  async change() {
    return 0;
  },
  reset() {
    calendar?.destroy();
    calendar = null;
  },
};
