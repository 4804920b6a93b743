'use client';

import {
  memo,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import { subjectClashes } from '@/lib/timetable/overview/clashes';
import { clock, type PlacedBlock, type WeekLayout } from '@/lib/timetable/layout';
import type { VersionChange } from '@/lib/timetable/versions';
import type { Subject } from '@/lib/timetable/view';
import { useNow } from '@/lib/timetable/use-now.client';
import { dayName, type Words } from '@/lib/timetable/words';
import { appointmentBlock, REM_PER_MINUTE, useBlockWords, type Axis } from './appointment-block';
import { StackBlock } from './stack-block';

/** The period grid: day columns on a proportional time axis, periods and breaks from the data. */
export function WeekGrid({
  layout,
  subject,
  changed,
  changes = NO_CHANGES,
  zone,
  onOpen,
}: {
  layout: WeekLayout;
  subject: Subject;
  changed: ReadonlySet<number>;
  /** The portal's changes (before → after) by block key. */
  changes?: ReadonlyMap<string, VersionChange>;
  zone: string;
  onOpen: (key: string) => void;
}) {
  const height = (layout.axisEnd - layout.axisStart) * REM_PER_MINUTE;
  const maxLanes = Math.max(...layout.days.map((d) => d.lanes));
  const dense = maxLanes > 6;
  const columns = layout.days
    .map((d) => `minmax(${Math.max(9, Math.min(d.lanes * (dense ? 2.25 : 4.5), 1200))}rem, 1fr)`)
    .join(' ');
  // What the keyboard reaches: every block, a stack by its first member (the rest are in its list).
  const reachable = useMemo(() => layout.blocks.filter((b) => !b.stack || b.stack.index === 0), [layout]);
  const byDay = useMemo(() => layout.days.map((_, i) => reachable.filter((b) => b.day === i)), [layout, reachable]);
  const blocksByDay = useMemo(() => layout.days.map((_, i) => layout.blocks.filter((b) => b.day === i)), [layout]);
  // The overview's rule: the subject's own appointments at the same time as another (lib/overview).
  const clashes = useMemo(
    () =>
      subjectClashes(
        layout.blocks.map((b) => b.appointment),
        subject,
      ),
    [layout, subject],
  );
  const now = useNow(zone);
  const container = useRef<HTMLDivElement>(null);
  const words = useBlockWords();
  const formats = useFormats();
  const axis = useMemo(() => ({ start: layout.axisStart, end: layout.axisEnd }), [layout.axisStart, layout.axisEnd]);
  // One tab stop for the whole grid (roving tabindex): the block last focused, else the first.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const active = reachable.find((b) => b.appointment.key === focusedKey) ?? reachable[0];
  const activeKey = active?.appointment.key ?? null;

  const open = (event: MouseEvent) => {
    const key = (event.target as HTMLElement).closest<HTMLElement>('[data-appointment-id]')?.dataset.appointmentId;
    if (key) onOpen(key);
  };
  const focus = (event: FocusEvent) => {
    if ((event.target as HTMLElement).dataset.stackItem !== undefined) return;
    const key = (event.target as HTMLElement).dataset.appointmentId;
    if (key && key !== focusedKey) setFocusedKey(key);
  };
  const move = (event: KeyboardEvent) => {
    const key = (event.target as HTMLElement).dataset.appointmentId;
    if (!key || !MOVE_KEYS.includes(event.key) || (event.target as HTMLElement).dataset.stackItem !== undefined) return;
    event.preventDefault();
    event.stopPropagation();
    const next = neighbour(reachable, byDay, key, event.key);
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
      onFocus={focus}
    >
      <div
        className="grid"
        style={
          {
            gridTemplateColumns: `3.5rem ${columns}`,
            '--print-columns': `2.5rem repeat(${layout.days.length}, minmax(0, 1fr))`,
          } as CSSProperties
        }
      >
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
        <div
          className="grid-body sticky left-0 z-10 border-r border-surface-line bg-surface"
          style={{ height: `${height}rem` }}
        >
          <div className="relative h-full">
            {layout.periods.map((p) => (
              <div
                key={p.name}
                data-period={p.name}
                className="absolute inset-x-0 overflow-hidden border-t border-surface-line px-1 text-[0.65rem] leading-tight text-ink-muted"
                style={{ top: share(p.start, axis), height: span(p.start, p.end, axis) }}
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
          <DayBlocks
            key={d.date}
            day={d}
            blocks={blocksByDay[i]!}
            layout={layout}
            clashes={clashes}
            axis={axis}
            height={height}
            subject={subject}
            changed={changed}
            changes={changes}
            dense={dense}
            words={words}
            zone={zone}
            activeKey={byDay[i]!.some((b) => b.appointment.key === activeKey) ? activeKey : null}
            nowMinute={now && now.date === d.date ? now.minute : null}
          />
        ))}
      </div>
    </div>
  );
}

const NO_CHANGES: ReadonlyMap<string, VersionChange> = new Map();
const MOVE_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];

