import type { PeriodSample } from '@/lib/api/contract';

// The school's periods (u1, u2…) and breaks as the week's own appointments show them: the usual
// times of each period from the appointments that fill exactly one, and the gaps that are breaks.

/** A period of the school day, in minutes after local midnight. */
export interface Period {
  name: string;
  slot: number | null;
  /** Minutes after local midnight. */
  start: number;
  end: number;
}

export const samePeriods = (x: Period[], y: Period[]) =>
  x.length === y.length &&
  x.every((p, i) => p.name === y[i]!.name && p.slot === y[i]!.slot && p.start === y[i]!.start && p.end === y[i]!.end);

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

/** Starts and ends where periods do (a lesson over u3–u4 included). */
export function onGrid(start: number, end: number, periods: readonly Period[]): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 1;
  return periods.some((p) => near(p.start, start)) && periods.some((p) => near(p.end, end));
}

/** Each period's usual times, from appointments that fill exactly one period. */
export function derivePeriods(perDay: { a: PeriodSample; start: number; end: number }[][]): Period[] {
  // Per period name, the weight of each (start, end) seen: minutes as one number, start × 2048 + end.
  const seen = new Map<string, { slot: number | null; times: Map<number, number> }>();
  for (const items of perDay) {
    for (const { a, start, end } of items) {
      if (!a.startSlotName || a.startSlotName !== a.endSlotName) continue;
      let entry = seen.get(a.startSlotName);
      if (!entry) {
        entry = { slot: a.startSlot, times: new Map<number, number>() };
        seen.set(a.startSlotName, entry);
      }
      const key = Math.round(start) * 2048 + Math.round(end);
      entry.times.set(key, (entry.times.get(key) ?? 0) + (a.weight ?? 1));
    }
  }
  const periods: Period[] = [];
  for (const [name, { slot, times }] of seen) {
    // The most weight, the first seen among equals.
    let best = 0;
    let most = -Infinity;
    for (const [key, weight] of times) {
      if (weight > most) {
        most = weight;
        best = key;
      }
    }
    periods.push({ name, slot, start: Math.floor(best / 2048), end: best % 2048 });
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
