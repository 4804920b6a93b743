import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Appointment } from './appointment';
import { breaksBetween, clock, layoutWeek, periodSamples } from './layout';

const zone = 'Europe/Amsterdam';
let nextId = 1;
/** An appointment at local wall-clock times on a date. */
function appt(date: string, from: string, to: string, extra: Partial<Appointment> = {}): Appointment {
  const at = (t: string) => DateTime.fromISO(`${date}T${t}`, { zone }).toUnixInteger();
  const id = nextId++;
  return {
    key: String(id),
    id,
    instance: null,
    start: at(from),
    end: at(to),
    type: 'lesson',
    startSlotName: null,
    endSlotName: null,
    startSlot: null,
    endSlot: null,
    subjects: ['ne'],
    groups: ['1a'],
    teachers: ['abc'],
    locations: ['101'],
    students: null,
    cancelled: false,
    valid: true,
    hidden: false,
    optional: false,
    teacherChanged: false,
    locationChanged: false,
    timeChanged: false,
    groupChanged: false,
    changeDescription: '',
    schedulerRemark: '',
    content: '',
    lastModified: null,
    optionCount: 0,
    ...extra,
  };
}
const period = (name: string, slot: number) => ({ startSlotName: name, endSlotName: name, startSlot: slot });
const W47 = { year: 2026, week: 47 }; // 16–22 November 2026

describe('placing blocks', () => {
  it('puts each block on its day at its wall-clock minutes', () => {
    const layout = layoutWeek(
      [appt('2026-11-17', '09:20', '10:10', period('u2', 2)), appt('2026-11-20', '14:30', '15:20')],
      W47,
      zone,
    );
    expect(layout.days.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(layout.blocks.map((b) => [b.day, clock(b.startMinute), clock(b.endMinute)])).toEqual([
      [1, '09:20', '10:10'],
      [4, '14:30', '15:20'],
    ]);
  });

  it('adds Saturday or Sunday only when something is scheduled then', () => {
    expect(layoutWeek([appt('2026-11-22', '10:00', '12:00')], W47, zone).days.map((d) => d.weekday)).toEqual([
      1, 2, 3, 4, 5, 7,
    ]);
    expect(layoutWeek([], W47, zone).days).toHaveLength(5);
  });

  it('sets concurrent appointments side by side, never on top of each other', () => {
    const a = appt('2026-11-16', '09:00', '10:00');
    const b = appt('2026-11-16', '09:30', '10:30');
    const c = appt('2026-11-16', '10:00', '11:00'); // fits under a once a ends
    const d = appt('2026-11-16', '09:45', '09:50');
    const e = appt('2026-11-16', '12:00', '13:00'); // alone
    const layout = layoutWeek([a, b, c, d, e], W47, zone);
    const at = (x: Appointment) => layout.blocks.find((p) => p.appointment.id === x.id)!;
    expect([at(a).column, at(b).column, at(d).column, at(c).column]).toEqual([0, 1, 2, 0]);
    expect(new Set([a, b, c, d].map((x) => at(x).columns))).toEqual(new Set([3]));
    expect([at(e).column, at(e).columns]).toEqual([0, 1]);
    expect(layout.days[0]!.lanes).toBe(3);
    // No two blocks in one column overlap in time.
    for (const p of layout.blocks) {
      for (const q of layout.blocks) {
        if (p === q || p.day !== q.day || p.column !== q.column) continue;
        expect(p.endMinute <= q.startMinute || q.endMinute <= p.startMinute).toBe(true);
      }
    }
  });

  it('places off-grid appointments at their real times', () => {
    const layout = layoutWeek(
      [
        appt('2026-11-16', '08:30', '09:20', period('u1', 1)),
        appt('2026-11-16', '08:45', '15:30', { type: 'activity' }),
        appt('2026-11-19', '15:30', '15:40', { type: 'talk' }),
      ],
      W47,
      zone,
    );
    const activity = layout.blocks.find((b) => b.appointment.type === 'activity')!;
    expect([clock(activity.startMinute), clock(activity.endMinute)]).toEqual(['08:45', '15:30']);
    expect(clock(layout.blocks.find((b) => b.appointment.type === 'talk')!.startMinute)).toBe('15:30');
    expect(layout.axisEnd).toBeGreaterThanOrEqual(15 * 60 + 40);
  });
});

describe('periods from the data', () => {
  it('derives irregular periods, their usual times and the breaks between them', () => {
    const items = [
      appt('2026-11-16', '08:30', '09:20', period('u1', 1)),
      appt('2026-11-17', '08:30', '09:20', period('u1', 1)),
      appt('2026-11-16', '09:20', '10:10', period('u2', 2)),
      appt('2026-11-16', '10:30', '11:20', period('u3', 3)),
      appt('2026-11-16', '11:20', '12:05', period('u4', 4)),
      appt('2026-11-18', '12:35', '13:25', period('u5', 5)),
      // A moved lesson keeps its slot name but not its time: the usual time wins.
      appt('2026-11-19', '08:35', '09:25', period('u1', 1)),
    ];
    const layout = layoutWeek(items, W47, zone);
    expect(layout.periods.map((p) => [p.name, clock(p.start), clock(p.end)])).toEqual([
      ['u1', '08:30', '09:20'],
      ['u2', '09:20', '10:10'],
      ['u3', '10:30', '11:20'],
      ['u4', '11:20', '12:05'],
      ['u5', '12:35', '13:25'],
    ]);
    expect(layout.breaks.map((b) => [clock(b.start), clock(b.end)])).toEqual([
      ['10:10', '10:30'],
      ['12:05', '12:35'],
    ]);
    expect([clock(layout.axisStart), clock(layout.axisEnd)]).toEqual(['08:30', '13:30']);
  });
});

describe('the DST weeks of 2026', () => {
  it.each([
    ['spring forward, week 13', { year: 2026, week: 13 }, ['2026-03-23', '2026-03-27', '2026-03-29']],
    ['fall back, week 43', { year: 2026, week: 43 }, ['2026-10-19', '2026-10-23', '2026-10-25']],
  ])(
    '%s: lessons keep their wall-clock place before, after and on the switch day',
    (_label, week, [monday, friday, sunday]) => {
      const items = [
        appt(monday!, '08:30', '09:20', period('u1', 1)),
        appt(friday!, '08:30', '09:20', period('u1', 1)),
        appt(sunday!, '10:00', '11:00'),
        appt(sunday!, '01:30', '04:00'),
      ];
      const layout = layoutWeek(items, week, zone);
      expect(layout.days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 7]);
      const [mon, fri, sun, night] = items.map((a) => layout.blocks.find((b) => b.appointment.id === a.id)!);
      expect([clock(mon!.startMinute), clock(fri!.startMinute), clock(sun!.startMinute)]).toEqual([
        '08:30',
        '08:30',
        '10:00',
      ]);
      expect([mon!.day, fri!.day, sun!.day]).toEqual([0, 4, 5]);
      // The night of the switch: 01:30 to 04:00 on the wall clock, however long it really lasts.
      expect([clock(night!.startMinute), clock(night!.endMinute)]).toEqual(['01:30', '04:00']);
    },
  );
});

