import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { PortalClient } from '../support/portal';
import { aTeacher, connectWithCode, portal, sandbox, W47 } from './support';

type Row = {
  id: number;
  start: number;
  teachers: string[];
  startTimeSlotName: string | null;
  cancelled: boolean;
  valid: boolean;
  hidden: boolean;
  type: string;
};
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

async function weekRows(client: PortalClient, projects: string, extra: Record<string, string | number> = {}) {
  const { body } = await client.get<Row>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'id,start,teachers,startTimeSlotName,cancelled,valid,hidden,type',
    start: W47.start,
    end: W47.end,
    ...extra,
  });
  return body.response.data;
}

/** The ids of the appointments on the grid: each block's, and each of a stack of short ones. */
const appointmentsOnGrid = (page: Page) =>
  page.locator('[data-appointment-id]:not([data-stack-item])').evaluateAll((els) =>
    els
      .flatMap((e) => ((e as HTMLElement).dataset.stackIds ?? (e as HTMLElement).dataset.appointmentId!).split(' '))
      .map(Number)
      .sort((x, y) => x - y),
  );

test('a teacher’s week shows exactly the portal’s valid appointments of that teacher, on the right day and period', async ({
  page,
}) => {
  const { client, projects } = await portal();
  const all = await weekRows(client, projects);
  const teacher = all.find((r) => r.type === 'lesson' && r.valid && r.teachers.length === 1)!.teachers[0]!;
  const expected = (await weekRows(client, projects, { teachers: teacher })).filter((r) => r.valid && !r.hidden);
  expect(expected.length).toBeGreaterThan(5);

  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  await expect.poll(() => appointmentsOnGrid(page)).toEqual(expected.map((r) => r.id).sort((x, y) => x - y));
  const shown = await page.locator('[data-appointment-id]:not([data-stack])').evaluateAll((els) =>
    els.map((e) => ({
      id: Number(e.getAttribute('data-appointment-id')),
      label: e.getAttribute('aria-label') ?? '',
      // What the block shows, in order: its accessible name starts with exactly this (label in name).
      visible: [...e.querySelectorAll(':scope > span:not([aria-hidden])')].map((s) => s.textContent).join(', '),
    })),
  );
  // Short appointments in a run share one block with a list (week-grid.spec.ts); every other has its own.
  for (const row of expected.filter((r) => shown.some((s) => s.id === r.id))) {
    const local = DateTime.fromSeconds(row.start, { zone: 'Europe/Amsterdam' });
    const { label, visible } = shown.find((s) => s.id === row.id)!;
    expect(label.startsWith(`${visible}, `), label).toBe(true);
    expect(
      label.includes(
        `, ${DAYS[local.weekday - 1]} ${row.startTimeSlotName ? `${row.startTimeSlotName} ` : ''}${local.toFormat('HH:mm')}`,
      ),
      label,
    ).toBe(true);
  }
});

