// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppLocale } from '@/lib/i18n/locales';
import { toAppointment } from '@/lib/timetable/appointment';
import { layoutWeek, type PlacedBlock } from '@/lib/timetable/layout';
import { readLiveSlot } from '@/lib/timetable/live-schedule';
import type { Subject } from '@/lib/timetable/view';
import { renderWithIntl } from '@/tests/support/intl';
import { appointmentBlock, useBlockWords } from './appointment-block';

const zone = 'Europe/Amsterdam';
const at = (time: string) => DateTime.fromISO(`2026-11-17T${time}`, { zone }).toUnixInteger();
const W47 = { year: 2026, week: 47 };

afterEach(cleanup);

function Block({ block, axisStart, subject }: { block: PlacedBlock; axisStart: number; subject: Subject }) {
  const words = useBlockWords();
  return <div>{appointmentBlock(block, 2, axisStart, subject, false, false, words)}</div>;
}

function renderBlock(record: Record<string, unknown>, locale: AppLocale = 'en', subject: Subject = { kind: 'school' }) {
  const a = toAppointment(record)!;
  const layout = layoutWeek([a], W47, zone);
  renderWithIntl(<Block block={layout.blocks[0]!} axisStart={layout.axisStart} subject={subject} />, locale);
  return screen.getByRole('button');
}

const cancelledLesson = {
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
};

describe('a block on the week grid', () => {
  it('shows a cancelled lesson struck through, labelled, and keyed by its id', () => {
    const button = renderBlock(cancelledLesson);
    expect(button.getAttribute('data-appointment-id')).toBe('42');
    expect(button.hasAttribute('data-cancelled')).toBe(true);
    expect(button.className).toContain('line-through');
    expect(button.textContent).toContain('Cancelled');
    expect(button.getAttribute('aria-label')).toBe('Tuesday u3 10:30–11:20, en, 4h1, room 102, teacher abc, cancelled');
  });

  it('speaks Dutch in Dutch: “Vervalt” on the block, a Dutch sentence for the screen reader', () => {
    const button = renderBlock(cancelledLesson, 'nl');
    expect(button.textContent).toContain('Vervalt');
    expect(button.getAttribute('aria-label')).toBe('dinsdag u3 10:30–11:20, en, 4h1, lokaal 102, docent abc, vervalt');
  });

  it('names a changed teacher and room and a non-lesson type in Dutch', () => {
    const button = renderBlock(
      {
        id: 8,
        start: at('13:00'),
        end: at('14:00'),
        type: 'meeting',
        teachers: ['mja'],
        locations: ['N004'],
        teacherChanged: true,
        locationChanged: true,
      },
      'nl',
    );
    expect(button.textContent).toContain('Vergadering');
    expect(button.getAttribute('aria-label')).toBe(
      'dinsdag 13:00–14:00, Vergadering, lokaal N004, docent mja, vergadering, gewijzigd: docent en lokaal',
    );
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
    renderWithIntl(<Block block={layout.blocks[0]!} axisStart={layout.axisStart} subject={{ kind: 'school' }} />);
    const button = screen.getByRole('button');
    expect(button.getAttribute('data-appointment-id')).toBe(`slot:${at('15:20')}-${at('16:05')}-8`);
    expect(button.textContent).toContain('Choice: 2 options');
    expect(button.getAttribute('aria-label')).toMatch(/^Tuesday 8 15:20–16:05, Choice: 2 options$/);
  });

  it('draws an open choice slot as “Keuze-uur: N opties” in Dutch', () => {
    const slot = readLiveSlot({
      id: null,
      appointmentType: 'choice',
      start: at('15:20'),
      end: at('16:05'),
      startTimeSlotName: '8',
      endTimeSlotName: '8',
      actions: [{ appointment: { id: 1, start: at('15:20'), end: at('16:05'), appointmentType: 'lesson' } }],
    })!;
    const layout = layoutWeek([slot.appointment], W47, zone);
    renderWithIntl(<Block block={layout.blocks[0]!} axisStart={layout.axisStart} subject={{ kind: 'school' }} />, 'nl');
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('dinsdag 8 15:20–16:05, Keuze-uur: 1 optie');
  });
});
