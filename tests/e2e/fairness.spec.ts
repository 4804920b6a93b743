import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { seriousViolations } from './axe';
import { apiCall, connectWithCode, portal } from './support';
import type { FairnessAnswer } from '../../lib/cover/fairness';

// "Verdeling invalwerk" against the portal read straight: per teacher the covers of a period (a
// lesson given by a teacher it was not planned with while one it was planned with was absent or
// away), swaps apart, the fte of their contracts, the chart and the table beside it, the CSV.

type Row = {
  id: number;
  appointmentInstance: number | null;
  start: number;
  end: number;
  type: string;
  teachers: string[];
  valid: boolean;
  cancelled: boolean;
  hidden: boolean;
  teacherChanged: boolean;
};
const zone = 'Europe/Amsterdam';
const FROM = '2026-11-09';
const TO = '2026-11-20';
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/** Covers and swaps per teacher over the period, from the portal's own rows. */
async function portalCovers(from: string, to: string, only?: string) {
  const { client, projects: granted } = await portal();
  const projects = only ?? granted;
  const start = DateTime.fromISO(from, { zone }).toUnixInteger();
  const end = DateTime.fromISO(to, { zone }).plus({ days: 1 }).toUnixInteger();
  const read = async (type: string) =>
    (
      await client.get<Row>('/appointments', {
        schoolInSchoolYear: projects,
        fields: 'id,appointmentInstance,start,end,type,teachers,valid,cancelled,hidden,teacherChanged',
        start,
        end,
        type,
      })
    ).body.response.data;
  const [lessons, activities, exams, absences] = await Promise.all([
    read('lesson'),
    read('activity'),
    read('exam'),
    client
      .get<{ employee: string; start: number; end: number }>('/employeeabsences', {
        schoolInSchoolYear: projects,
        fields: 'employee,start,end',
        startDate: from,
        endDate: to,
      })
      .then((r) => r.body.response.data),
  ]);
  const elsewhere = [...activities, ...exams].filter((r) => r.valid && !r.hidden && !r.cancelled);
  const away = (t: string, at: Row) =>
    absences.some((a) => a.employee === t && overlaps(a, at)) ||
    elsewhere.some((e) => e.teachers.includes(t) && overlaps(e, at));
  const chains = new Map<string, Row[]>();
  for (const r of lessons) {
    if (r.hidden) continue;
    const key = r.appointmentInstance !== null ? `i${r.appointmentInstance}` : `v${r.id}`;
    chains.set(key, [...(chains.get(key) ?? []), r]);
  }
  const counts = new Map<string, { covers: number; swaps: number }>();
  for (const versions of chains.values()) {
    versions.sort((a, b) => a.id - b.id);
    const now = versions.filter((v) => v.valid).at(-1);
    if (!now || now.cancelled || now.start < start || now.start >= end) continue;
    const planned = versions[0]!.teacherChanged ? [] : versions[0]!.teachers;
    const covered = planned.some((t) => away(t, now));
    for (const t of now.teachers) {
      if (planned.includes(t)) continue;
      const c = counts.get(t) ?? { covers: 0, swaps: 0 };
      c[covered ? 'covers' : 'swaps']++;
      counts.set(t, c);
    }
  }
  return counts;
}