test('a cancelled lesson is struck through and labelled', async ({ page }) => {
  const { client, projects } = await portal();
  const cancelled = (await weekRows(client, projects, { cancelled: 'true' })).find(
    (r) => r.valid && r.type === 'lesson' && r.teachers.length === 1,
  )!;
  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${cancelled.teachers[0]}`);
  const block = page.locator(`[data-appointment-id="${cancelled.id}"]`);
  await expect(block).toContainText('Cancelled');
  // The name starts with what the block shows, "Cancelled" included.
  await expect(block).toHaveAttribute('aria-label', /, Cancelled, /);
  expect(await block.evaluate((e) => getComputedStyle(e).textDecorationLine)).toContain('line-through');
});

test('week navigation updates the URL and the grid; keys move between blocks and open details', async ({ page }) => {
  const teacher = await aTeacher();
  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  const before = await page.locator('[data-appointment-id]').first().getAttribute('data-appointment-id');
  await page.locator('body').press('ArrowRight');
  await expect(page).toHaveURL(/week=2026-W48/);
  await expect(page.getByRole('heading', { name: /Week 48 of 2026/ })).toBeVisible();
  await expect(page.locator(`[data-appointment-id="${before}"]`)).toHaveCount(0);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/week=2026-W47/);

  const first = page.locator('[data-appointment-id]').first();
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-appointment-id'));
  expect(focused).not.toBe(await first.getAttribute('data-appointment-id'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  await expect(dialog).toContainText('appointmentInstance');
  // The details panel runs the screen's full height along its right edge, no strip above, none cut off below.
  const panel = (await dialog.boundingBox())!;
  expect(panel.y).toBe(0);
  expect(panel.y + panel.height).toBe(page.viewportSize()!.height);
  // Every field by its portal name is behind "All fields".
  await dialog.getByText('All fields', { exact: true }).click();
  await expect(dialog.getByText('Unsupported fields')).toBeVisible(); // the demo partner reads capacity and more
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('after the portal changes, the change appears highlighted within one poll', async ({ page }) => {
  const { changeWeek } = await sandbox.admin<{ changeWeek: string }>('GET', '/health');
  await connectWithCode(page);
  await page.goto(`/timetable?week=${changeWeek}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('live-status')).toContainText('0 changes');
  await expect(page.locator('[data-changed]')).toHaveCount(0);
  await sandbox.admin('POST', '/simulate', { changes: 60 });
  // TIMETABLE_POLL_SECONDS is 3 in the browser tests.
  await expect(page.locator('[data-changed]').first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('live-status')).toContainText(/· [1-9]\d* changes? since you opened the page/);
  await expect(page.locator('[data-changed]').first()).toHaveAttribute(
    'aria-label',
    /updated since you opened the page/,
  );
});

test('the ICS export parses and has one event per appointment shown, in the school’s zone', async ({ page }) => {
  const teacher = await aTeacher();
  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  const count = await page.locator('[data-appointment-id]').count();
  expect(count).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ICS' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(count);
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Amsterdam');
  const uids = new Set(events.map((e) => String(e.getFirstPropertyValue('uid'))));
  expect(uids.size).toBe(count);
  const cancelled = await page.locator('[data-cancelled]').count();
  expect(events.filter((e) => e.getFirstPropertyValue('status') === 'CANCELLED')).toHaveLength(cancelled);
});

test('the whole-school week renders every visible appointment without freezing the page', async ({ page }) => {
  const { client, projects } = await portal();
  const expected = (await weekRows(client, projects)).filter((r) => r.valid && !r.hidden).length;
  expect(expected).toBeGreaterThan(1800);
  await connectWithCode(page);
  await page.goto('/timetable?week=2026-W47');
  await expect.poll(async () => (await appointmentsOnGrid(page)).length, { timeout: 20_000 }).toBe(expected);
  // The page still answers (how fast is measured in bench/grid.ts, not here).
  await expect(page.getByRole('button', { name: 'Next week' })).toBeEnabled();
});

test('with partial rights the grid still works and says what is missing', async ({ page }) => {
  await connectWithCode(page, 'limited');
  await page.goto('/timetable?week=2026-W47');
  await expect(page.getByTestId('missing-rights')).toContainText('teachers');
  await expect(page.getByTestId('missing-rights')).toContainText('live updates');
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('live-status')).toContainText('full refresh');
});

