import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { connectWithCode, portal, sandbox, W47 } from './support';

// The overview (/timetable/overview) against the portal read independently: every row's cells
// hold exactly that code's valid appointments of the week, cancelled and changed ones coded,
// every clash the data implies marked; one tab stop, arrow keys reach every row and cell; axe.

type Row = {
  id: number;
  start: number;
  end: number;
  teachers: string[];
  groups: string[];
  locations: string[];
  cancelled: boolean;
  valid: boolean;
  hidden: boolean;
  teacherChanged: boolean;
  locationChanged: boolean;
  timeChanged: boolean;
  groupChanged: boolean;
  startTimeSlotName: string | null;
};
const KINDS = { teacher: 'teachers', group: 'groups', location: 'locations' } as const;
type Kind = keyof typeof KINDS;

async function portalWeek(): Promise<Row[]> {
  const { client, projects } = await portal();
  const { body } = await client.get<Row>('/appointments', {
    schoolInSchoolYear: projects,
    fields:
      'id,start,end,teachers,groups,locations,cancelled,valid,hidden,teacherChanged,locationChanged,timeChanged,groupChanged,startTimeSlotName',
    start: W47.start,
    end: W47.end,
    includeHidden: true,
  });
  return body.response.data;
}

/** Per code: the valid appointments (ids) of the week, and those that overlap another valid, not cancelled one. */
function expected(rows: Row[], kind: Kind) {
  const current = rows.filter((r) => r.valid && !r.hidden);
  const byCode = new Map<string, Row[]>();
  for (const r of current) for (const c of new Set(r[KINDS[kind]])) byCode.set(c, [...(byCode.get(c) ?? []), r]);
  const ids = new Map<string, Set<number>>();
  const clashes = new Map<string, Set<number>>();
  for (const [code, list] of byCode) {
    ids.set(code, new Set(list.map((r) => r.id)));
    const live = list.filter((r) => !r.cancelled);
    const clash = new Set<number>();
    for (const a of live)
      for (const b of live) if (a.id !== b.id && a.start < b.end && b.start < a.end) clash.add(a.id).add(b.id);
    clashes.set(code, clash);
  }
  return { current, ids, clashes };
}

interface Seen {
  ids: Set<number>;
  clash: Set<number>;
  cancelled: Set<number>;
  change: Map<number, string>;
}

/** Every row of the grid, scrolled through (rows are virtual: only those in view are in the DOM). */
async function readGrid(page: Page): Promise<Map<string, Seen>> {
  const grid = page.getByTestId('overview-grid');
  await grid.evaluate((el) => (el.scrollTop = 0));
  const seen = new Map<string, Seen>();
  for (let step = 0; step < 200; step++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const part = await grid.evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('[data-row]')].map((row) => ({
        code: row.dataset.row!,
        chips: [...row.querySelectorAll<HTMLElement>('[data-appointment-id]')].map((c) => ({
          id: Number(c.dataset.appointmentId),
          clash: c.hasAttribute('data-clash'),
          cancelled: c.hasAttribute('data-cancelled'),
          change: c.dataset.change ?? '',
        })),
      })),
    );
    for (const row of part) {
      const s = seen.get(row.code) ?? { ids: new Set(), clash: new Set(), cancelled: new Set(), change: new Map() };
      for (const c of row.chips) {
        s.ids.add(c.id);
        if (c.clash) s.clash.add(c.id);
        if (c.cancelled) s.cancelled.add(c.id);
        s.change.set(c.id, c.change);
      }
      seen.set(row.code, s);
    }
    const moved = await grid.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollTop = before + el.clientHeight - 60;
      return el.scrollTop !== before;
    });
    if (!moved) break;
  }
  return seen;
}

const sorted = (s: Iterable<number> | undefined) => [...(s ?? [])].sort((a, b) => a - b);

