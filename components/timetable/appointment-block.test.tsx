// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppLocale } from '@/lib/i18n/locales';
import { toAppointment } from '@/lib/timetable/appointment';
import { versionChange, type VersionChange } from '@/lib/timetable/versions';
import { layoutWeek, type PlacedBlock } from '@/lib/timetable/layout';
import { readLiveSlot } from '@/lib/timetable/live-schedule';
import type { Subject } from '@/lib/timetable/view';
import { renderWithIntl } from '@/tests/support/intl';
import { appointmentBlock, useBlockWords } from './appointment-block';

const zone = 'Europe/Amsterdam';
const at = (time: string) => DateTime.fromISO(`2026-11-17T${time}`, { zone }).toUnixInteger();
const W47 = { year: 2026, week: 47 };

afterEach(cleanup);

function Block({
  block,
  axisStart,
  subject,
  change,
  dense = false,
}: {
  block: PlacedBlock;
  axisStart: number;
  subject: Subject;
  change?: VersionChange | null;
  dense?: boolean;
}) {
  const words = useBlockWords();
  return (
    <div>
      {appointmentBlock(block, 2, { start: axisStart, end: axisStart + 540 }, subject, words, {
        changed: false,
        dense,
        change,
        tabbable: true,
        zone,
      })}
    </div>
  );
}

function renderBlock(
  record: Record<string, unknown>,
  locale: AppLocale = 'en',
  subject: Subject = { kind: 'school' },
  previous?: Record<string, unknown>,
  dense = false,
) {
  const a = toAppointment(record)!;
  const change = versionChange(a, previous ? toAppointment(previous) : null);
  const layout = layoutWeek([a], W47, zone);
  renderWithIntl(
    <Block block={layout.blocks[0]!} axisStart={layout.axisStart} subject={subject} change={change} dense={dense} />,
    locale,
  );
  return screen.getByRole('button');
}

