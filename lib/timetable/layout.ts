import type { PeriodSample } from '@/lib/api/contract';
import type { IsoWeek } from '@/lib/partner-api/values';
import type { Appointment } from './appointment';
import { frames, localMinutes, remember, type DayFrame } from './day-frames';
import { byKey, Lanes } from './lanes';
import { breaksBetween, derivePeriods, onGrid, samePeriods, type Period } from './periods';

export { breaksBetween, periodSamples, type Period } from './periods';

// Where each block sits: the day, the wall-clock minutes on a proportional time axis (correct
// across DST), and a column among the appointments it overlaps, so none covers another. The
// periods (u1, u2…) and breaks come from the data itself.

export interface DayColumn {
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  date: string;
  /** Most blocks side by side at any moment that day. */
  lanes: number;
}

export interface PlacedBlock {
  appointment: Appointment;
  /** Index into `days`. */
  day: number;
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
  column: number;
  columns: number;
  /**
   * Where the block is drawn, minutes after midnight: at least READABLE_MINUTES tall (a ten-minute
   * talk would be a sliver), a stack's whole run for each of its members.
   */
  drawStart: number;
  drawEnd: number;
  /** Its start or end is not a period's: the block shows its times. */
  offGrid: boolean;
  /** Short appointments in a run (mentor talks of ten minutes each) are drawn as one list; null alone. */
  stack: { key: string; index: number; size: number } | null;
}

/** The least time a block is drawn for: two lines of text (title and times) fit. */
export const READABLE_MINUTES = 30;
/** Short appointments this close after one another join one stack. */
const STACK_GAP_MINUTES = 5;

export interface WeekLayout {
  days: DayColumn[];
  axisStart: number;
  axisEnd: number;
  periods: Period[];
  breaks: { start: number; end: number }[];
  /** By day, then start time: the reading (and Tab) order. */
  blocks: PlacedBlock[];
}

const DEFAULT_AXIS = { start: 8 * 60, end: 17 * 60 };

/**
 * `periodSource`: the appointments to learn the periods from (the whole week read, so a group's
 * grid still shows u1 on a week it starts at u2); defaults to the ones laid out.
 *
 * One pass that allocates little (a whole school's week is thousands of blocks, laid out again
 * after each poll): blocks sorted once with a plain tie-break, columns from two heaps rather than
 * a scan of every column, and a block equal to the one laid out before for the same appointment is
 * that same object, so a grid that keys its elements on blocks redraws only what moved.
 */
export function layoutWeek(
  appointments: readonly Appointment[],
  week: IsoWeek,
  zone: string,
  periodSource?: readonly PeriodSample[],
): WeekLayout {
  const week7 = frames(week, zone);
  const perDay = placeByDay(appointments, week7, zone);
  const periods = periodsOf(periodSource ?? appointments, periodSource ? null : perDay, week7, zone);
  const blocks: PlacedBlock[] = [];
  const days: DayColumn[] = [];
  let earliest = Infinity;
  let latest = -Infinity;
  for (let i = 0; i < 7; i++) {
    const f = week7[i]!;
    const items = perDay[i]!;
    if (f.weekday > 5 && items.length === 0) continue;
    const day = layoutDay(items, days.length, periods, f, zone);
    for (const b of day.blocks) blocks.push(b);
    earliest = Math.min(earliest, day.earliest);
    latest = Math.max(latest, day.latest);
    days.push({ weekday: f.weekday, date: f.date, lanes: day.lanes });
  }

  const first = periods[0]?.start ?? DEFAULT_AXIS.start;
  const last = periods.at(-1)?.end ?? DEFAULT_AXIS.end;
  const axisStart = Math.floor(Math.min(first, earliest) / 30) * 30;
  const axisEnd = Math.min(24 * 60, Math.ceil(Math.max(last, latest === -Infinity ? last : latest) / 30) * 30);
  return { days, axisStart, axisEnd, periods, breaks: breaksBetween(periods), blocks };
}

interface DayLayout {
  blocks: PlacedBlock[];
  lanes: number;
  earliest: number;
  latest: number;
}

interface DaySeen {
  /** The day's appointments in the order given, each the same object. */
  appointments: Appointment[];
  dayIndex: number;
  periods: Period[];
  layout: DayLayout;
}

const daysSeen = new Map<string, DaySeen>();

/**
 * One day's blocks: the same as last time when the day holds the same appointments (the same
 * objects, see appointmentsOf) under the same periods, so a poll that changes one appointment lays
 * out its day again, not the week.
 */