test('a student’s week through /liveschedule shows the enrolment alternatives, read-only', async ({ page }) => {
  const { client, projects } = await portal();
  const { body } = await client.get<{
    id: number;
    students: string[];
    optional: boolean;
    valid: boolean;
    branchOfSchool: number;
  }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'id,students,optional,valid,branchOfSchool',
    start: W47.start,
    end: W47.end,
    optional: 'true',
  });
  const kwt = body.response.data.find((r) => r.valid && r.students.length > 0)!;
  const student = kwt.students[0]!;
  const me = (await client.get<{ schoolInSchoolYears: { id: number; schoolYear: number }[] }>('/partners/~me')).body
    .response.data[0]!;
  const project = me.schoolInSchoolYears.filter((p) => p.schoolYear === 2026).map((p) => p.id);
  await connectWithCode(page);
  for (const id of project) {
    await page.goto(`/timetable?week=2026-W47&student=${student}&project=${id}&live=1`);
    await expect(page.getByTestId('live-status')).toContainText('Live schedule');
    // The student belongs to one of the projects; the other answers "unknown student".
    await expect(
      page.locator('[data-appointment-id], [role="alert"]:has-text("Unknown student")').first(),
    ).toBeVisible();
    if ((await page.locator(`[data-appointment-id="${kwt.id}"]`).count()) > 0) break;
  }
  await page.locator(`[data-appointment-id="${kwt.id}"]`).click();
  const alternatives = page.getByTestId('alternatives');
  await expect(alternatives.locator('li').first()).toBeVisible();
  await expect(alternatives).toContainText(/could enrol|cannot enrol/);
  await expect(page.getByRole('dialog')).toContainText('2002');
});

test('on a phone: the menu folds the navigation, the grid starts in the top half, one day at a time with day tabs', async ({
  page,
}) => {
  const { client, projects } = await portal();
  const all = await weekRows(client, projects);
  const teacher = all.find((r) => r.type === 'lesson' && r.valid && r.teachers.length === 1)!.teachers[0]!;
  const week = (await weekRows(client, projects, { teachers: teacher })).filter((r) => r.valid && !r.hidden);
  const weekday = (r: Row) => DateTime.fromSeconds(r.start, { zone: 'Europe/Amsterdam' }).weekday;
  const days = [...new Set(week.map(weekday))].sort();
  expect(days.length).toBeGreaterThan(1);

  await connectWithCode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  // The navigation is behind the menu, and opens from it.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  // Each section fills its cell of the menu's grid, so a name that wraps ("Staff › Teaching
  // load") stays inside its own box (its second line began at the screen's edge).
  for (const item of await nav.getByRole('listitem').all()) {
    const cell = (await item.boundingBox())!;
    const inner = (await item.locator('a, span[aria-disabled]').first().boundingBox())!;
    expect(Math.abs(inner.width - cell.width)).toBeLessThan(1);
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav).toBeHidden();
  // The first lesuur is drawn in the top half of the screen (it was at 748 px).
  const firstPeriod = await page.locator('[data-period]').first().boundingBox();
  expect(firstPeriod!.y).toBeLessThan(844 / 2);
  // One day: the first school day of the week (not this week), with a tab per day.
  const tabs = page.getByTestId('day-tabs').getByRole('button');
  expect(await tabs.count()).toBeGreaterThanOrEqual(days.length);
  await expect(page.locator('[data-day]')).toHaveCount(1);
  const onGrid = () => appointmentsOnGrid(page);
  const idsOn = (d: number) =>
    week
      .filter((r) => weekday(r) === d)
      .map((r) => r.id)
      .sort((x, y) => x - y);
  const pressed = await page.getByTestId('day-tabs').locator('[aria-pressed="true"]').textContent();
  const first = DAYS.findIndex((d) => pressed!.includes(d)) + 1;
  expect(first).toBeGreaterThan(0);
  await expect.poll(onGrid).toEqual(idsOn(first));
  // Another day's tab shows that day's appointments, and the URL says which day.
  const other = days.find((d) => d !== first)!;
  await tabs.filter({ hasText: DAYS[other - 1]! }).click();
  await expect(page).toHaveURL(new RegExp(`day=${other}`));
  await expect(tabs.filter({ hasText: DAYS[other - 1]! })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(onGrid).toEqual(idsOn(other));
  await expect(page.locator('[data-day]')).toHaveCount(1);
});