for (const kind of Object.keys(KINDS) as Kind[]) {
  test(`by=${kind}: each row holds exactly the portal’s valid appointments of that ${kind}, changes coded, clashes marked`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const rows = await portalWeek();
    const want = expected(rows, kind);
    expect(want.ids.size).toBeGreaterThan(10);

    await connectWithCode(page);
    await page.goto(`/timetable/overview?week=2026-W47&by=${kind}`);
    await expect(page.getByTestId('overview-grid').locator('[data-row]').first()).toBeVisible({ timeout: 20_000 });
    const seen = await readGrid(page);

    // Every code with appointments is a row, and every row holds exactly its code's appointments.
    for (const [code, ids] of want.ids) expect(sorted(seen.get(code)?.ids), `row ${code}`).toEqual(sorted(ids));
    for (const [code, s] of seen) expect(sorted(s.ids), `row ${code}`).toEqual(sorted(want.ids.get(code)));
    // Rows with nothing valid left are codes of the week's other versions, never invented.
    const anyVersion = new Set(rows.filter((r) => !r.hidden).flatMap((r) => r[KINDS[kind]]));
    for (const code of seen.keys()) expect(anyVersion.has(code), code).toBe(true);

    // Cancelled and changed cells are coded.
    const byId = new Map(want.current.map((r) => [r.id, r]));
    let cancelled = 0;
    let changed = 0;
    for (const [code, s] of seen) {
      for (const id of s.ids) {
        const r = byId.get(id)!;
        expect(s.cancelled.has(id), `${code} ${id} cancelled`).toBe(r.cancelled);
        const change = s.change.get(id)!.split(' ');
        if (r.cancelled) cancelled++;
        if (r.teacherChanged) expect(change, `${code} ${id}`).toContain('substitute');
        if (r.locationChanged) expect(change, `${code} ${id}`).toContain('roomChange');
        if (r.timeChanged) expect(change, `${code} ${id}`).toContain('moved');
        if (r.teacherChanged || r.locationChanged || r.timeChanged || r.groupChanged) changed++;
      }
    }
    expect(cancelled).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);

    // Every clash the portal's data implies is marked, and nothing else.
    let clashes = 0;
    for (const [code, ids] of want.clashes) {
      expect(sorted(seen.get(code)?.clash), `clashes of ${code}`).toEqual(sorted(ids));
      clashes += ids.size;
    }
    for (const [code, s] of seen) expect(sorted(s.clash), `clashes of ${code}`).toEqual(sorted(want.clashes.get(code)));
    test.info().annotations.push({ type: 'clashes', description: `${clashes} clashing appointments by ${kind}` });
  });
}

