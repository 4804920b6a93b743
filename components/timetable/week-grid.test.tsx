// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { appointmentsOf } from '@/lib/timetable/appointment';
import { layoutWeek } from '@/lib/timetable/layout';
import { renderWithIntl } from '@/tests/support/intl';
import { WeekGrid } from './week-grid';

const zone = 'Europe/Amsterdam';
const W47 = { year: 2026, week: 47 };
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toUnixInteger();

afterEach(cleanup);

/** A whole school's hour: `count` lessons at once on Monday, and one on Friday. */
function records(count: number): Record<string, unknown>[] {
  const lesson = (id: number, date: string) => ({
    id,
    start: at(date, '09:00'),
    end: at(date, '09:50'),
    type: 'lesson',
    startTimeSlotName: 'u1',
    endTimeSlotName: 'u1',
    subjects: [`s${id}`],
    groups: [`g${id}`],
    teachers: [`t${id}`],
    locations: [`r${id}`],
  });
  return [...Array.from({ length: count }, (_, i) => lesson(i + 1, '2026-11-16')), lesson(999, '2026-11-20')];
}

function Grid({ rows }: { rows: Record<string, unknown>[] }) {
  const all = appointmentsOf(rows);
  return (
    <WeekGrid
      layout={layoutWeek(all, W47, zone)}
      subject={{ kind: 'school' }}
      changed={new Set()}
      zone={zone}
      onOpen={() => {}}
    />
  );
}

const ids = () =>
  [...document.querySelectorAll<HTMLElement>('[data-appointment-id]')].map((e) => e.dataset.appointmentId);

describe('the week grid of a busy week', () => {
  it('draws what can be in view first, aria-busy, then every block', async () => {
    // 100 lessons side by side: Monday is 225rem wide, the window (jsdom: 1024 px) 64rem.
    renderWithIntl(<Grid rows={records(100)} />);
    const grid = screen.getByRole('group');
    expect(grid.getAttribute('aria-busy')).toBe('true');
    const first = ids();
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(40);
    expect(first).not.toContain('999');
    await waitFor(() => expect(grid.hasAttribute('aria-busy')).toBe(false));
    expect(ids()).toHaveLength(101);
    expect(ids()).toContain('999');
  });

  it('draws a week that fits at once', () => {
    renderWithIntl(<Grid rows={records(3)} />);
    expect(screen.getByRole('group').hasAttribute('aria-busy')).toBe(false);
    expect(ids()).toHaveLength(4);
  });

  it('after a change of one appointment, redraws that block and keeps the others as they were', async () => {
    const rows = records(100);
    const { rerender } = renderWithIntl(<Grid rows={rows} />);
    await waitFor(() => expect(screen.getByRole('group').hasAttribute('aria-busy')).toBe(false));
    const block = (id: number) => document.querySelector<HTMLElement>(`[data-appointment-id="${id}"]`)!;
    const before = [block(1), block(50), block(999)];
    const next = [...rows];
    next[49] = { ...rows[49]!, locations: ['r999'], locationChanged: true };
    act(() => rerender(<Grid rows={next} />));
    expect(block(1)).toBe(before[0]);
    expect(block(999)).toBe(before[2]);
    expect(block(50).getAttribute('aria-label')).toContain('changed room');
    expect(before[0]!.getAttribute('aria-label')).not.toContain('changed');
    expect(ids()).toHaveLength(101);
  });
});
