import { dayStartOfDays, isoDateOfDays, localAt, mondayOfIsoWeek, zoneOffset } from '@/lib/partner-api/calendar';
import type { IsoWeek } from '@/lib/partner-api/values';
import type { PeriodSample } from '@/lib/api/contract';
import type { Appointment } from './appointment';

// Where each block sits: the day, the wall-clock minutes on a proportional time axis (correct
// across DST), and a column among the appointments it overlaps, so none covers another. The
// periods (u1, u2…) and breaks come from the data itself.

export interface Period {
  name: string;
  slot: number | null;
  /** Minutes after local midnight. */
  start: number;
  end: number;
}

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

interface DayFrame {
  weekday: number;
  date: string;
  midnight: number;
  next: number;
  /** No DST switch that day: local minutes are plain arithmetic. */
  steady: boolean;
}

function frames(week: IsoWeek, zone: string): DayFrame[] {
  const monday = mondayOfIsoWeek(week);
  return Array.from({ length: 7 }, (_, i) => {
    const midnight = dayStartOfDays(monday + i, zone);
    const next = dayStartOfDays(monday + i + 1, zone);
    return {
      weekday: i + 1,
      date: isoDateOfDays(monday + i),
      midnight,
      next,
      steady: zoneOffset(midnight, zone) === zoneOffset(next - 1, zone),
    };
  });
}

function localMinutes(t: number, frame: DayFrame, zone: string): number {
  if (frame.steady) return (t - frame.midnight) / 60;
  const local = localAt(t, zone);
  return local ? Math.floor(local.seconds) / 60 : NaN;
}

/**
 * `periodSource`: the appointments to learn the periods from (the whole week read, so a group's
 * grid still shows u1 on a week it starts at u2); defaults to the ones laid out.
 */
export function layoutWeek(
  appointments: readonly Appointment[],
  week: IsoWeek,
  zone: string,
  periodSource?: readonly PeriodSample[],
): WeekLayout {
  const week7 = frames(week, zone);
  const perDay = placeByDay(appointments, week7, zone);
  const periods = derivePeriods((periodSource ? placeByDay(periodSource, week7, zone) : perDay).flat());
  const shownDays = week7.map((f, i) => ({ f, i })).filter(({ f, i }) => f.weekday <= 5 || perDay[i]!.length > 0);
  const blocks: PlacedBlock[] = [];
  const days: DayColumn[] = [];
  let earliest = Infinity;
  let latest = -Infinity;
  shownDays.forEach(({ f, i }, dayIndex) => {
    const items = perDay[i]!.sort((x, y) => x.start - y.start || y.end - x.end || x.a.key.localeCompare(y.a.key));
    let lanes = 1;
    for (const cluster of clusters(unitsOf(items))) {
      const columnEnds: number[] = [];
      const placed = cluster.map((unit) => {
        let column = columnEnds.findIndex((end) => end <= unit.start);
        if (column < 0) column = columnEnds.push(unit.end) - 1;
        else columnEnds[column] = unit.end;
        return { unit, column };
      });
      lanes = Math.max(lanes, columnEnds.length);
      for (const { unit, column } of placed) {
        unit.members.forEach((item, index) => {
          blocks.push({
            appointment: item.a,
            day: dayIndex,
            startMinute: item.start,
            endMinute: item.end,
            column,
            columns: columnEnds.length,
            drawStart: unit.start,
            drawEnd: unit.end,
            offGrid: !onGrid(item.start, item.end, periods),
            stack: unit.members.length > 1 ? { key: unit.members[0]!.a.key, index, size: unit.members.length } : null,
          });
        });
        earliest = Math.min(earliest, unit.start);
        latest = Math.max(latest, unit.end);
      }
    }
    days.push({ weekday: f.weekday, date: f.date, lanes });
  });

  const first = periods[0]?.start ?? DEFAULT_AXIS.start;
  const last = periods.at(-1)?.end ?? DEFAULT_AXIS.end;
  const axisStart = Math.floor(Math.min(first, earliest) / 30) * 30;
  const axisEnd = Math.min(24 * 60, Math.ceil(Math.max(last, latest === -Infinity ? last : latest) / 30) * 30);
  return { days, axisStart, axisEnd, periods, breaks: breaksBetween(periods), blocks };
}

/**
 * The gaps between periods that are breaks: five minutes or more between periods that follow each
 * other. A gap where periods are missing (u5 then u8, the data holds no lesson in u6 or u7) is no
 * break: free lesuren would be drawn as a pauze.
 */
