import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { weekWindow } from '../../lib/partner-api/values';
import { seriousViolations } from './axe';
import { connectWithCode, portal, sandbox } from './support';

// The staffing pages as a team leader uses them, each figure checked against what the portal's
// own answers imply, computed here from the portal read straight (not through Rooster).

type Lesson = {
  id: number | null;
  appointmentInstance: number | null;
  teachers: string[];
  type: string;
  valid: boolean;
  cancelled: boolean;
  hidden: boolean;
  teacherChanged: boolean;
  start: number;
  end: number;
};

async function portalWeek(week: { year: number; week: number }) {
  const { client, projects } = await portal();
  const w = weekWindow(week);
  const lessons = (
    await client.get<Lesson>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,appointmentInstance,teachers,type,valid,cancelled,hidden,teacherChanged,start,end',
      start: w.start,
      end: w.end,
    })
  ).body.response.data.filter((a) => a.type === 'lesson');
  const contracts = (
    await client.get<{ employee: string; start: string; end: string; lessonsToPlan: number }>('/contracts', {
      schoolInSchoolYear: projects,
      fields: 'employee,start,end,lessonsToPlan',
    })
  ).body.response.data;
  const figures = new Map<string, { scheduled: number; cancelled: number; cover: number; toPlan: number }>();
  const of = (t: string) => {
    if (!figures.has(t)) figures.set(t, { scheduled: 0, cancelled: 0, cover: 0, toPlan: 0 });
    return figures.get(t)!;
  };
  const previous = (a: Lesson) =>
    lessons
      .filter((b) => b.appointmentInstance === a.appointmentInstance && (b.id ?? 0) < (a.id ?? 0))
      .sort((x, y) => (y.id ?? 0) - (x.id ?? 0))[0];
  const seen = new Set<number>();
  for (const a of lessons) {
    if (!a.valid || a.hidden || (a.id !== null && seen.has(a.id))) continue;
    if (a.id !== null) seen.add(a.id);
    for (const t of a.teachers) {
      if (a.cancelled) of(t).cancelled++;
      else {
        of(t).scheduled++;
        if (a.teacherChanged && !previous(a)?.teachers.includes(t)) of(t).cover++;
      }
    }
  }
  const monday = '2026-11-16';
  const sunday = '2026-11-22';
  for (const c of contracts)
    if (c.start <= sunday && c.end >= monday && (figures.has(c.employee) || c.lessonsToPlan > 0))
      of(c.employee).toPlan += c.lessonsToPlan;
  return figures;
}

async function exportTable(page: Page, table: string): Promise<Record<string, string>[]> {
  const region = page.getByTestId(table);
  const download = page.waitForEvent('download');
  await (table ? region : page).getByRole('button', { name: 'Export CSV' }).first().click();
  await page.getByRole('button', { name: 'Download' }).click();
  const rows = parse(readFileSync(await (await download).path()), { bom: true }) as string[][];
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

test('the load page shows, per teacher, the scheduled, cancelled and cover lessons and lessons to plan the portal implies', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const expected = await portalWeek({ year: 2026, week: 47 });
  await connectWithCode(page);
  await page.goto('/staff/load?week=2026-W47');
  await expect(page.getByRole('heading', { level: 1, name: 'Teaching load' })).toBeVisible();
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 20_000 });

  // Every teacher, as the table exports it.
  const rows = await exportTable(page, '');
  expect(rows.length).toBe(expected.size);
  for (const r of rows) {
    const e = expected.get(r.Code!);
    expect(e, `teacher ${r.Code}`).toBeDefined();
    expect([r.Code, r.Scheduled, r.Cancelled, r['Cover lessons'], r['To plan']]).toEqual([
      r.Code,
      String(e!.scheduled),
      String(e!.cancelled),
      String(e!.cover),
      String(e!.toPlan),
    ]);
  }
  // The sandbox's week has teachers over, under and on target, and cover lessons.
  const diffs = [...expected.values()].map((e) => e.scheduled - e.toPlan);
  expect(diffs.some((d) => d > 0) && diffs.some((d) => d < 0) && diffs.some((d) => d === 0)).toBe(true);

  // As a team leader reads one row: a teacher with cover lessons, the difference in words.
  const [code, e] = [...expected].find(([, f]) => f.cover > 0 && f.scheduled !== f.toPlan)!;
  await page.getByLabel('Search the table').fill(code);
  const row = page.locator('tr[data-row]');
  await expect(row).toHaveCount(1);
  const diff = e.scheduled - e.toPlan;
  await expect(row).toContainText(diff > 0 ? `+${diff} over target` : `−${-diff} under target`);
  // The cover figure opens the list of those lessons.
  await row.getByRole('button', { name: new RegExp(`cover lessons`) }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('figure-lessons').locator('li')).toHaveCount(e.cover);
  await page.getByRole('button', { name: 'Close' }).click();
  // Scheduled opens the teacher's week on the grid.
  await row.getByRole('link', { name: /week on the timetable/ }).click();
  await expect(page).toHaveURL(new RegExp(`/timetable\\?week=2026-W47&teacher=${code}`));
});