function layoutDay(
  items: DayItem<Appointment>[],
  dayIndex: number,
  periods: Period[],
  f: DayFrame,
  zone: string,
): DayLayout {
  const key = `${zone} ${f.midnight} ${items.length}`;
  const seen = daysSeen.get(key);
  if (
    seen &&
    seen.dayIndex === dayIndex &&
    seen.periods === periods &&
    items.every((item, i) => item.a === seen.appointments[i])
  )
    return seen.layout;
  const appointments = items.map((item) => item.a);
  const layout =
    (seen && seen.dayIndex === dayIndex && seen.periods === periods && samePlaces(seen, items)) ||
    placeDay(items, dayIndex, periods);
  remember(daysSeen, key, { appointments, dayIndex, periods, layout });
  return layout;
}

/**
 * The day laid out before, its changed appointments put in their blocks, when each of them sits
 * where the one it replaces sat (same key, same times): a room or teacher change moves nothing.
 */
function samePlaces(seen: DaySeen, items: DayItem<Appointment>[]): DayLayout | null {
  const replaced = new Map<Appointment, Appointment>();
  for (let i = 0; i < items.length; i++) {
    const a = items[i]!.a;
    const before = seen.appointments[i]!;
    if (a === before) continue;
    if (a.key !== before.key || a.start !== before.start || a.end !== before.end) return null;
    replaced.set(before, a);
  }
  const blocks = seen.layout.blocks.map((b) => {
    const a = replaced.get(b.appointment);
    if (!a) return b;
    const block = { ...b, appointment: a };
    lastPlaced.set(a, block);
    return block;
  });
  return { ...seen.layout, blocks };
}

function placeDay(items: DayItem<Appointment>[], dayIndex: number, periods: Period[]): DayLayout {
  const blocks: PlacedBlock[] = [];
  let earliest = Infinity;
  let latest = -Infinity;
  const lanes = new Lanes();
  items.sort(byTime);
  const units = unitsOf(items);
  let most = 1;
  // Runs of units that overlap one another, transitively: each run shares its columns.
  for (let from = 0; from < units.length;) {
    let to = from;
    let reach = -Infinity;
    lanes.reset();
    while (to < units.length && (to === from || units[to]!.start < reach)) {
      const unit = units[to]!;
      unit.column = lanes.place(unit.start, unit.end);
      reach = Math.max(reach, unit.end);
      to++;
    }
    const columns = lanes.count;
    most = Math.max(most, columns);
    for (let u = from; u < to; u++) {
      const unit = units[u]!;
      const size = unit.members.length;
      for (let index = 0; index < size; index++) {
        const item = unit.members[index]!;
        blocks.push(
          placed(
            item.a,
            dayIndex,
            item.start,
            item.end,
            unit.column,
            columns,
            unit.start,
            unit.end,
            !onGrid(item.start, item.end, periods),
            size > 1 ? unit.members[0]!.a.key : null,
            index,
            size,
          ),
        );
      }
      if (unit.start < earliest) earliest = unit.start;
      if (unit.end > latest) latest = unit.end;
    }
    from = to;
  }
  return { blocks, lanes: most, earliest, latest };
}

/** What derivePeriods reads of a sample. */
const sameSample = (x: PeriodSample, y: PeriodSample) =>
  (['start', 'end', 'startSlotName', 'endSlotName', 'startSlot', 'weight'] as const).every((k) => x[k] === y[k]);

interface PeriodsSeen {
  source: readonly PeriodSample[];
  periods: Period[];
}

const periodsSeen = new Map<string, PeriodsSeen>();

/**
 * The periods learned from `source` (the same list of the same objects gives the same periods,
 * the same array): `placedSource` where the source is already placed (the appointments laid out).
 */
function periodsOf(
  source: readonly PeriodSample[],
  placedSource: DayItem<PeriodSample>[][] | null,
  week7: DayFrame[],
  zone: string,
): Period[] {
  const key = `${zone} ${week7[0]!.midnight}`;
  const seen = periodsSeen.get(key);
  // A changed appointment at the same times and periods (a room change) teaches nothing new.
  const same =
    seen?.source.length === source.length && seen.source.every((x, i) => x === source[i] || sameSample(x, source[i]!));
  if (same) {
    seen.source = source.slice();
    return seen.periods;
  }
  const derived = derivePeriods(placedSource ?? placeByDay(source, week7, zone));
  // Learned again from a changed source, mostly the same: then the same array (days keep theirs).
  const periods = seen && samePeriods(seen.periods, derived) ? seen.periods : derived;
  remember(periodsSeen, key, { source: [...source], periods });
  return periods;
}