export function breaksBetween(periods: readonly Period[]): { start: number; end: number }[] {
  return periods.slice(1).flatMap((p, i) => {
    const before = periods[i]!;
    const skips = p.slot !== null && before.slot !== null && p.slot - before.slot > 1;
    return p.start - before.end >= 5 && !skips ? [{ start: before.end, end: p.start }] : [];
  });
}

function placeByDay<A extends PeriodSample>(appointments: readonly A[], week7: DayFrame[], zone: string) {
  const perDay: { a: A; start: number; end: number }[][] = week7.map(() => []);
  for (const a of appointments) {
    const d = week7.findIndex((f) => a.start >= f.midnight && a.start < f.next);
    if (d < 0) continue;
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

/**
 * What takes a place in a day column: each appointment, drawn at least READABLE_MINUTES tall, except
 * that short ones following one another closely (a run of ten-minute talks) share one place.
 */
function unitsOf<A>(sorted: DayItem<A>[]): { start: number; end: number; members: DayItem<A>[] }[] {
  const units: { start: number; end: number; members: DayItem<A>[] }[] = [];
  let run: { start: number; end: number; members: DayItem<A>[]; reach: number } | null = null;
  for (const item of sorted) {
    const short = item.end - item.start < READABLE_MINUTES;
    if (short && run && item.start <= run.reach + STACK_GAP_MINUTES) {
      run.members.push(item);
      run.reach = Math.max(run.reach, item.end);
      run.end = Math.max(run.end, item.end);
      continue;
    }
    const unit = { start: item.start, end: Math.max(item.end, item.start + READABLE_MINUTES), members: [item] };
    units.push(unit);
    if (short) run = Object.assign(unit, { reach: item.end });
  }
  return units.sort((x, y) => x.start - y.start || y.end - x.end);
}

/** Starts and ends where periods do (a lesson over u3–u4 included). */
function onGrid(start: number, end: number, periods: readonly Period[]): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 1;
  return periods.some((p) => near(p.start, start)) && periods.some((p) => near(p.end, end));
}

/** Runs of appointments that overlap one another, transitively. */
function clusters<T extends { start: number; end: number }>(sorted: T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let reach = -Infinity;
  for (const item of sorted) {
    if (current.length > 0 && item.start >= reach) {
      out.push(current);
      current = [];
      reach = -Infinity;
    }
    current.push(item);
    reach = Math.max(reach, item.end);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Each period's usual times, from appointments that fill exactly one period. */
function derivePeriods(items: { a: PeriodSample; start: number; end: number }[]): Period[] {
  const seen = new Map<string, { slot: number | null; times: Map<string, number> }>();
  for (const { a, start, end } of items) {
    if (!a.startSlotName || a.startSlotName !== a.endSlotName) continue;
    const entry = seen.get(a.startSlotName) ?? { slot: a.startSlot, times: new Map<string, number>() };
    const key = `${Math.round(start)}-${Math.round(end)}`;
    entry.times.set(key, (entry.times.get(key) ?? 0) + (a.weight ?? 1));
    seen.set(a.startSlotName, entry);
  }
  const periods: Period[] = [];
  for (const [name, { slot, times }] of seen) {
    const [best] = [...times.entries()].sort((x, y) => y[1] - x[1]);
    const [start, end] = best![0].split('-').map(Number) as [number, number];
    periods.push({ name, slot, start, end });
  }
  return periods.sort((x, y) => x.start - y.start || (x.slot ?? 0) - (y.slot ?? 0));
}

/** The single-period appointments of a read, summed up per period and time (a few dozen samples). */
export function periodSamples(appointments: readonly PeriodSample[]): PeriodSample[] {
  const byKey = new Map<string, PeriodSample & { weight: number }>();
  for (const a of appointments) {
    if (!a.startSlotName || a.startSlotName !== a.endSlotName) continue;
    const key = `${a.startSlotName}|${a.start % 86_400}|${a.end - a.start}`;
    const seen = byKey.get(key);
    if (seen) seen.weight += a.weight ?? 1;
    else {
      const { start, end, startSlotName, endSlotName, startSlot } = a;
      byKey.set(key, { start, end, startSlotName, endSlotName, startSlot, weight: a.weight ?? 1 });
    }
  }
  return [...byKey.values()];
}

export function clock(minutes: number): string {
  const m = Math.round(minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
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