test('one tab stop; arrow keys reach every row and every cell; Enter opens the details; the row header opens that week', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await connectWithCode(page);
  await page.goto('/timetable/overview?week=2026-W47&by=teacher');
  const grid = page.getByRole('grid');
  await expect(grid.locator('[data-row]').first()).toBeVisible({ timeout: 20_000 });
  // One tab stop in the whole grid.
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  // The control before the grid, then Tab: into the grid, at its one tab stop.
  await page.getByRole('group', { name: 'Days' }).getByRole('button').last().focus();
  await page.keyboard.press('Tab');
  const focus = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const cell = el?.closest<HTMLElement>('[data-cell]');
      const row = el?.closest<HTMLElement>('[role="row"]');
      return {
        cell: cell?.dataset.cell ?? null,
        rowindex: Number(row?.getAttribute('aria-rowindex')),
        colindex: Number(el?.closest('[aria-colindex]')?.getAttribute('aria-colindex')),
      };
    });
  expect((await focus()).cell).toBe('0:1');
  const rowCount = Number(await grid.getAttribute('aria-rowcount')) - 2;
  const colCount = Number(await grid.getAttribute('aria-colcount'));
  expect(rowCount).toBeGreaterThan(50);
  // Down through every row (virtual rows come into the DOM as focus reaches them).
  for (let i = 1; i < rowCount; i++) {
    await page.keyboard.press('ArrowDown');
    expect((await focus()).rowindex).toBe(i + 3);
  }
  await page.keyboard.press('ArrowDown');
  expect((await focus()).rowindex).toBe(rowCount + 2);
  // Across every cell of the last row, to the row header and back.
  await page.keyboard.press('Home');
  expect((await focus()).colindex).toBe(1);
  for (let c = 2; c <= colCount; c++) {
    await page.keyboard.press('ArrowRight');
    expect((await focus()).colindex).toBe(c);
  }
  await page.keyboard.press('Control+Home');
  expect((await focus()).cell).toBe('0:0');
  // Tab leaves the grid in one step; Shift+Tab comes back to the same cell.
  await page.keyboard.press('Tab');
  expect((await focus()).cell).toBeNull();
  await page.keyboard.press('Shift+Tab');
  expect((await focus()).cell).toBe('0:0');

  // Enter on a cell with an appointment opens its details.
  const filled = grid.locator('[data-row] [role="gridcell"]:has([data-appointment-id])').first();
  const id = await filled.locator('[data-appointment-id]').first().getAttribute('data-appointment-id');
  await filled.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('appointmentInstance');
  // The one whose cell had the focus: its version id is among the details (behind "All fields").
  await dialog.getByText('All fields', { exact: true }).click();
  await expect(dialog).toContainText(String(id));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The row header opens that teacher's week.
  const first = grid.locator('[data-row]').first();
  const code = await first.getAttribute('data-row');
  await first.getByRole('rowheader').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/timetable\\?week=2026-W47&teacher=${code}$`));
});

test('a group’s week opened from its row header: the link shows it is opening while the server reads the week', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.goto('/timetable/overview?week=2026-W47&by=group');
  const first = page.getByRole('grid').locator('[data-row]').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  const code = (await first.getAttribute('data-row'))!;
  const link = first.getByRole('rowheader').getByRole('link');
  await expect(link.locator('[data-link-pending]')).toHaveCount(0);
  // The group's page reads its week on the server before it comes (up to 1.5 s): here 1 s.
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', param: 'start', latencyMs: 1_000 });
  try {
    await link.click();
    await expect(link.locator('[data-link-pending]')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`/timetable\\?week=2026-W47&group=${encodeURIComponent(code)}$`));
    await expect(page.getByRole('heading', { name: /Week 47 of 2026/ })).toContainText(code);
    await expect(page.locator('[data-link-pending]')).toHaveCount(0);
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
});

test('search, changes only and the day are in the URL; a shared link opens the same view', async ({ page }) => {
  await connectWithCode(page);
  await page.goto('/timetable/overview?week=2026-W47&by=group');
  const grid = page.getByTestId('overview-grid');
  await expect(grid.locator('[data-row]').first()).toBeVisible({ timeout: 20_000 });
  await page.getByPlaceholder('Group').fill('4h');
  await page.getByLabel('Only rows with changes').check();
  await page
    .getByRole('group', { name: 'Days' })
    .getByRole('button', { name: /^Thursday/ })
    .click();
  await expect(page).toHaveURL(/q=4h/);
  await expect(page).toHaveURL(/changes=1/);
  await expect(page).toHaveURL(/day=4/);
  const shown = async () => {
    const codes = await grid.locator('[data-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row')));
    const changed = await grid.locator('[data-row]:not([data-changed])').count();
    const days = await grid.locator('[data-day]').evaluateAll((els) => els.map((e) => e.getAttribute('data-day')));
    return { codes, changed, days };
  };
  const before = await shown();
  expect(before.codes.length).toBeGreaterThan(0);
  expect(before.codes.every((c) => c!.includes('4h'))).toBe(true);
  expect(before.changed).toBe(0);
  expect(before.days).toEqual(['2026-11-19']);
  await page.reload();
  await expect(grid.locator('[data-row]').first()).toBeVisible({ timeout: 20_000 });
  expect(await shown()).toEqual(before);
  await expect(page.getByPlaceholder('Group')).toHaveValue('4h');
});

test('free rooms: the rooms with no lesson (or only a cancelled one) on Thursday u3, as the portal has them', async ({
  page,
}) => {
  const rows = (await portalWeek()).filter((r) => !r.hidden);
  const rooms = new Set(rows.flatMap((r) => r.locations));
  // Thursday u3 of week 47: 19 November 10:30–11:20 in the sample school.
  const u3 = rows.find(
    (r) =>
      r.startTimeSlotName === 'u3' &&
      new Date(r.start * 1000).toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam' }) === '2026-11-19',
  )!;
  const busy = new Set(
    rows.filter((r) => r.valid && !r.cancelled && r.start < u3.end && u3.start < r.end).flatMap((r) => r.locations),
  );
  const free = [...rooms].filter((r) => !busy.has(r)).sort();

  await connectWithCode(page);
  await page.goto('/timetable/overview?week=2026-W47&by=location&free=4-u3');
  const list = page.getByTestId('free-room-list');
  await expect(list.getByRole('link').first()).toBeVisible({ timeout: 20_000 });
  const shown = (await list.getByRole('link').allTextContents()).sort();
  expect(shown).toEqual(free);
  await expect(page.getByTestId('free-rooms')).toContainText(`${free.length} rooms free on Thursday u3`);
  // The same rooms are the empty (free) cells of that column in the matrix.
  const column = await page.locator('[data-period="u3"]').nth(3).getAttribute('aria-colindex');
  const freeCells = await page
    .getByTestId('overview-grid')
    .locator(`[data-row] [role="gridcell"][aria-colindex="${column}"][data-free]`)
    .count();
  expect(freeCells).toBeGreaterThan(0);
});

for (const kind of ['teacher', 'location'] as const) {
  test(`axe finds no serious accessibility issue on the overview by ${kind}`, async ({ page }) => {
    test.setTimeout(90_000);
    await connectWithCode(page);
    await page.goto(`/timetable/overview?week=2026-W47&by=${kind}`);
    await expect(page.getByTestId('overview-grid').locator('[data-row]').first()).toBeVisible({ timeout: 20_000 });
    const violations = await seriousViolations(page);
    expect(violations).toEqual([]);
  });
}

test('print: landscape tables whose headers repeat, a week or a day per sheet', async ({ page }) => {
  test.setTimeout(90_000);
  await connectWithCode(page);
  await page.goto('/timetable/overview?week=2026-W47&by=teacher&print=day');
  await expect(page.getByTestId('overview-grid').locator('[data-row]').first()).toBeVisible({ timeout: 20_000 });
  await page.emulateMedia({ media: 'print' });
  const sheets = page.getByTestId('overview-print').locator('table');
  await expect(sheets).toHaveCount(5);
  await expect(sheets.first().locator('thead')).toHaveCSS('display', 'table-header-group');
  await expect(sheets.first().locator('caption')).toContainText('Monday 16 November');
  await expect(page.getByTestId('overview-grid')).toBeHidden();
  const pdf = await page.pdf({ landscape: true, format: 'A4' });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
  // A week per sheet: one table of every day.
  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel('Print as').selectOption('week');
  await expect(page).not.toHaveURL(/print=day/);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('overview-print').locator('table')).toHaveCount(1);
});

test('on a phone (390×844) every row header shows its whole code and name, nothing cut off', async ({ page }) => {
  test.setTimeout(90_000);
  await connectWithCode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/timetable/overview?week=2026-W47&by=teacher');
  const grid = page.getByTestId('overview-grid');
  // The names come from /users: a header's link names the teacher as "Name (CODE)" once they are in.
  await expect(grid.locator('[role="rowheader"] a[title$=")"]').first()).toBeVisible({ timeout: 20_000 });
  // Each shown text of a row header lies inside the header and is not cut off within itself; the
  // name shown is the whole name.
  const cutOff = () =>
    grid.locator('[role="rowheader"]').evaluateAll((headers) =>
      headers.flatMap((h) => {
        const outer = h.getBoundingClientRect();
        const link = h.querySelector('a')!;
        const name = /^(.*) \([^()]+\)$/.exec(link.title)?.[1];
        return [...link.querySelectorAll<HTMLElement>(':scope > span:not(.sr-only)')]
          .flatMap((s) => {
            const r = s.getBoundingClientRect();
            const inside =
              r.left >= outer.left - 0.5 &&
              r.right <= outer.right + 0.5 &&
              r.top >= outer.top - 0.5 &&
              r.bottom <= outer.bottom + 0.5;
            const whole = s.scrollWidth <= s.clientWidth && s.scrollHeight <= s.clientHeight;
            return inside && whole ? [] : [`${link.title}: “${s.textContent}”`];
          })
          .concat(name && !link.textContent!.includes(name) ? [`${link.title}: name not shown whole`] : []);
      }),
    );
  const seen: string[] = [];
  // Rows are virtual: look at every screenful from top to bottom.
  for (let i = 0; i < 100; i++) {
    seen.push(...(await cutOff()));
    const more = await grid.evaluate((g) => {
      const before = g.scrollTop;
      g.scrollTop += g.clientHeight;
      return g.scrollTop > before;
    });
    if (!more) break;
    await page.waitForTimeout(50);
  }
  expect(seen).toEqual([]);
  // The day fits the phone: the grid does not scroll sideways.
  expect(await grid.evaluate((g) => g.scrollWidth <= g.clientWidth + 1)).toBe(true);
});