/** The words a sighted person sees, in order: the accessible name must start with them (WCAG 2.5.3). */
const shownWords = (button: HTMLElement) =>
  [...button.querySelectorAll(':scope > span:not([aria-hidden])')].map((e) => e.textContent).join(', ');

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
    expect(button.getAttribute('aria-label')).toBe('en, 4h1, 102, abc, Cancelled, Tuesday u3 10:30–11:20');
    expect(button.getAttribute('aria-label')!.startsWith(shownWords(button))).toBe(true);
  });

  it('on a busy grid (the whole school) shows the same lines as one text, its name starting with them', () => {
    const button = renderBlock({ ...cancelledLesson, cancelled: false }, 'en', { kind: 'school' }, undefined, true);
    // The title in bold, the other lines one text node: a thousand-block week stays quick.
    expect(button.childNodes).toHaveLength(2);
    expect(button.firstElementChild).toMatchObject({ textContent: 'en', className: 'font-semibold' });
    expect(button.lastChild!.nodeType).toBe(Node.TEXT_NODE);
    expect(button.textContent).toBe('en\n4h1\n102\nabc');
    expect(button.className).toContain('whitespace-pre');
    // Said once: what the block shows, then when.
    expect(button.getAttribute('aria-label')).toBe('en, 4h1, 102, abc, Tuesday u3 10:30–11:20');
  });

  it('speaks Dutch in Dutch: “Vervalt” on the block, a Dutch sentence for the screen reader', () => {
    const button = renderBlock(cancelledLesson, 'nl');
    expect(button.textContent).toContain('Vervalt');
    expect(button.getAttribute('aria-label')).toBe('en, 4h1, 102, abc, Vervalt, dinsdag u3 10:30–11:20');
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
      'Vergadering, 13:00–14:00, N004, mja, dinsdag 13:00–14:00, vergadering, gewijzigd: docent en lokaal',
    );
  });

  it('a ten-minute talk off the period grid shows its times and its student, and a clash is marked', () => {
    const a = toAppointment({
      id: 9,
      start: at('15:30'),
      end: at('15:40'),
      type: 'talk',
      subjects: ['men'],
      teachers: ['qti'],
      students: ['100478'],
      content: 'Mentorgesprek',
    })!;
    const block = layoutWeek([a], W47, zone).blocks[0]!;
    function Clash() {
      const words = useBlockWords();
      return appointmentBlock(block, 4, { start: 480, end: 1020 }, { kind: 'teacher', code: 'qti' }, words, {
        changed: false,
        dense: false,
        change: null,
        tabbable: true,
        zone,
        clash: true,
      });
    }
    renderWithIntl(<Clash />, 'nl');
    const button = screen.getByRole('button');
    expect([...button.querySelectorAll('[data-line]')].map((l) => l.textContent)).toEqual([
      '15:30–15:40',
      'Mentorgesprek',
      '100478',
    ]);
    expect(button.dataset.clash).toBe('true');
    expect(button.getAttribute('aria-label')).toMatch(/^men, 15:30–15:40, Mentorgesprek, 100478, .*botsing/);
  });

  it('marks a changed room and a change description', () => {
    const button = renderBlock({
      id: 7,
      start: at('08:30'),
      end: at('09:20'),
      startTimeSlotName: 'u1',
      endTimeSlotName: 'u1',
      type: 'lesson',
      subjects: ['ne'],
      locations: ['N004'],
      locationChanged: true,
      changeDescription: 'Lokaalwijziging: 101 → N004',
    });
    expect(button.getAttribute('title')).toBe('ne · N004\nLokaalwijziging: 101 → N004');
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
    expect(button.getAttribute('aria-label')).toBe('Choice: 2 options, Tuesday 8 15:20–16:05');
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
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('Keuze-uur: 1 optie, dinsdag 8 15:20–16:05');
  });

  const substitute = {
    id: 11,
    appointmentInstance: 5,
    start: at('08:30'),
    end: at('09:20'),
    type: 'lesson',
    startTimeSlotName: 'u1',
    endTimeSlotName: 'u1',
    subjects: ['en'],
    groups: ['4h1'],
    teachers: ['mja'],
    locations: ['108'],
    teacherChanged: true,
    locationChanged: true,
  };
  const replaced = {
    ...substitute,
    id: 10,
    valid: false,
    teachers: ['yve'],
    locations: ['106'],
    teacherChanged: false,
  };

  it('shows before → after from the previous version, also the substitute in their own week', () => {
    const button = renderBlock(substitute, 'nl', { kind: 'teacher', code: 'mja' }, replaced);
    const teacher = button.querySelector('[data-line="teachers"]')!;
    expect(teacher.querySelector('s')?.textContent).toBe('yve');
    expect(teacher.textContent).toBe('yve mja');
    expect(button.querySelector('[data-line="locations"] s')?.textContent).toBe('106');
    const name = button.getAttribute('aria-label')!;
    expect(name).toBe(
      'en, 4h1, 106 108, yve mja, dinsdag u1 08:30–09:20, invaller mja voor yve, lokaal 108 in plaats van 106',
    );
    expect(name.startsWith(shownWords(button))).toBe(true);
  });

  it('keeps the mark where the previous version is not at hand, rather than guess', () => {
    const button = renderBlock(substitute, 'en', { kind: 'teacher', code: 'mja' });
    expect(button.querySelector('s')).toBeNull();
    expect(button.querySelector('[data-line="teachers"]')!.className).toContain('underline');
    expect(button.getAttribute('aria-label')).toContain('changed teacher and room');
  });

  it('says where a moved lesson came from', () => {
    const moved = { ...substitute, teacherChanged: false, locationChanged: false, timeChanged: true };
    const before = {
      ...moved,
      id: 10,
      valid: false,
      timeChanged: false,
      start: at('13:00'),
      end: at('13:50'),
      startTimeSlotName: 'u6',
      endTimeSlotName: 'u6',
    };
    const button = renderBlock(moved, 'en', { kind: 'school' }, before);
    expect(button.querySelector('[data-line="moved"]')!.textContent).toBe('from u6');
    expect(button.getAttribute('aria-label')).toContain('moved from u6');
  });
});
