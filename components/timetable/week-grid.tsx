'use client';

import {
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useHydrating } from '@/lib/browser/use-media.client';
import { useFormats } from '@/lib/format/use-formats.client';
import { subjectClashes } from '@/lib/timetable/overview/clashes';
import { clock, type PlacedBlock, type WeekLayout } from '@/lib/timetable/layout';
import type { VersionChange } from '@/lib/timetable/versions';
import type { Subject } from '@/lib/timetable/view';
import { useNow } from '@/lib/timetable/use-now.client';
import { dayName } from '@/lib/timetable/words';
import { REM_PER_MINUTE, useBlockWords } from './appointment-block';
import { DayBlocks, dayElements, share, span } from './day-blocks';
import { Card } from '@/components/ui/card';

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
  // Each day's least width (rem): its lanes side by side. A busy week is wider than the screen.
  const widths = useMemo(
    () => layout.days.map((d) => Math.max(9, Math.min(d.lanes * (dense ? 2.25 : 4.5), 1200))),
    [layout.days, dense],
  );
  const columns = widths.map((w) => `minmax(${w}rem, 1fr)`).join(' ');
  // The first paint draws what can be in view when the grid appears (it starts scrolled to the
  // left): blocks that start within the window's width, taking each day at its least width (a day
  // is never narrower, so nothing drawn later can be in view). The rest follow right after that
  // paint, in a transition (React yields to input while it builds them); until then the grid is
  // aria-busy. A whole school's week is thousands of blocks, of which a few hundred are in view.
  // A grid hydrating what the server drew (the week the page came with) starts whole, as drawn there.
  const hydrating = useHydrating();
  const [firstView] = useState(() => (hydrating ? Infinity : firstViewRem()));
  const [whole, setWhole] = useState(false);
  const { blocksByDay, byDay, reachable, partial } = useMemo(() => {
    const limit = whole ? Infinity : firstView;
    const lefts = widths.map((_, i) => AXIS_REM + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const blocksByDay: PlacedBlock[][] = layout.days.map(() => []);
    // What the keyboard reaches: every block, a stack by its first member (the rest are in its list).
    const byDay: PlacedBlock[][] = layout.days.map(() => []);
    const reachable: PlacedBlock[] = [];
    let partial = false;
    for (const b of layout.blocks) {
      if (!b.stack || b.stack.index === 0) {
        reachable.push(b);
        byDay[b.day]!.push(b);
      }
      if (lefts[b.day]! + (b.column / b.columns) * widths[b.day]! < limit) blocksByDay[b.day]!.push(b);
      else partial = true;
    }
    return { blocksByDay, byDay, reachable, partial };
  }, [layout, widths, whole, firstView]);
  useEffect(() => {
    if (!partial) return;
    // After the paint: a frame's callback runs before it, a task queued from there after it.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setWhole(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [partial]);
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
    <Card
      ref={container}
      padding="none"
      className="timetable-grid overflow-auto"
      role="group"
      aria-label={words.t('grid.label')}
      aria-busy={partial || undefined}
      onClick={open}
      onKeyDown={move}
      onFocus={focus}
    >
      <div
        className="grid"
        style={
          {
            gridTemplateColumns: `${AXIS_REM}rem ${columns}`,
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
            elements={dayElements(
              blocksByDay[i]!,
              d.weekday,
              axis,
              subject,
              words,
              zone,
              byDay[i]!.some((b) => b.appointment.key === activeKey) ? activeKey : null,
              clashes,
              changed,
              changes,
              dense,
            )}
            periods={layout.periods}
            breaks={layout.breaks}
            axis={axis}
            height={height}
            words={words}
            nowMinute={now && now.date === d.date ? now.minute : null}
          />
        ))}
      </div>
    </Card>
  );
}

const NO_CHANGES: ReadonlyMap<string, VersionChange> = new Map();
/** The time axis' column, rem (the grid's first column). */
const AXIS_REM = 3.5;

/** How wide the window is, in rem: no more of the grid can be in view. */
function firstViewRem(): number {
  if (typeof window === 'undefined') return Infinity;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return window.innerWidth / rem;
}
const MOVE_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];

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
