'use client';

import { DateTime } from 'luxon';
import { useMemo, useRef, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import { clock, type PlacedBlock, type WeekLayout } from '@/lib/timetable/layout';
import type { Subject } from '@/lib/timetable/view';
import { dayName } from '@/lib/timetable/words';
import { appointmentBlock, REM_PER_MINUTE, useBlockWords } from './appointment-block';

/** The period grid: day columns on a proportional time axis, periods and breaks from the data. */
export function WeekGrid({
  layout,
  subject,
  changed,
  zone,
  onOpen,
}: {
  layout: WeekLayout;
  subject: Subject;
  changed: ReadonlySet<number>;
  zone: string;
  onOpen: (key: string) => void;
}) {
  const height = (layout.axisEnd - layout.axisStart) * REM_PER_MINUTE;
  const maxLanes = Math.max(...layout.days.map((d) => d.lanes));
  const dense = maxLanes > 6;
  const columns = layout.days
    .map((d) => `minmax(${Math.max(9, Math.min(d.lanes * (dense ? 2.25 : 4.5), 1200))}rem, 1fr)`)
    .join(' ');
  const byDay = useMemo(() => layout.days.map((_, i) => layout.blocks.filter((b) => b.day === i)), [layout]);
  const now = useNow(zone);
  const container = useRef<HTMLDivElement>(null);
  const words = useBlockWords();
  const formats = useFormats();

  const open = (event: MouseEvent) => {
    const key = (event.target as HTMLElement).closest<HTMLElement>('[data-appointment-id]')?.dataset.appointmentId;
    if (key) onOpen(key);
  };
  const move = (event: KeyboardEvent) => {
    const key = (event.target as HTMLElement).dataset.appointmentId;
    if (!key || !['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    const next = neighbour(layout.blocks, byDay, key, event.key);
    if (next)
      container.current
        ?.querySelector<HTMLElement>(`[data-appointment-id="${CSS.escape(next.appointment.key)}"]`)
        ?.focus();
  };

  return (
    <div
      ref={container}
      className="timetable-grid overflow-auto rounded-lg border border-surface-line bg-surface"
      role="group"
      aria-label={words.t('grid.label')}
      onClick={open}
      onKeyDown={move}
    >
      <div className="grid" style={{ gridTemplateColumns: `3.5rem ${columns}` }}>
        <div className="sticky left-0 top-0 z-30 border-b border-r border-surface-line bg-surface" />
        {layout.days.map((d) => (
          <div
            key={d.date}
            className="sticky top-0 z-20 border-b border-r border-surface-line bg-surface px-2 py-1 text-sm font-semibold"
            data-day={d.date}
          >
            {dayName(d.weekday, words.locale)}{' '}
            <span className="font-normal text-ink-muted">{formats.dayMonth(d.date)}</span>
          </div>
        ))}
        <div className="sticky left-0 z-10 border-r border-surface-line bg-surface" style={{ height: `${height}rem` }}>
          <div className="relative h-full">
            {layout.periods.map((p) => (
              <div
                key={p.name}
                data-period={p.name}
                className="absolute inset-x-0 border-t border-surface-line px-1 text-[0.65rem] leading-tight text-ink-muted"
                style={{
                  top: `${(p.start - layout.axisStart) * REM_PER_MINUTE}rem`,
                  height: `${(p.end - p.start) * REM_PER_MINUTE}rem`,
                }}
              >
                <span className="block font-semibold text-ink">{p.name}</span>
                {clock(p.start)}
                <br />
                {clock(p.end)}
              </div>
            ))}
          </div>
        </div>
        {layout.days.map((d, i) => (
          <div
            key={d.date}
            className="day-column relative border-r border-surface-line"
            style={{ height: `${height}rem` }}
          >
            {layout.periods.map((p) => (
              <div
                key={p.name}
                aria-hidden
                className="absolute inset-x-0 border-t border-surface-line"
                style={{ top: `${(p.start - layout.axisStart) * REM_PER_MINUTE}rem` }}
              />
            ))}
            {layout.breaks.map((b) => (
              <div
                key={b.start}
                aria-hidden
                className="grid-break absolute inset-x-0"
                style={{
                  top: `${(b.start - layout.axisStart) * REM_PER_MINUTE}rem`,
                  height: `${(b.end - b.start) * REM_PER_MINUTE}rem`,
                }}
              />
            ))}
            {byDay[i]!.map((b) =>
              appointmentBlock(
                b,
                d.weekday,
                layout.axisStart,
                subject,
                b.appointment.id !== null && changed.has(b.appointment.id),
                dense,
                words,
              ),
            )}
            {now && now.date === d.date && now.minute >= layout.axisStart && now.minute <= layout.axisEnd ? (
              <div
                className="now-line pointer-events-none absolute inset-x-0 z-20 border-t-2 border-state-danger"
                style={{ top: `${(now.minute - layout.axisStart) * REM_PER_MINUTE}rem` }}
                aria-label={words.t('grid.now', { time: clock(now.minute) })}
                role="img"
              />
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}

const subscribeMinutes = (tick: () => void) => {
  const timer = setInterval(tick, 15_000);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / 60_000);
const noMinute = () => null;

/** The current local date and minute; null while rendering on the server. */
function useNow(zone: string) {
  const minute = useSyncExternalStore(subscribeMinutes, currentMinute, noMinute);
  return useMemo(() => {
    if (minute === null) return null;
    const t = DateTime.fromMillis(minute * 60_000).setZone(zone);
    return { date: t.toISODate()!, minute: t.hour * 60 + t.minute };
  }, [minute, zone]);
}

/** The block an arrow key leads to: up/down within the day, left/right to the nearest time next door. */
function neighbour(all: PlacedBlock[], byDay: PlacedBlock[][], id: string, key: string): PlacedBlock | undefined {
  const current = all.find((b) => b.appointment.key === id);
  if (!current) return undefined;
  const day = byDay[current.day]!;
  const i = day.indexOf(current);
  if (key === 'ArrowDown') return day[i + 1];
  if (key === 'ArrowUp') return day[i - 1];
  const step = key === 'ArrowRight' ? 1 : -1;
  for (let d = current.day + step; d >= 0 && d < byDay.length; d += step) {
    const candidates = byDay[d]!;
    if (candidates.length === 0) continue;
    return candidates.reduce((best, b) =>
      Math.abs(b.startMinute - current.startMinute) < Math.abs(best.startMinute - current.startMinute) ? b : best,
    );
  }
  return undefined;
}
