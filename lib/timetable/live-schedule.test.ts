import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { messages } from '@/messages';
import { layoutWeek } from './layout';
import { readLiveSlot, readLiveWeeks } from './live-schedule';
import { blockLabel, blockTitle, typeLabel } from './labels';
import type { Words } from './words';

// The real service's /liveschedule answers (../shared/captures/), read as the page reads them.

const captures = join(__dirname, '..', '..', '..', 'shared', 'captures');
const capture = (name: string): unknown => JSON.parse(readFileSync(join(captures, name), 'utf8'));
const words: Words = {
  t: createTranslator({ locale: 'en', messages: messages.en, namespace: 'timetable' }),
  labels: createTranslator({ locale: 'en', messages: messages.en, namespace: 'labels' }),
  locale: 'en',
};

describe('a real student week (2022-W04)', () => {
  const envelope = capture('liveschedule-student-week.json') as { response: { data: unknown[] } };
  const raw = (envelope.response.data[0] as { appointments: Record<string, unknown>[] }).appointments;
  const [week] = readLiveWeeks(envelope.response.data);

  it('keeps all 35 slots, the 8 open choice slots among them, each with a unique key', () => {
    expect(raw).toHaveLength(35);
    expect(week!.slots).toHaveLength(35);
    expect(week!.unplaced).toBe(0);
    const choices = week!.slots.filter((s) => s.appointment.type === 'choice');
    expect(choices).toHaveLength(raw.filter((r) => r.appointmentType === 'choice').length);
    expect(choices).toHaveLength(8);
    for (const c of choices) {
      expect(c.appointment.id).toBeNull();
      expect(c.appointment.key).toMatch(/^slot:\d+-\d+-/);
    }
    expect(new Set(week!.slots.map((s) => s.appointment.key)).size).toBe(35);
  });

  it('gives each choice slot its options with status, free places and wording', () => {
    const rawChoices = raw.filter((r) => r.appointmentType === 'choice');
    const choices = week!.slots.filter((s) => s.appointment.type === 'choice');
    choices.forEach((slot, i) => {
      const actions = rawChoices[i]!.actions as {
        appointment: { id: number; availableSpace: number };
        status: { code: number; nl: string }[];
      }[];
      expect(slot.options.map((o) => o.appointment.id)).toEqual(actions.map((a) => a.appointment.id));
      expect(slot.options.map((o) => o.availableSpace)).toEqual(actions.map((a) => a.appointment.availableSpace));
      expect(slot.options.map((o) => o.status.map((s) => s.nl))).toEqual(actions.map((a) => a.status.map((s) => s.nl)));
      expect(blockTitle(slot.appointment, words)).toBe(
        `Choice: ${actions.length} ${actions.length === 1 ? 'option' : 'options'}`,
      );
    });
  });

  it('reads the week-level status and a post link without using it', () => {
    expect(week!.status.map((s) => s.code)).toEqual([2002]);
    const option = week!.slots.flatMap((s) => s.options)[0]!;
    expect(option.post).toMatch(/^\/api\/v3\/liveschedule\/enrollment\?enroll=\d+&unenroll=$/);
  });

  it('places every slot on the grid of that week', () => {
    const appointments = week!.slots.map((s) => s.appointment);
    const layout = layoutWeek(appointments, { year: 2022, week: 4 }, 'Europe/Amsterdam', appointments);
    expect(layout.blocks).toHaveLength(35);
  });
});

describe('lessons and exams of another school', () => {
  const rows = capture('liveschedule-appointments-lessons-and-exams.json') as Record<string, unknown>[];
  const [week] = readLiveWeeks([{ week: '', user: '', appointments: rows, status: [] }]);

  it('keeps exams off the period grid, whose slot names are ""', () => {
    expect(week!.slots).toHaveLength(rows.length);
    const offGrid = rows.filter((r) => r.startTimeSlotName === '');
    expect(offGrid.length).toBeGreaterThan(0);
    for (const r of offGrid) {
      const slot = week!.slots.find((s) => s.appointment.id === r.id)!;
      expect(slot.appointment.startSlotName).toBeNull();
      expect(slot.appointment.type).toBe(r.appointmentType);
    }
  });

  it('reads a cancelled lesson offered as an action with 4007 and 4009', () => {
    const options = week!.slots.flatMap((s) => s.options);
    const cancelled = options.find((o) => o.appointment.cancelled);
    expect(cancelled?.status.map((s) => s.code).sort()).toEqual([4007, 4009]);
  });

  it('keeps two teachers, no teachers, and every type labelled', () => {
    expect(week!.slots.some((s) => s.appointment.teachers.length === 2)).toBe(true);
    expect(week!.slots.some((s) => s.appointment.teachers.length === 0)).toBe(true);
    for (const s of week!.slots) expect(typeLabel(s.appointment.type, words.labels)).not.toBe(s.appointment.type);
  });
});

describe('an appointment whose periods are bare numbers', () => {
  const raw = capture('liveschedule-appointment-numbered-slots.json');
  const slot = readLiveSlot(raw)!;

  it('keeps "3" as the period name, both statuses and both alternatives', () => {
    expect(slot.appointment.startSlotName).toBe('3');
    expect(slot.status.map((s) => s.code)).toEqual([2002, 4009]);
    expect(slot.options).toHaveLength(2);
    const layout = layoutWeek([slot.appointment], { year: 2023, week: 4 }, 'Europe/Amsterdam', [slot.appointment]);
    expect(layout.blocks).toHaveLength(1);
    expect(blockLabel(layout.blocks[0]!, 1, false, words)).toMatch(/, \w+ 3 \d\d:\d\d/);
  });
});
