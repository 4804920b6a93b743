import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { weekWindow } from '../../lib/partner-api/values';
import { seriousViolations } from './axe';
import { connectWithCode, portal, verbinden, withScriptsOff } from './support';

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

type Figures = {
  planned: number;
  cancelled: number;
  takenOver: number;
  cover: number;
  given: number;
  toPlan: number;
  fte: number;
  contracts: number;
};

/**
 * What the portal's answers imply per teacher for week 47, read straight from the portal: each
 * lesson (its versions by appointmentInstance, hidden ones left out) belongs to the week its
 * current version (valid, highest id; else its last) starts in; it was planned with its first
 * version's teachers (none known when that version already says its teacher changed).
 */
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
  ).body.response.data.filter((a) => a.type === 'lesson' && !a.hidden);
  const contracts = (
    await client.get<{
      id: number;
      employee: string;
      start: string;
      end: string;
      lessonsToPlan: number;
      fteNet: number;
    }>('/contracts', { schoolInSchoolYear: projects, fields: 'id,employee,start,end,lessonsToPlan,fteNet' })
  ).body.response.data;
  const figures = new Map<string, Figures>();
  const of = (t: string) => {
    if (!figures.has(t))
      figures.set(t, { planned: 0, cancelled: 0, takenOver: 0, cover: 0, given: 0, toPlan: 0, fte: 0, contracts: 0 });
    return figures.get(t)!;
  };
  const chains = new Map<string, Lesson[]>();
  for (const a of lessons) {
    const key = a.appointmentInstance !== null ? `i${a.appointmentInstance}` : `v${a.id}`;
    const chain = chains.get(key) ?? [];
    if (!chain.some((b) => b.id === a.id)) chain.push(a);
    chains.set(key, chain);
  }
  const planned: { planned: string[]; now: Lesson | undefined; shown: Lesson }[] = [];
  for (const versions of chains.values()) {
    versions.sort((x, y) => (x.id ?? 0) - (y.id ?? 0));
    const now = versions.filter((v) => v.valid).at(-1);
    const shown = now ?? versions.at(-1)!;
    if (shown.start < w.start || shown.start >= w.end) continue;
    planned.push({ planned: versions[0]!.teacherChanged ? [] : versions[0]!.teachers, now, shown });
  }
  for (const l of planned) {
    for (const t of new Set([...l.planned, ...(l.now?.teachers ?? [])])) {
      const gives = l.now !== undefined && !l.now.cancelled && l.now.teachers.includes(t);
      if (l.planned.includes(t)) {
        of(t).planned++;
        if (gives) of(t).given++;
        else if (!l.now || l.now.cancelled) of(t).cancelled++;
        else of(t).takenOver++;
      } else if (gives) {
        of(t).cover++;
        of(t).given++;
      }
    }
  }
  const monday = '2026-11-16';
  const sunday = '2026-11-22';
  for (const c of contracts)
    if (c.start <= sunday && c.end >= monday && (figures.has(c.employee) || c.lessonsToPlan > 0)) {
      of(c.employee).toPlan += c.lessonsToPlan;
      of(c.employee).fte = Math.round((of(c.employee).fte + c.fteNet) * 100) / 100;
      of(c.employee).contracts++;
    }
  return { figures, lessons: planned };
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