describe('periods of a sparse view', () => {
  it('learns periods from the whole week read, not only the shown blocks', () => {
    const all = [
      appt('2026-11-16', '08:30', '09:20', period('u1', 1)),
      appt('2026-11-16', '09:20', '10:10', period('u2', 2)),
    ];
    const layout = layoutWeek([all[1]!], W47, zone, all);
    expect(layout.periods.map((p) => p.name)).toEqual(['u1', 'u2']);
    expect(layout.blocks).toHaveLength(1);
  });
});

describe('the period grid of a narrowed view', () => {
  it('learns every period from the whole week’s samples, not only from the view’s own lessons', () => {
    const whole = [
      appt('2026-11-16', '08:30', '09:20', period('u1', 1)),
      appt('2026-11-16', '09:20', '10:10', period('u2', 2)),
      appt('2026-11-17', '09:20', '10:10', period('u2', 2)),
      appt('2026-11-16', '10:30', '11:20', period('u3', 3)),
    ];
    const view = [whole[1]!];
    const samples = periodSamples(whole);
    expect(samples.find((s) => s.startSlotName === 'u2')?.weight).toBe(2);
    expect(layoutWeek(view, W47, zone).periods.map((p) => p.name)).toEqual(['u2']);
    expect(layoutWeek(view, W47, zone, [...view, ...samples]).periods.map((p) => p.name)).toEqual(['u1', 'u2', 'u3']);
  });
});

describe('short appointments off the period grid', () => {
  it('ten-minute talks after one another become one stack, beside the lesson they overlap, drawn readable', () => {
    const lesson = appt('2026-11-19', '15:20', '16:05', period('u8', 8));
    const talks = ['15:30', '15:40', '15:50', '16:00'].map((from) =>
      appt('2026-11-19', from, clock(Number(from.slice(0, 2)) * 60 + Number(from.slice(3)) + 10), { type: 'talk' }),
    );
    const layout = layoutWeek([lesson, ...talks], W47, zone);
    const talkBlocks = layout.blocks.filter((b) => b.appointment.type === 'talk');
    expect(talkBlocks.map((b) => b.stack)).toEqual(talks.map((t, index) => ({ key: talks[0]!.key, index, size: 4 })));
    expect(new Set(talkBlocks.map((b) => `${clock(b.drawStart)}–${clock(b.drawEnd)}`))).toEqual(
      new Set(['15:30–16:10']),
    );
    expect(talkBlocks.every((b) => b.offGrid && b.column === 1 && b.columns === 2)).toBe(true);
    const lessonBlock = layout.blocks.find((b) => b.appointment.key === lesson.key)!;
    expect([lessonBlock.offGrid, lessonBlock.stack, lessonBlock.column]).toEqual([false, null, 0]);
  });

  it('one short appointment alone is drawn at least READABLE_MINUTES tall, and pushes what it now covers aside', () => {
    const talk = appt('2026-11-19', '12:05', '12:15', { type: 'talk' });
    const next = appt('2026-11-19', '12:20', '13:00');
    const layout = layoutWeek([talk, next], W47, zone);
    const [t, n] = [talk, next].map((a) => layout.blocks.find((b) => b.appointment.key === a.key)!);
    expect([clock(t!.drawStart), clock(t!.drawEnd), t!.stack]).toEqual(['12:05', '12:35', null]);
    expect([t!.column, n!.column, n!.columns]).toEqual([0, 1, 2]);
  });
});

