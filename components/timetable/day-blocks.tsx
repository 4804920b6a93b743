'use client';

import { memo, type ReactElement } from 'react';
import { clock, type Period, type PlacedBlock, type WeekLayout } from '@/lib/timetable/layout';
import type { VersionChange } from '@/lib/timetable/versions';
import type { Subject } from '@/lib/timetable/view';
import type { Words } from '@/lib/timetable/words';
import { appointmentBlock, type Axis } from './appointment-block';
import { StackBlock } from './stack-block';

// One day column's blocks, drawn once and kept while they stay the same: the grid's hot path (a
// whole school's week is thousands of blocks), apart from the grid's frame and keys.

export const share = (minute: number, axis: Axis) =>
  `${((minute - axis.start) / Math.max(1, axis.end - axis.start)) * 100}%`;
export const span = (from: number, to: number, axis: Axis) =>
  `${((to - from) / Math.max(1, axis.end - axis.start)) * 100}%`;

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
export const DayBlocks = memo(
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

/** What a day's blocks were last drawn with, and the elements, by the day's first block. */
const drawnWith = new WeakMap<PlacedBlock, { blocks: PlacedBlock[]; args: DrawArgs; elements: ReactElement[] }>();

/**
 * A day's elements: the same array as last time when every element is the same (drawBlocks). A
 * day of the same blocks, drawn with the same words and marks, is not drawn again at all: a change
 * of one appointment redraws its day, and each other day costs a comparison of its blocks.
 */
export function dayElements(blocks: PlacedBlock[], ...rest: DrawArgs): ReactElement[] {
  if (blocks.length === 0) return NO_ELEMENTS;
  const memo = drawnWith.get(blocks[0]!);
  if (
    memo &&
    memo.blocks.length === blocks.length &&
    memo.blocks.every((b, i) => b === blocks[i]) &&
    sameArgs(memo.args, rest)
  )
    return memo.elements;
  let elements = drawBlocks(blocks, ...rest);
  const last = drawnDays.get(blocks[0]!);
  if (last && last.length === elements.length && last.every((e, i) => e === elements[i])) elements = last;
  else drawnDays.set(blocks[0]!, elements);
  drawnWith.set(blocks[0]!, { blocks, args: rest, elements });
  return elements;
}

const sameSet = <T,>(x: ReadonlySet<T>, y: ReadonlySet<T>) => {
  if (x === y) return true;
  if (x.size !== y.size) return false;
  for (const v of x) if (!y.has(v)) return false;
  return true;
};

function sameArgs(x: DrawArgs, y: DrawArgs): boolean {
  const [weekday, axis, subject, words, zone, activeKey, clashes, changed, changes, dense] = x;
  const [weekday2, axis2, subject2, words2, zone2, activeKey2, clashes2, changed2, changes2, dense2] = y;
  return (
    weekday === weekday2 &&
    axis.start === axis2.start &&
    axis.end === axis2.end &&
    subject.kind === subject2.kind &&
    (subject.kind === 'school' || subject.code === (subject2 as { code: string }).code) &&
    words === words2 &&
    zone === zone2 &&
    activeKey === activeKey2 &&
    dense === dense2 &&
    sameSet(clashes, clashes2) &&
    sameSet(changed, changed2) &&
    (changes === changes2 || (changes.size === 0 && changes2.size === 0))
  );
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