test('the load page shows per teacher planned, cancelled, taken over, cover and given lessons as the portal implies, adding up', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { figures: expected, lessons } = await portalWeek({ year: 2026, week: 47 });
  await connectWithCode(page);
  await page.goto('/staffing/load?week=2026-W47');
  await expect(page.getByRole('heading', { level: 1, name: 'Teaching load' })).toBeVisible();
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 20_000 });

  // The assumptions in school words; the portal's field names only behind "Source".
  const notes = await page.getByTestId('staffing-notes').evaluate((el) =>
    [...el.children]
      .filter((c) => c.tagName !== 'DETAILS')
      .map((c) => c.textContent)
      .join(' '),
  );
  for (const field of ['lessonsToPlan', 'teacherChanged', 'absenceDuration']) expect(notes).not.toContain(field);
  await page.getByText('Source', { exact: true }).click();
  await expect(page.getByTestId('staffing-notes')).toContainText('teacherChanged');

  // Every teacher, as the table exports it; every row adds up.
  const rows = await exportTable(page, '');
  expect(rows.length).toBe(expected.size);
  for (const r of rows) {
    const e = expected.get(r.Code!);
    expect(e, `teacher ${r.Code}`).toBeDefined();
    const shown = ['Planned', 'Cancelled', 'Taken over', 'Cover lessons', 'Given', 'To plan'].map((k) => Number(r[k]));
    expect([r.Code, ...shown]).toEqual([r.Code, e!.planned, e!.cancelled, e!.takenOver, e!.cover, e!.given, e!.toPlan]);
    const [planned, cancelled, takenOver, cover, given] = shown;
    expect(planned! - cancelled! - takenOver! + cover!, `${r.Code} adds up`).toBe(given);
  }
  // The contract gap is the week as planned against the contract, not the week's incidents.
  const sound = [...expected].filter(([, f]) => !(f.toPlan === 0 && f.fte > 0));
  const diffs = sound.map(([, e]) => e.planned - e.toPlan);
  expect(diffs.some((d) => d > 0) && diffs.some((d) => d < 0) && diffs.some((d) => d === 0)).toBe(true);
  const [code, e] = sound.find(([, f]) => f.cover > 0 && f.planned !== f.toPlan)!;
  await page.getByLabel('Search the table').fill(code);
  const row = page.locator('tr[data-row]');
  await expect(row).toHaveCount(1);
  const diff = e.planned - e.toPlan;
  await expect(row).toContainText(diff > 0 ? `+${diff} over target` : `−${-diff} under target`);
  // The cover figure opens exactly its lessons, each saying for whom, titled "week 47".
  await row.getByRole('button', { name: /cover lessons/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toContainText('week 47');
  const mine = lessons.filter((l) => !l.planned.includes(code) && l.now?.teachers.includes(code) && !l.now.cancelled);
  await expect(page.getByTestId('figure-lessons').locator('li')).toHaveCount(e.cover);
  for (const text of await page.getByTestId('lesson-who').allInnerTexts()) {
    const who = mine.map((l) => (l.planned.length > 0 ? `for ${l.planned.join(', ')}` : 'for a colleague'));
    expect(
      who.some((w) => text.startsWith(w)),
      text,
    ).toBe(true);
  }
  await page.getByRole('button', { name: 'Close' }).click();
  // Planned opens the teacher's week on the grid.
  await row
    .getByRole('link', { name: /week on the timetable/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/timetable\\?week=2026-W47&teacher=${code}`));
});

test('the week’s figures come in the page the server sends, and the browser does not read them again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { figures: expected } = await portalWeek({ year: 2026, week: 47 });
  await connectWithCode(page);
  // The server keeps the week once read (its week cache): the page's own read then comes in time on
  // a busy machine too (a slower one sends the page without it, as it should).
  const warm = await page.request.get('/api/staffing/teachers?week=2026-W47', { headers: { 'x-rooster-client': '1' } });
  expect(warm.status()).toBe(200);
  // Scripts off: the table is the server's, every teacher's figures as the portal implies.
  await withScriptsOff(page, '/staffing/load?week=2026-W47', async (bare) => {
    const table = await bare.locator('table').evaluate((t) => ({
      head: [...t.querySelectorAll('thead th > button')].map((b) => b.childNodes[0]!.textContent!.trim()),
      rows: [...t.querySelectorAll<HTMLTableRowElement>('tr[data-row]')].map((r) =>
        [...r.cells].map((c) => c.textContent!.trim()),
      ),
    }));
    const at = (name: string) => table.head.indexOf(name);
    for (const name of ['Code', 'To plan', 'Planned', 'Cancelled', 'Taken over', 'Cover lessons', 'Given'])
      expect(at(name), name).toBeGreaterThanOrEqual(0);
    expect(table.rows.length).toBe(expected.size);
    for (const cells of table.rows) {
      const e = expected.get(cells[at('Code')]!);
      expect(e, `teacher ${cells[at('Code')]}`).toBeDefined();
      const shown = ['Planned', 'Cancelled', 'Taken over', 'Cover lessons', 'Given', 'To plan'].map((k) =>
        Number(cells[at(k)]),
      );
      expect(shown).toEqual([e!.planned, e!.cancelled, e!.takenOver, e!.cover, e!.given, e!.toPlan]);
    }
    await expect(bare.getByTestId('load-totals')).toBeVisible();
  });
  // Scripts on: the page's own figures are used; the next week is read by the browser.
  const reads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/staffing/teachers') reads.push(new URL(r.url()).search);
  });
  await page.goto('/staffing/load?week=2026-W47');
  await expect(page.locator('tr[data-row]')).toHaveCount(expected.size);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect.poll(() => reads).toEqual(['?week=2026-W48']);
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });

  // A week the routes refuse is not read by the page either: the browser's read says why.
  await page.goto('/staffing/load?week=2101-W01');
  await expect(page.getByText('Give a date in the years 2000 to 2100.')).toBeVisible({ timeout: 20_000 });
});

test('contract figures open where they stand: two contracts summed, lessons to plan that cannot be right marked', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { figures } = await portalWeek({ year: 2026, week: 47 });
  const [code, two] = [...figures].find(([, f]) => f.contracts > 1 && f.toPlan > 0 && f.planned > 0)!;
  const doubtful = [...figures]
    .filter(([, f]) => f.toPlan === 0 && f.fte > 0 && f.planned + f.given > 0)
    .map(([c]) => c);
  expect(doubtful.length).toBeGreaterThan(0);
  await connectWithCode(page);
  await page.goto('/staffing/load?week=2026-W47');
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 20_000 });
  // What only screen readers hear stays inside the table's scrolling box: the page ends where its
  // content ends (in a box without a position those texts hung 2,700 px of empty page below it).
  const ends = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    main: document.getElementById('main')!.getBoundingClientRect().bottom + window.scrollY,
  }));
  expect(ends.page).toBeLessThanOrEqual(Math.ceil(ends.main) + 1);
  await page.getByLabel('Search the table').fill(code);
  const row = page.locator('tr[data-row]');
  await expect(row).toHaveCount(1);
  // The fte of two contracts says it is their sum.
  await expect(row).toContainText(`${two.fte} (sum of 2)`);
  await row
    .getByRole('link', { name: /contracts/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/staffing\/contracts\?employee=/);
  await expect(page.getByTestId('contract-sum')).toContainText(
    `${code}: 2 contracts active on Monday 16 November; together ${two.fte} FTE, ${two.toPlan} lessons to plan`,
    { timeout: 20_000 },
  );
  await expect(page.locator('tr[data-row]')).toHaveCount(2);
  // The contracts table shows what a team leader reads first, by name.
  for (const name of ['FTE', 'Lessons to plan', 'Maximum lessons', 'Start', 'End'])
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /fteNet|lessonsToPlan/ })).toHaveCount(0);
  // The column picker names each column once, in words: the name's parts, number and email are not
  // listed again under the portal's field names.
  await page.getByRole('button', { name: 'Columns' }).click();
  const picked = await page
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.querySelector('span')?.textContent ?? ''));
  expect(picked).toContain('Email');
  for (const portalName of ['firstName', 'prefix', 'lastName', 'email', 'employeeNumber'])
    expect(picked).not.toContain(portalName);
  expect(new Set(picked).size).toBe(picked.length);
  await page.keyboard.press('Escape');

  // No lessons to plan at an fte above 0: said, never "+n over target".
  await page.goto(`/staffing/load?week=2026-W47&show=doubt`);
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 20_000 });
  for (const c of doubtful) {
    const doubt = page.locator('tr[data-row]', { hasText: c }).first();
    await expect(doubt).toContainText('0 to plan at');
    await expect(doubt).not.toContainText('over target');
  }
});

test('the load filters, the range with its progress, axe and print', async ({ page }) => {
  test.setTimeout(120_000);
  await connectWithCode(page);
  await page.goto('/staffing/load?week=2026-W47&show=under');
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 20_000 });
  const under = page.locator('tr[data-row]');
  await expect(under.first()).toBeVisible();
  for (const text of await under.allInnerTexts()) expect(text).toContain('under target');
  expect(await seriousViolations(page)).toEqual([]);

  // Four weeks read one at a time: progress, then sums with averages per week beside them.
  await page.goto('/staffing/load?from=2026-11-02&to=2026-11-29');
  await expect(page.getByTestId('range-progress')).toBeVisible();
  await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('columnheader', { name: /Planned per week/ })).toBeVisible();
  const rows = await exportTable(page, '');
  const one = rows.find((r) => Number(r.Planned) > 0)!;
  expect(Number(one['Planned per week'])).toBe(Math.round((Number(one.Planned) / 4) * 10) / 10);

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
  await page.goto('/staffing/load?week=2026-W47');
  await expect(page.getByTestId('staffing-notes')).toContainText('/contracts.lessonsToPlan', { timeout: 20_000 });
  const row = page.locator('tr[data-row]').first();
  await expect(row).toContainText('no right');
  await expect(row.getByText('no right').first()).toHaveAttribute('title', /Ask the school/);
  // Without expectedGroupCount every subject is "no expectation", never "too many".
  await page.goto('/staffing/groups');
  await expect(page.getByTestId('group-status-counts')).toContainText(/^0 too few · 0 too many · 0 ok · \d+ without/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('staffing-notes')).toContainText('/choosableindepartments.expectedGroupCount');
});

test('the absences and the groups come in the page the server sends; nothing moves when the scripts take over', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { client, projects } = await portal();
  const absences = (
    await client.get<{ id: number }>('/employeeabsences', {
      schoolInSchoolYear: projects,
      fields: 'id',
      startDate: '2026-11-16',
      endDate: '2026-11-20',
    })
  ).body.response.data;
  expect(absences.length).toBeGreaterThan(0);
  await connectWithCode(page);
  const pages = [
    {
      path: '/staffing/absences?from=2026-11-16&to=2026-11-20',
      reads: ['/api/partner/employeeabsences', '/api/partner/employees'],
    },
    { path: '/staffing/groups', reads: ['/api/staffing/groups'] },
  ];
  // Scripts off: the tables are the server's.
  await withScriptsOff(page, pages[0]!.path, async (bare) => {
    await expect(bare.getByRole('table').first().locator('tr[data-row]')).toHaveCount(absences.length);
    await expect(bare.getByTestId('absence-counts').locator('li').first()).toBeVisible();
  });
  await withScriptsOff(page, pages[1]!.path, async (bare) => {
    await expect(bare.getByTestId('group-status-counts')).toBeVisible();
    await expect(bare.getByRole('table').first().locator('tr[data-row]').first()).toBeVisible();
  });
  // Scripts on: the page's own lists are used, not read again, and nothing shifts as the page starts.
  const reads: string[] = [];
  page.on('request', (r) => reads.push(new URL(r.url()).pathname));
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const { path, reads: theirs } of pages) {
    reads.length = 0;
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('table').first().locator('tr[data-row]').first()).toBeVisible();
    expect(
      reads.filter((p) => theirs.includes(p)),
      path,
    ).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted), path).toBeLessThan(0.02);
  }
});

test('the groups page: this school year, groups and students against the expectation, a teacher’s groups once', async ({
  page,
}) => {
  const { client, granted, thisYear } = await portal();
  expect(thisYear.length).toBeLessThan(granted.length); // last year's projects are granted too
  const projects = thisYear.join(',');
  const subjects = (
    await client.get<{ id: number; expectedGroupCount: number | null; expectedStudentCount: number | null }>(
      '/choosableindepartments',
      { schoolInSchoolYear: projects, fields: 'id,expectedGroupCount,expectedStudentCount' },
    )
  ).body.response.data;
  type Course = {
    choosableInDepartment: number | null;
    teachers: { code: string }[];
    groupName: string;
    students: { code: string }[];
  };
  const courses = (
    await client.get<Course>('/courses', {
      schoolInSchoolYear: projects,
      fields: 'choosableInDepartment,teachers,groupName,students',
    })
  ).body.response.data;
  const compare = (expected: number | null, planned: number) =>
    expected === null ? null : planned < expected ? 'too few' : planned > expected ? 'too many' : 'ok';
  const status = (s: (typeof subjects)[number]) => {
    const mine = courses.filter((c) => c.choosableInDepartment === s.id);
    const students = new Set(mine.flatMap((c) => c.students.map((x) => x.code))).size;
    const groups = compare(s.expectedGroupCount, mine.length);
    if (groups === 'too few' || groups === 'too many') return groups;
    const pupils = compare(s.expectedStudentCount, students);
    if (pupils === 'too few' || pupils === 'too many') return pupils;
    return groups ?? pupils ?? 'no expectation';
  };
  const count = (word: string) => subjects.filter((s) => status(s) === word).length;
  expect(count('too few')).toBeGreaterThan(0);
  expect(count('too many')).toBeGreaterThan(0);
  // Some subject has its groups right and its students not.
  const studentsOnly = subjects.find(
    (s) =>
      compare(s.expectedGroupCount, courses.filter((c) => c.choosableInDepartment === s.id).length) === 'ok' &&
      status(s) !== 'ok',
  );
  expect(studentsOnly).toBeDefined();

  await connectWithCode(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/staffing/groups');
  await expect(page.getByTestId('group-status-counts')).toHaveText(
    `${count('too few')} too few · ${count('too many')} too many · ${count('ok')} ok · ${count('no expectation')} without expectation`,
    { timeout: 20_000 },
  );
  await expect(page.getByText(/students: \d+ of \d+/).first()).toBeVisible();
  // The subjects table fits a laptop's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  const without = courses.filter((c) => c.teachers.length === 0).map((c) => c.groupName);
  expect(without.length).toBeGreaterThan(0);
  const section = page.getByRole('region', { name: 'Teaching groups without a teacher' });
  for (const name of without) await expect(section.getByText(name, { exact: true })).toBeVisible();
  // Per teacher each group name once (2v3 with two subjects is one group).
  const perTeacher = page.getByRole('region', { name: 'Teaching groups per teacher' });
  for (const text of await perTeacher.locator('tr[data-row] td:last-child').allInnerTexts()) {
    const names = text.split(/, (?![^(]*\))/).map((n) => n.replace(/ \(.*\)$/, ''));
    expect(new Set(names).size, text).toBe(names.length);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('absence costs for a range equal the lessons the portal shows, a person’s overlapping absences counted once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { client, projects } = await portal();
  const w = weekWindow({ year: 2026, week: 47 });
  type Row = { id: number; employee: string; start: number; end: number; absenceDuration: number };
  const absences = (
    await client.get<Row>('/employeeabsences', {
      schoolInSchoolYear: projects,
      fields: 'id,employee,start,end,absenceDuration',
      startDate: '2026-11-16',
      endDate: '2026-11-20',
    })
  ).body.response.data
    .filter((a) => a.start < w.end && a.end > w.start)
    .sort((a, b) => a.start - b.start || a.id - b.id);
  const lessons = (
    await client.get<Lesson>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,appointmentInstance,teachers,type,valid,cancelled,hidden,start,end',
      start: w.start,
      end: w.end,
    })
  ).body.response.data.filter((a) => a.type === 'lesson');
  // Per person: the lesson instances they were on within an absence, each under their earliest
  // absence it falls in, and its fate now (still theirs: open while to come, else not arranged).
  const now = Date.now() / 1000;
  const counted = new Set<string>();
  const fates = (a: Row) => {
    const instances = new Set(
      lessons.filter((l) => l.teachers.includes(a.employee)).map((l) => l.appointmentInstance ?? `v${l.id}`),
    );
    const out = { cancelled: 0, covered: 0, removed: 0, open: 0, unarranged: 0 };
    for (const inst of instances) {
      const versions = lessons
        .filter((l) => (l.appointmentInstance ?? `v${l.id}`) === inst)
        .sort((x, y) => (x.id ?? 0) - (y.id ?? 0));
      const current = versions.filter((v) => v.valid && !v.hidden).at(-1);
      const shown = current ?? versions.at(-1)!;
      if (!(shown.start < Math.min(w.end, a.end) && Math.max(w.start, a.start) < shown.end)) continue;
      if (counted.has(`${a.employee}|${inst}`)) continue;
      counted.add(`${a.employee}|${inst}`);
      if (!current) out.removed++;
      else if (current.cancelled) out.cancelled++;
      else if (current.teachers.includes(a.employee)) out[shown.start > now ? 'open' : 'unarranged']++;
      else out.covered++;
    }
    return out;
  };
  // A person's hours: each school day of the week once, at the most hours any of their absences gives it.
  const dayHours = new Map<string, number>();
  for (const a of absences) {
    const days = (from: number, to: number) => {
      const out: number[] = [];
      // Local days (no clock change in these weeks) from the day of `from` on.
      for (let d = w.start + Math.floor((from - w.start) / 86_400) * 86_400; d < to; d += 86_400) {
        const weekday = new Date((d + 43_200) * 1000).getUTCDay();
        if (d + 86_400 > from && weekday >= 1 && weekday <= 5) out.push(d);
      }
      return out;
    };
    const all = days(a.start, a.end).length;
    for (const d of days(Math.max(a.start, w.start), Math.min(a.end, w.end))) {
      const key = `${a.employee}|${d}`;
      dayHours.set(key, Math.max(dayHours.get(key) ?? 0, a.absenceDuration / all));
    }
  }
  const hoursOf = (employee: string) =>
    [...dayHours].filter(([k]) => k.startsWith(`${employee}|`)).reduce((n, [, h]) => n + h, 0);
  const twice = [...new Set(absences.map((a) => a.employee))].find(
    (e) => absences.filter((a) => a.employee === e).length > 1,
  );
  expect(twice, 'the sandbox has a person with overlapping absences').toBeDefined();

  await connectWithCode(page);
  await page.goto('/staffing/absences?from=2026-11-16&to=2026-11-20');
  const costs = page.getByTestId('absence-costs');
  await expect(costs.getByRole('heading', { name: 'Per absence' })).toBeVisible();
  await expect(costs.locator('tr[data-row]').first()).toBeVisible({ timeout: 30_000 });
  // The assumptions in school words; the portal's field names only behind "Source".
  const notes = costs.getByTestId('staffing-notes');
  const said = await notes.evaluate((el) =>
    [...el.children]
      .filter((c) => c.tagName !== 'DETAILS')
      .map((c) => c.textContent)
      .join(' '),
  );
  expect(said).toContain('Hours');
  for (const field of ['absenceDuration', 'employeeabsences', 'absenceType']) expect(said).not.toContain(field);
  await notes.getByText('Source', { exact: true }).click();
  await expect(notes).toContainText('absenceDuration (unsupported)');
  const download = page.waitForEvent('download');
  await costs.getByRole('button', { name: 'Export CSV' }).last().click();
  await page.getByRole('button', { name: 'Download' }).click();
  const [header, ...body] = parse(readFileSync(await (await download).path()), { bom: true }) as string[][];
  const col = (name: string) => header!.indexOf(name);
  expect(body.length).toBe(absences.length);
  const column = (name: string, rows: string[][]) => rows.reduce((n, r) => n + Number(r[col(name)]), 0);
  const want = { cancelled: 0, covered: 0, open: 0, unarranged: 0 };
  let touched = 0;
  const byPerson = new Map<string, typeof want>();
  for (const a of absences) {
    const e = fates(a);
    touched += e.cancelled + e.covered + e.removed + e.open + e.unarranged;
    const p = byPerson.get(a.employee) ?? { cancelled: 0, covered: 0, open: 0, unarranged: 0 };
    for (const k of ['cancelled', 'covered', 'open', 'unarranged'] as const) {
      want[k] += e[k];
      p[k] += e[k];
    }
    byPerson.set(a.employee, p);
  }
  const names = ['Cancelled', 'Covered', 'Still open', 'Not arranged'];
  for (const [employee, p] of byPerson) {
    const mine = body.filter((r) => r[col('Code')] === employee);
    expect(
      names.map((n) => column(n, mine)),
      employee,
    ).toEqual([p.cancelled, p.covered, p.open, p.unarranged]);
    // Hours counted once a day: never more than the days they were away give.
    expect(column('Hours', mine), `${employee} hours`).toBeCloseTo(hoursOf(employee), 0);
  }
  expect(names.map((n) => column(n, body))).toEqual([want.cancelled, want.covered, want.open, want.unarranged]);
  expect(touched).toBeGreaterThan(0);
  // The range's total row: the absences' figures added up.
  const total = costs.getByTestId('absence-total');
  await expect(total).toContainText(String(absences.length));
  const cells = await total.locator('td').allInnerTexts();
  const heads = await total.locator('th').allInnerTexts();
  for (const n of ['Lessons', ...names, 'Lessons lost'])
    expect(Number(cells[heads.indexOf(n)]!.replace(/,/g, '')), n).toBe(column(n, body));
  // Sorted by start, then name.
  const sortable = (cell: string) => cell.replace(/^(\d\d)-(\d\d)-(\d{4}) (.*)$/, '$3$2$1 $4');
  const starts = body.map((r) => sortable(r[col('Start')]!));
  expect(starts).toEqual([...starts].sort());
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('on a phone (390×844) the absences page does not scroll sideways: wide tables scroll in their own boxes', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await verbinden(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/staffing/absences?from=2026-11-16&to=2026-11-20');
    await expect(page.getByTestId('absence-total')).toBeVisible({ timeout: 60_000 });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
  });

  test('the range’s averages per week are written as Dutch numbers (14,6 and −1,7), as every other figure', async ({
    page,
  }) => {
    await verbinden(page);
    await page.goto('/staffing/load?from=2026-11-02&to=2026-11-29');
    await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 60_000 });
    const headers = await page.locator('table[aria-rowcount] thead th').allInnerTexts();
    const column = (label: string) => headers.findIndex((h) => h.startsWith(label));
    const cells = await page
      .locator('tr[data-row]')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const perWeek = cells.map((c) => c[column('Gepland per week')]!).filter((v) => v !== '—');
    const difference = cells.map((c) => c[column('Verschil per week')]!).filter((v) => v !== '—');
    expect(perWeek.length).toBeGreaterThan(10);
    for (const v of perWeek) expect(v).toMatch(/^\d+(,\d)?$/);
    for (const v of difference) expect(v).toMatch(/^([+−]\d+(,\d)?|0)$/);
  });

  test('absence figures are Dutch numbers (34,8 and 2.160), with a total for the range', async ({ page }) => {
    test.setTimeout(90_000);
    await verbinden(page);
    await page.goto('/staffing/absences?from=2026-10-01&to=2026-10-31');
    const costs = page.getByTestId('absence-costs');
    await expect(costs.getByTestId('absence-total')).toBeVisible({ timeout: 60_000 });
    const figures = await costs
      .locator('tr[data-row] td')
      .evaluateAll((cells) => cells.map((c) => c.textContent ?? '').filter((t) => /^[\d.,−-]+$/.test(t)));
    expect(figures.length).toBeGreaterThan(20);
    for (const f of figures) expect(f).toMatch(/^(\d{1,3}(\.\d{3})*|\d+)(,\d+)?$/);
    expect(figures.some((f) => f.includes(','))).toBe(true);
    await expect(costs.getByRole('columnheader', { name: /^Verloren klokuren/ }).first()).toBeVisible();
  });
});