test('the cover load of two weeks: every teacher’s covers and swaps as the portal implies, a chart and the table beside it, the CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const expected = await portalCovers(FROM, TO);
  await connectWithCode(page);
  const r = await apiCall(page, 'GET', `/api/cover/fairness?from=${FROM}&to=${TO}`);
  expect(r.status).toBe(200);
  const answer = JSON.parse(r.text) as FairnessAnswer;
  expect(answer.meta.weeks).toEqual(['2026-W46', '2026-W47']);
  // Every teacher who covered or swapped, with the portal's counts; the rest at zero.
  for (const [t, c] of expected) {
    const row = answer.data.find((x) => x.employee === t);
    expect(row, t).toBeDefined();
    expect([row!.covers, row!.swaps], t).toEqual([c.covers, c.swaps]);
  }
  for (const row of answer.data) if (!expected.has(row.employee)) expect([row.covers, row.swaps]).toEqual([0, 0]);
  const total = [...expected.values()].reduce((n, c) => n + c.covers, 0);
  expect(total).toBeGreaterThan(0);
  expect(answer.meta.covers).toBe(total);
  // The parts add up: per teacher the weeks, over teachers the total.
  for (const row of answer.data) expect(row.weeks.reduce((n, w) => n + w.covers, 0)).toBe(row.covers);
  // Covers per fte, most first; the median over every teacher.
  for (const row of answer.data)
    if (row.fte !== null) expect(row.coversPerFte).toBeCloseTo(row.covers / Math.max(row.fte, 0.1), 2);
  const loads = answer.data.map((x) => x.coversPerFte ?? x.covers);
  expect(loads).toEqual([...loads].sort((a, b) => b - a));
  const sorted = [...loads].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  expect(answer.meta.median).toBeCloseTo(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2, 6);

  // The page: the period in the address, the chart (a bar per teacher who covered), the table beside it.
  await page.goto(`/cover/fairness?from=${FROM}&to=${TO}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cover load' })).toBeVisible();
  await expect(page.getByTestId('fairness-summary')).toContainText(`${total} covers`);
  const chart = page.getByRole('img', { name: /Covers per fte per teacher from/ });
  await expect(chart).toBeVisible();
  const covered = answer.data.filter((x) => x.covers > 0);
  await expect(chart.locator('g[data-employee]')).toHaveCount(covered.length);
  await expect(page.getByTestId('fairness-median')).toHaveCount(1);
  await expect(page.getByTestId('fairness-row')).toHaveCount(answer.data.length);
  const first = page.getByTestId('fairness-row').first();
  await expect(first).toHaveAttribute('data-employee', answer.data[0]!.employee);
  await expect(first).toHaveAttribute('data-covers', String(answer.data[0]!.covers));
  // Chart and table side by side at a desktop width.
  const chartBox = (await chart.boundingBox())!;
  const tableBox = (await page.getByTestId('fairness-table').boundingBox())!;
  expect(tableBox.x).toBeGreaterThan(chartBox.x + chartBox.width - 1);
  expect(await seriousViolations(page)).toEqual([]);

  // The CSV holds the table's figures.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const [header, ...rows] = parse(readFileSync(await (await download).path()), { bom: true }) as string[][];
  expect(header!.slice(0, 6)).toEqual(['Teacher', 'Name', 'Covers', 'Fte', 'Per fte', 'Swaps']);
  expect(header!.slice(6)).toEqual(answer.meta.weeks);
  expect(rows.map((x) => [x[0], Number(x[2])])).toEqual(answer.data.map((x) => [x.employee, x.covers]));

  // Another period from the form lands in the address.
  await page.getByRole('form', { name: 'Period' }).getByLabel('From', { exact: true }).fill('16-11-2026');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=2026-11-16&to=2026-11-20/);
  await expect(page.getByTestId('fairness-summary')).toContainText('(1 week)');
});

test('the report reads the projects its address names, and keeps them when the period changes', async ({ page }) => {
  test.setTimeout(120_000);
  const { thisYear } = await portal();
  const [one] = thisYear;
  const count = (m: Map<string, { covers: number }>) => [...m.values()].reduce((n, c) => n + c.covers, 0);
  const [ofOne, ofAll] = await Promise.all([portalCovers(FROM, TO, String(one)), portalCovers(FROM, TO)]);
  expect(count(ofOne)).toBeGreaterThan(0);
  expect(count(ofOne)).toBeLessThan(count(ofAll));
  await connectWithCode(page);
  await page.goto(`/cover/fairness?from=${FROM}&to=${TO}&project=${one}`);
  await expect(page.getByTestId('fairness-summary')).toContainText(`${count(ofOne)} covers`);
  for (const [t, c] of ofOne)
    if (c.covers > 0)
      await expect(page.locator(`[data-testid="fairness-row"][data-employee="${t}"]`)).toHaveAttribute(
        'data-covers',
        String(c.covers),
      );
  await page.getByRole('form', { name: 'Period' }).getByLabel('From', { exact: true }).fill('16-11-2026');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=2026-11-16&to=2026-11-20&project=${one}`));
  await expect(page.getByTestId('fairness-summary')).toContainText('(1 week)');
});

test('a period past a school year or in the wrong order is refused in words', async ({ page }) => {
  await connectWithCode(page);
  const long = await apiCall(page, 'GET', '/api/cover/fairness?from=2025-08-01&to=2026-11-20');
  expect(long.status).toBe(400);
  expect(long.text).toContain('at most 53 weeks');
  const order = await apiCall(page, 'GET', '/api/cover/fairness?from=2026-11-20&to=2026-11-01');
  expect(order.status).toBe(400);
  await page.goto('/cover/fairness?from=2026-11-20&to=2026-11-01');
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
});
