// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { toAppointment } from '@/lib/timetable/appointment';
import { layoutWeek } from '@/lib/timetable/layout';
import { readLiveSlot } from '@/lib/timetable/live-schedule';
import { appointmentBlock } from './appointment-block';

const zone = 'Europe/Amsterdam';
const at = (time: string) => DateTime.fromISO(`2026-11-17T${time}`, { zone }).toUnixInteger();
const W47 = { year: 2026, week: 47 };

afterEach(cleanup);

function renderBlock(record: Record<string, unknown>, subject = { kind: 'school' } as const) {
  const a = toAppointment(record)!;
  const layout = layoutWeek([a], W47, zone);
  const block = layout.blocks[0]!;
  render(<div>{appointmentBlock(block, 2, layout.axisStart, subject, false, false)}</div>);
  return screen.getByRole('button');
}

describe('a block on the week grid', () => {
  it('shows a cancelled lesson struck through, labelled, and keyed by its id', () => {
    const button = renderBlock({
      id: 42,
      start: at('10:30'),
      end: at('11:20'),
      type: 'lesson',
      startTimeSlotName: 'u3',
      endTimeSlotName: 'u3',
      subjects: ['en'],
      groups: ['4h1'],
      teachers: ['abc'],
      locations: ['102'],
      cancelled: true,
    });
    expect(button.getAttribute('data-appointment-id')).toBe('42');
    expect(button.hasAttribute('data-cancelled')).toBe(true);
    expect(button.className).toContain('line-through');
    expect(button.textContent).toContain('Cancelled');
    expect(button.getAttribute('aria-label')).toBe('Tuesday u3 10:30–11:20, en, 4h1, room 102, teacher abc, cancelled');
  });

  it('marks a changed room and a change description', () => {
    const button = renderBlock({
      id: 7,
      start: at('08:30'),
      end: at('09:20'),
      type: 'lesson',
      subjects: ['ne'],
      locations: ['N004'],
      locationChanged: true,
      changeDescription: 'Lokaalwijziging: 101 → N004',
    });
    expect(button.getAttribute('title')).toBe('Lokaalwijziging: 101 → N004');
    expect(button.getAttribute('aria-label')).toContain('changed room');
    expect(screen.getByText('N004').className).toContain('underline');
  });

  it('draws an open choice slot without an id as “Choice: N options”', () => {
    const slot = readLiveSlot({
      id: null,
      appointmentInstance: null,
      appointmentType: 'choice',
      start: at('15:20'),
      end: at('16:05'),
      startTimeSlotName: '8',
      endTimeSlotName: '8',
      subjects: [],
      status: [],
      actions: [
        { appointment: { id: 1, start: at('15:20'), end: at('16:05'), appointmentType: 'lesson' } },
        { appointment: { id: 2, start: at('15:20'), end: at('16:05'), appointmentType: 'lesson' } },
      ],
    })!;
    const layout = layoutWeek([slot.appointment], W47, zone);
    render(<div>{appointmentBlock(layout.blocks[0]!, 2, layout.axisStart, { kind: 'school' }, false, false)}</div>);
    const button = screen.getByRole('button');
    expect(button.getAttribute('data-appointment-id')).toBe(`slot:${at('15:20')}-${at('16:05')}-8`);
    expect(button.textContent).toContain('Choice: 2 options');
    expect(button.getAttribute('aria-label')).toMatch(/^Tuesday 8 15:20–16:05, Choice: 2 options$/);
  });
});