describe('breaksBetween', () => {
  const p = (slot: number | null, start: string, end: string) => {
    const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    return { name: slot === null ? 'x' : `u${slot}`, slot, start: m(start), end: m(end) };
  };
  it('calls a gap between following periods a break, not one where periods are missing (free lesuren)', () => {
    const periods = [
      p(1, '08:30', '09:20'),
      p(2, '09:20', '10:10'),
      p(3, '10:30', '11:20'),
      p(5, '12:35', '13:25'),
      p(8, '15:20', '16:05'),
    ];
    expect(breaksBetween(periods)).toEqual([{ start: 610, end: 630 }]);
    expect(breaksBetween([p(null, '10:00', '10:50'), p(null, '11:10', '12:00')])).toEqual([{ start: 650, end: 670 }]);
  });
});

describe('laying out again', () => {
  it('keeps the block of an appointment that stayed put, and makes a new one for what moved', () => {
    const a = appt('2026-11-16', '09:00', '10:00');
    const b = appt('2026-11-16', '09:00', '10:00');
    const c = appt('2026-11-17', '11:00', '12:00');
    const before = layoutWeek([a, b, c], W47, zone);
    const moved = { ...b, start: b.start + 3600, end: b.end + 3600 };
    const after = layoutWeek([a, moved, c], W47, zone);
    const at = (l: typeof before, x: Appointment) => l.blocks.find((p) => p.appointment === x)!;
    expect(at(after, c)).toBe(at(before, c));
    // a had b beside it: now alone, it is drawn wider, so it is a new block too.
    expect(at(after, a)).not.toBe(at(before, a));
    expect([at(after, a).columns, at(after, moved).startMinute]).toEqual([1, 600]);
    expect(layoutWeek([a, moved, c], W47, zone).blocks).toEqual(after.blocks);
    expect(layoutWeek([a, moved, c], W47, zone).blocks.every((p, i) => p === after.blocks[i])).toBe(true);
  });

  it('after a room change, keeps the periods and every other block, the new version in the old place', () => {
    const a = appt('2026-11-23', '08:30', '09:20', { startSlotName: 'u1', endSlotName: 'u1' });
    const b = appt('2026-11-23', '08:30', '09:20', { startSlotName: 'u1', endSlotName: 'u1' });
    const week = { year: 2026, week: 48 };
    const before = layoutWeek([a, b], week, zone);
    const changed = { ...b, locations: ['999'], locationChanged: true };
    const after = layoutWeek([a, changed], week, zone);
    expect(after.periods).toBe(before.periods);
    expect(after.blocks[0]).toBe(before.blocks[0]);
    expect(after.blocks[1]).toEqual({ ...before.blocks[1], appointment: changed });
    // Moved, it is laid out again.
    const moved = { ...changed, start: b.start + 3000, end: b.end + 3000 };
    expect(layoutWeek([a, moved], week, zone).blocks[1]).toMatchObject({ appointment: moved, column: 0 });
  });

  it('places the columns of a whole school’s period as the first free column, however many', () => {
    // 300 lessons at once, then a second wave that frees every other column.
    const wave = Array.from({ length: 300 }, () => appt('2026-11-18', '09:00', '10:00'));
    const second = Array.from({ length: 150 }, () => appt('2026-11-18', '10:00', '11:00'));
    const long = Array.from({ length: 150 }, () => appt('2026-11-18', '09:00', '11:00'));
    const layout = layoutWeek([...wave, ...second, ...long], W47, zone);
    expect(layout.days[2]!.lanes).toBe(450);
    // The long lessons come first at 09:00 (columns 0–149), the first wave takes 150–449, and the
    // second wave the first columns free at 10:00, in order.
    const columns = second.map((x) => layout.blocks.find((p) => p.appointment === x)!.column);
    expect(columns).toEqual(Array.from({ length: 150 }, (_, i) => 150 + i));
  });
});