const share = (minute: number, axis: Axis) => `${((minute - axis.start) / Math.max(1, axis.end - axis.start)) * 100}%`;
const span = (from: number, to: number, axis: Axis) => `${((to - from) / Math.max(1, axis.end - axis.start)) * 100}%`;

/**
 * One day's column. Memoised: moving the tab stop with an arrow key re-renders the two days
 * involved, not the thousands of blocks of a whole-school week.
 */
const DayBlocks = memo(function DayBlocks({
  day,
  blocks,
  layout,
  axis,
  height,
  subject,
  changed,
  changes,
  dense,
  words,
  zone,
  activeKey,
  nowMinute,
  clashes,
}: {
  day: WeekLayout['days'][number];
  blocks: PlacedBlock[];
  layout: WeekLayout;
  clashes: ReadonlySet<string>;
  axis: Axis;
  height: number;
  subject: Subject;
  changed: ReadonlySet<number>;
  changes: ReadonlyMap<string, VersionChange>;
  dense: boolean;
  words: Words;
  zone: string;
  activeKey: string | null;
  nowMinute: number | null;
}) {
  return (
    <div className="day-column grid-body relative border-r border-surface-line" style={{ height: `${height}rem` }}>
      {layout.periods.map((p) => (
        <div
          key={p.name}
          aria-hidden
          className="absolute inset-x-0 border-t border-surface-line"
          style={{ top: share(p.start, axis) }}
        />
      ))}
      {layout.breaks.map((b) => (
        <div
          key={b.start}
          aria-hidden
          className="grid-break absolute inset-x-0"
          style={{ top: share(b.start, axis), height: span(b.start, b.end, axis) }}
        />
      ))}
      {blocks.map((b) =>
        b.stack ? (
          b.stack.index === 0 ? (
            <StackBlock
              key={`stack:${b.appointment.key}`}
              members={blocks.filter((m) => m.stack?.key === b.stack!.key)}
              weekday={day.weekday}
              axis={axis}
              subject={subject}
              words={words}
              zone={zone}
              tabbable={b.appointment.key === activeKey}
              clashes={clashes}
            />
          ) : null
        ) : (
          appointmentBlock(b, day.weekday, axis, subject, words, {
            changed: b.appointment.id !== null && changed.has(b.appointment.id),
            dense,
            change: changes.get(b.appointment.key),
            tabbable: b.appointment.key === activeKey,
            zone,
            clash: clashes.has(b.appointment.key),
          })
        ),
      )}
      {nowMinute !== null && nowMinute >= axis.start && nowMinute <= axis.end ? (
        <div
          className="now-line pointer-events-none absolute inset-x-0 z-20 border-t-2 border-state-danger"
          style={{ top: share(nowMinute, axis) }}
          aria-label={words.t('grid.now', { time: clock(nowMinute) })}
          role="img"
        />
      ) : null}
    </div>
  );
});

/** The block an arrow key leads to: up/down within the day, left/right to the nearest time next door. */
function neighbour(all: PlacedBlock[], byDay: PlacedBlock[][], id: string, key: string): PlacedBlock | undefined {
  const current = all.find((b) => b.appointment.key === id);
  if (!current) return undefined;
  const day = byDay[current.day]!;
  const i = day.indexOf(current);
  if (key === 'ArrowDown') return day[i + 1];
  if (key === 'ArrowUp') return day[i - 1];
  if (key === 'Home') return all[0];
  if (key === 'End') return all.at(-1);
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