test('the load filters, the range with its progress, axe and print', async ({ page }) => {
  test.setTimeout(120_000);
  await connectWithCode(page);
  await page.goto('/staff/load?week=2026-W47&show=under');
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 20_000 });
  const under = page.locator('tr[data-row]');
  await expect(under.first()).toBeVisible();
  for (const text of await under.allInnerTexts()) expect(text).toContain('under target');
  expect(await seriousViolations(page)).toEqual([]);

  // Four weeks read one at a time: progress, then sums with averages per week beside them.
  await page.goto('/staff/load?from=2026-11-02&to=2026-11-29');
  await expect(page.getByTestId('range-progress')).toBeVisible();
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('columnheader', { name: /Scheduled per week/ })).toBeVisible();
  const rows = await exportTable(page, '');
  const one = rows.find((r) => Number(r.Scheduled) > 0)!;
  expect(Number(one['Scheduled per week'])).toBeCloseTo(Number(one.Scheduled) / 4, 1);

  // On paper (A4 landscape is 1123 px wide at 96 dpi, less 8 mm margins): every row, no column cut off.
  await page.setViewportSize({ width: 1062, height: 750 });
  await page.emulateMedia({ media: 'print' });
  const fit = await page.evaluate(() => {
    const table = document.querySelector('table[aria-rowcount]')!;
    return {
      page: document.documentElement.scrollWidth,
      table: table.getBoundingClientRect().width,
      rows: table.querySelectorAll('tr[data-row]').length,
      rowCount: Number(table.getAttribute('aria-rowcount')) - 1,
    };
  });
  expect(fit.page).toBeLessThanOrEqual(1062);
  expect(fit.table).toBeLessThanOrEqual(1062);
  expect(fit.rows).toBe(fit.rowCount);
});

test('a project the rights do not hold is refused in words, never widened to every project', async ({ page }) => {
  await connectWithCode(page);
  const answer = await page.evaluate(async () => {
    const r = await fetch('/api/staffing/teachers?week=2026-W47&schoolInSchoolYear=999999', {
      headers: { 'x-rooster-client': '1' },
    });
    return { status: r.status, body: (await r.json()) as { error?: { message: string }; data?: unknown[] } };
  });
  expect(answer.status).toBe(403);
  expect(answer.body.error?.message).toMatch(/do not include timetable project 999999/);
  expect(answer.body.data).toBeUndefined();
});

test('a partner without the staffing fields sees "no right" and what to ask for, never zeros', async ({ page }) => {
  await connectWithCode(page, 'basic');
  await page.goto('/staff/load?week=2026-W47');
  await expect(page.getByTestId('staffing-notes')).toContainText('/contracts.lessonsToPlan', { timeout: 20_000 });
  const row = page.locator('tr[data-row]').first();
  await expect(row).toContainText('no right');
  await expect(row.getByText('no right').first()).toHaveAttribute('title', /Ask the school/);
  // Without expectedGroupCount every subject is "no expectation", never "too many".
  await page.goto('/staff/groups');
  await expect(page.getByTestId('group-status-counts')).toContainText(/^0 too few · 0 too many · 0 ok · \d+ without/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('staffing-notes')).toContainText('/choosableindepartments.expectedGroupCount');
});

