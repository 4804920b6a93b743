'use client';

import {
  memo,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import { subjectClashes } from '@/lib/overview/clashes';
import { clock, type Period, type PlacedBlock, type WeekLayout } from '@/lib/timetable/layout';
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
  const [firstView] = useState(firstViewRem);
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
    <div
      ref={container}
      className="timetable-grid overflow-auto rounded-lg border border-surface-line bg-surface"
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
    </div>
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

const share = (minute: number, axis: Axis) => `${((minute - axis.start) / Math.max(1, axis.end - axis.start)) * 100}%`;
const span = (from: number, to: number, axis: Axis) => `${((to - from) / Math.max(1, axis.end - axis.start)) * 100}%`;

interface DayProps {
  /** The day's blocks, drawn (dayElements): the same array while none of them changed. */
  elements: ReactElement[];
  periods: Period[];
  breaks: WeekLayout['breaks'];
  axis: Axis;
  height: number;
  words: Words;
  nowMinute: number | null;
}

const sameLines = (x: readonly { start: number; end: number }[], y: readonly { start: number; end: number }[]) =>
  x === y || (x.length === y.length && x.every((a, i) => a.start === y[i]!.start && a.end === y[i]!.end));

/**
 * One day's column. Memoised on what it shows: a poll that changes one appointment, or the tab
 * stop moving with an arrow key, redraws the days involved, not a whole-school week.
 */
const DayBlocks = memo(
  function DayBlocks({ elements, periods, breaks, axis, height, words, nowMinute }: DayProps) {
    return (
      <div className="day-column grid-body relative border-r border-surface-line" style={{ height: `${height}rem` }}>
        {periods.map((p) => (
          <div
            key={p.name}
            aria-hidden
            className="absolute inset-x-0 border-t border-surface-line"
            style={{ top: share(p.start, axis) }}
          />
        ))}
        {breaks.map((b) => (
          <div
            key={b.start}
            aria-hidden
            className="grid-break absolute inset-x-0"
            style={{ top: share(b.start, axis), height: span(b.start, b.end, axis) }}
          />
        ))}
        {elements}
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
  },
  (x, y) =>
    x.elements === y.elements &&
    x.axis.start === y.axis.start &&
    x.axis.end === y.axis.end &&
    x.height === y.height &&
    x.words === y.words &&
    x.nowMinute === y.nowMinute &&
    sameLines(x.breaks, y.breaks) &&
    (x.periods === y.periods ||
      (sameLines(x.periods, y.periods) && x.periods.every((p, i) => p.name === y.periods[i]!.name))),
);

const NO_ELEMENTS: ReactElement[] = [];
/** The elements last drawn for a day, by the day's first block. */
const drawnDays = new WeakMap<PlacedBlock, ReactElement[]>();

/** A day's elements: the same array as last time when every element is the same (drawBlocks). */
function dayElements(blocks: PlacedBlock[], ...rest: DrawArgs): ReactElement[] {
  if (blocks.length === 0) return NO_ELEMENTS;
  const elements = drawBlocks(blocks, ...rest);
  const last = drawnDays.get(blocks[0]!);
  if (last && last.length === elements.length && last.every((e, i) => e === elements[i])) return last;
  drawnDays.set(blocks[0]!, elements);
  return elements;
}

type DrawArgs = [
  weekday: number,
  axis: Axis,
  subject: Subject,
  words: Words,
  zone: string,
  activeKey: string | null,
  clashes: ReadonlySet<string>,
  changed: ReadonlySet<number>,
  changes: ReadonlyMap<string, VersionChange>,
  dense: boolean,
];

/**
 * The elements of a day's blocks, each the same element as last time while nothing it shows
 * changed: React skips an unchanged element without comparing its props, so a poll that changes
 * one appointment redraws that block, not the week (layoutWeek keeps a block that stayed put).
 */
function drawBlocks(
  blocks: PlacedBlock[],
  ...[weekday, axis, subject, words, zone, activeKey, clashes, changed, changes, dense]: DrawArgs
): ReactElement[] {
  const code = subject.kind === 'school' ? '' : subject.code;
  // What every block of the day is drawn with; an element made under another is made again.
  const context = `${weekday} ${axis.start} ${axis.end} ${subject.kind} ${code} ${zone} ${dense}`;
  const out: ReactElement[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const tabbable = b.appointment.key === activeKey;
    const last = drawn.get(b);
    if (b.stack) {
      // A stack is drawn once, by its first member; the members follow one another (layoutWeek).
      if (b.stack.index !== 0) continue;
      const key = b.stack.key;
      let end = i + 1;
      while (end < blocks.length && blocks[end]!.stack?.key === key) end++;
      const members = blocks.slice(i, end);
      const marks = members.map((m) => clashes.has(m.appointment.key));
      if (
        last?.members &&
        last.context === context &&
        last.words === words &&
        last.tabbable === tabbable &&
        last.members.length === members.length &&
        members.every((m, j) => m === last.members![j] && marks[j] === last.marks![j])
      ) {
        out.push(last.element);
        continue;
      }
      const element = (
        <StackBlock
          key={`stack:${b.appointment.key}`}
          members={members}
          weekday={weekday}
          axis={axis}
          subject={subject}
          words={words}
          zone={zone}
          tabbable={tabbable}
          clashes={clashes}
        />
      );
      drawn.set(b, {
        context,
        words,
        tabbable,
        changed: false,
        change: undefined,
        clash: false,
        members,
        marks,
        element,
      });
      out.push(element);
      continue;
    }
    const changedHere = b.appointment.id !== null && changed.has(b.appointment.id);
    const change = changes.get(b.appointment.key);
    const clash = clashes.has(b.appointment.key);
    if (
      last &&
      !last.members &&
      last.context === context &&
      last.words === words &&
      last.tabbable === tabbable &&
      last.changed === changedHere &&
      last.change === change &&
      last.clash === clash
    ) {
      out.push(last.element);
      continue;
    }
    const element = appointmentBlock(b, weekday, axis, subject, words, {
      changed: changedHere,
      dense,
      change,
      tabbable,
      zone,
      clash,
    });
    drawn.set(b, { context, words, tabbable, changed: changedHere, change, clash, element });
    out.push(element);
  }
  return out;
}

/** What a block was last drawn with, and the element. */
interface Drawn {
  context: string;
  words: Words;
  tabbable: boolean;
  changed: boolean;
  change: VersionChange | undefined;
  clash: boolean;
  /** A stack's members and their clash marks. */
  members?: PlacedBlock[];
  marks?: boolean[];
  element: ReactElement;
}

const drawn = new WeakMap<PlacedBlock, Drawn>();

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