/** The block last laid out for each appointment: reused while it sits in the same place. */
const lastPlaced = new WeakMap<Appointment, PlacedBlock>();

function placed(
  appointment: Appointment,
  day: number,
  startMinute: number,
  endMinute: number,
  column: number,
  columns: number,
  drawStart: number,
  drawEnd: number,
  offGrid: boolean,
  stackKey: string | null,
  index: number,
  size: number,
): PlacedBlock {
  const last = lastPlaced.get(appointment);
  if (
    last &&
    last.day === day &&
    last.startMinute === startMinute &&
    last.endMinute === endMinute &&
    last.column === column &&
    last.columns === columns &&
    last.drawStart === drawStart &&
    last.drawEnd === drawEnd &&
    last.offGrid === offGrid &&
    (last.stack === null
      ? stackKey === null
      : last.stack.key === stackKey && last.stack.index === index && last.stack.size === size)
  )
    return last;
  const block: PlacedBlock = {
    appointment,
    day,
    startMinute,
    endMinute,
    column,
    columns,
    drawStart,
    drawEnd,
    offGrid,
    stack: stackKey === null ? null : { key: stackKey, index, size },
  };
  lastPlaced.set(appointment, block);
  return block;
}

/** By start, the longer first, then by key: the reading order. */
function byTime<A extends { key: string; id?: number | null }>(x: DayItem<A>, y: DayItem<A>): number {
  return x.start - y.start || y.end - x.end || byKey(x.a, y.a);
}

function placeByDay<A extends PeriodSample>(appointments: readonly A[], week7: DayFrame[], zone: string) {
  const perDay: DayItem<A>[][] = [[], [], [], [], [], [], []];
  const from = week7[0]!.midnight;
  const to = week7[6]!.next;
  for (const a of appointments) {
    if (!(a.start >= from && a.start < to)) continue;
    let d = 0;
    while (a.start >= week7[d]!.next) d++;
    const frame = week7[d]!;
    const start = localMinutes(a.start, frame, zone);
    // An appointment past midnight is drawn to the end of its day.
    const end = a.end >= frame.next ? 24 * 60 : Math.max(start + 5, localMinutes(a.end, frame, zone));
    perDay[d]!.push({ a, start, end });
  }
  return perDay;
}

interface DayItem<A> {
  a: A;
  start: number;
  end: number;
}

interface Unit<A> {
  start: number;
  end: number;
  members: DayItem<A>[];
  /** Set when the unit's run is laid out. */
  column: number;
}

/**
 * What takes a place in a day column: each appointment, drawn at least READABLE_MINUTES tall, except
 * that short ones following one another closely (a run of ten-minute talks) share one place.
 */
function unitsOf<A>(sorted: DayItem<A>[]): Unit<A>[] {
  const units: Unit<A>[] = [];
  let run: Unit<A> | null = null;
  let reach = 0;
  let ordered = true;
  for (const item of sorted) {
    const short = item.end - item.start < READABLE_MINUTES;
    if (short && run && item.start <= reach + STACK_GAP_MINUTES) {
      run.members.push(item);
      reach = Math.max(reach, item.end);
      run.end = Math.max(run.end, item.end);
      continue;
    }
    const unit: Unit<A> = {
      start: item.start,
      end: Math.max(item.end, item.start + READABLE_MINUTES),
      members: [item],
      column: 0,
    };
    const before = units.at(-1);
    if (before && (before.start > unit.start || (before.start === unit.start && before.end < unit.end)))
      ordered = false;
    units.push(unit);
    if (short) {
      run = unit;
      reach = item.end;
    }
  }
  // Mostly in order already (the items were): a stack that grew may have to move.
  if (!ordered || units.some((u) => u.members.length > 1)) units.sort((x, y) => x.start - y.start || y.end - x.end);
  return units;
}

const clocks: string[] = [];

export function clock(minutes: number): string {
  const m = Math.round(minutes);
  // A grid says the same few dozen times thousands of times: each is made once.
  const known = clocks[m];
  if (known !== undefined) return known;
  const text = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  if (m >= 0 && m <= 48 * 60) clocks[m] = text;
  return text;
}

/** The layout of one day of the week (a phone shows a day at a time); the week itself where the day has no column. */
export function dayOf(layout: WeekLayout, weekday: number | null): WeekLayout {
  const index = layout.days.findIndex((d) => d.weekday === weekday);
  if (index < 0) return layout;
  return {
    ...layout,
    days: [layout.days[index]!],
    blocks: layout.blocks.filter((b) => b.day === index).map((b) => ({ ...b, day: 0 })),
  };
}