test('the groups page: status per subject equals the count of /courses against the expectation', async ({ page }) => {
  const { client, projects } = await portal();
  const subjects = (
    await client.get<{ id: number; expectedGroupCount: number | null }>('/choosableindepartments', {
      schoolInSchoolYear: projects,
      fields: 'id,expectedGroupCount',
    })
  ).body.response.data;
  const courses = (
    await client.get<{ choosableInDepartment: number | null; teachers: unknown[]; groupName: string }>('/courses', {
      schoolInSchoolYear: projects,
      fields: 'choosableInDepartment,teachers,groupName',
    })
  ).body.response.data;
  const status = (s: (typeof subjects)[number]) => {
    const planned = courses.filter((c) => c.choosableInDepartment === s.id).length;
    if (s.expectedGroupCount === null) return 'no expectation';
    return planned < s.expectedGroupCount ? 'too few' : planned > s.expectedGroupCount ? 'too many' : 'ok';
  };
  const count = (word: string) => subjects.filter((s) => status(s) === word).length;
  expect(count('too few')).toBeGreaterThan(0);
  expect(count('too many')).toBeGreaterThan(0);

  await connectWithCode(page);
  await page.goto('/staff/groups');
  await expect(page.getByTestId('group-status-counts')).toHaveText(
    `${count('too few')} too few · ${count('too many')} too many · ${count('ok')} ok · ${count('no expectation')} without expectation`,
    { timeout: 20_000 },
  );
  const without = courses.filter((c) => c.teachers.length === 0).map((c) => c.groupName);
  expect(without.length).toBeGreaterThan(0);
  const section = page.getByRole('region', { name: 'Teaching groups without a teacher' });
  for (const name of without) await expect(section.getByText(name, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('absence costs for a range equal the lessons the portal shows for those teachers', async ({ page }) => {
  test.setTimeout(90_000);
  const { client, projects } = await portal();
  const w = weekWindow({ year: 2026, week: 47 });
  const absences = (
    await client.get<{ id: number; employee: string; start: number; end: number }>('/employeeabsences', {
      schoolInSchoolYear: projects,
      fields: 'id,employee,start,end',
      startDate: '2026-11-16',
      endDate: '2026-11-20',
    })
  ).body.response.data.filter((a) => a.start < w.end && a.end > w.start);
  const lessons = (
    await client.get<Lesson>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,appointmentInstance,teachers,type,valid,cancelled,hidden,start,end',
      start: w.start,
      end: w.end,
    })
  ).body.response.data.filter((a) => a.type === 'lesson');
  // Per absence: the lesson instances the absent teacher was on within the absence, and their fate now.
  const fates = (a: (typeof absences)[number]) => {
    const instances = new Set(
      lessons.filter((l) => l.teachers.includes(a.employee)).map((l) => l.appointmentInstance ?? `v${l.id}`),
    );
    const out = { cancelled: 0, covered: 0, removed: 0, unresolved: 0 };
    for (const inst of instances) {
      const versions = lessons
        .filter((l) => (l.appointmentInstance ?? `v${l.id}`) === inst)
        .sort((x, y) => (x.id ?? 0) - (y.id ?? 0));
      const now = versions.filter((v) => v.valid && !v.hidden).at(-1);
      const shown = now ?? versions.at(-1)!;
      if (!(shown.start < Math.min(w.end, a.end) && Math.max(w.start, a.start) < shown.end)) continue;
      if (!now) out.removed++;
      else if (now.cancelled) out.cancelled++;
      else if (now.teachers.includes(a.employee)) out.unresolved++;
      else out.covered++;
    }
    return out;
  };
  expect(absences.length).toBeGreaterThan(0);

  await connectWithCode(page);
  await page.goto('/staff/absences?from=2026-11-16&to=2026-11-20');
  const costs = page.getByTestId('absence-costs');
  await expect(costs.getByRole('heading', { name: 'Per absence' })).toBeVisible();
  await expect(costs.locator('tr[data-row]').first()).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await costs.getByRole('button', { name: 'Export CSV' }).last().click();
  await page.getByRole('button', { name: 'Download' }).click();
  const [header, ...body] = parse(readFileSync(await (await download).path()), { bom: true }) as string[][];
  const col = (name: string) => header!.indexOf(name);
  expect(body.length).toBe(absences.length);
  const column = (name: string, rows: string[][]) => rows.reduce((n, r) => n + Number(r[col(name)]), 0);
  const want = { cancelled: 0, covered: 0, unresolved: 0 };
  let touched = 0;
  for (const a of absences) {
    const e = fates(a);
    touched += e.cancelled + e.covered + e.removed + e.unresolved;
    want.cancelled += e.cancelled;
    want.covered += e.covered;
    want.unresolved += e.unresolved;
    // Where a person has one absence that week, their row alone says the same.
    const mine = body.filter((r) => r[col('Code')] === a.employee);
    if (mine.length !== 1) continue;
    expect([column('Cancelled', mine), column('Covered', mine), column('Still open', mine)], a.employee).toEqual([
      e.cancelled,
      e.covered,
      e.unresolved,
    ]);
  }
  expect([column('Cancelled', body), column('Covered', body), column('Still open', body)]).toEqual([
    want.cancelled,
    want.covered,
    want.unresolved,
  ]);
  expect(touched).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('the range’s averages per week are written as Dutch numbers (14,6 and −1,7), as every other figure', async ({
    page,
  }) => {
    await page.goto('/connect');
    await page.getByLabel('URL van het portal').fill(`${sandbox.origin}/api`);
    await page.getByRole('textbox', { name: 'Koppelcode' }).fill(await sandbox.newCode('demo'));
    await page.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await expect(page.getByText(/Verbonden als/)).toBeVisible();
    await page.goto('/staff/load?from=2026-11-02&to=2026-11-29');
    await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 60_000 });
    const headers = await page.locator('table[aria-rowcount] thead th').allInnerTexts();
    const column = (label: string) => headers.findIndex((h) => h.startsWith(label));
    const cells = await page
      .locator('tr[data-row]')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const perWeek = cells.map((c) => c[column('Ingeroosterd per week')]!).filter((v) => v !== '—');
    const difference = cells.map((c) => c[column('Verschil per week')]!).filter((v) => v !== '—');
    expect(perWeek.length).toBeGreaterThan(10);
    for (const v of perWeek) expect(v).toMatch(/^\d+(,\d)?$/);
    for (const v of difference) expect(v).toMatch(/^([+−]\d+(,\d)?|0)$/);
  });
});
