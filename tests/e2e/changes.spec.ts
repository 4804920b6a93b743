import { expect, test, type Page } from '@playwright/test';
import { axeViolations, seriousViolations } from './axe';
import { DateTime } from 'luxon';
import { changedFrom, dayWindow, expectedChanges, versionsOf, ZONE, type Version } from './day-versions';
import { connectWithCode, portal, sandbox, W47, withScriptsOff, verbinden } from './support';

// The changes of a day as a scheduler uses them, checked against the portal's version chain read
// here independently (every version of the day, deleted and replaced ones included).

const DATE = '2026-11-18';

/** The distinct changes on the page (a change touching two groups is listed under both). */
async function changesOnPage(page: Page): Promise<Map<string, string>> {
  const rows = await page
    .getByTestId('change-row')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-key')!, e.getAttribute('data-kinds')!] as const));
  return new Map(rows);
}

test('lists exactly the changes the versions imply, with before → after and the portal’s note', async ({ page }) => {
  await connectWithCode(page);
  await page.goto(`/changes?date=${DATE}`);
  await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
  const versions = await versionsOf(DATE);
  const expected = expectedChanges(versions);
  expect(expected.size).toBeGreaterThan(20);
  // Every kind the sandbox's days make happens on this day.
  const kinds = new Set([...expected.values()].flatMap((k) => k.split(' ')));
  for (const k of ['cancelled', 'teacher', 'location', 'moved', 'removed']) expect(kinds).toContain(k);
  expect(await changesOnPage(page)).toEqual(expected);
  await expect(page.getByTestId('changes-count')).toHaveAttribute('data-count', String(expected.size));
  // The heading names them; the count is a number beside it ("Changes (71)").
  await expect(page.getByRole('heading', { name: `Changes (${expected.size})`, exact: true })).toBeVisible();

  // A substitute: the absent teacher → the substitute, and the portal's own words.
  const byInstance = new Map<number, Version[]>();
  for (const v of versions)
    byInstance.set(v.appointmentInstance, [...(byInstance.get(v.appointmentInstance) ?? []), v]);
  const [key] = [...expected].find(([, k]) => k === 'teacher')!;
  const chain = byInstance.get(Number(key.slice(1)))!.sort((a, b) => a.id - b.id);
  const now = chain.findLast((v) => v.valid && !v.hidden)!;
  // "Before" is the older version whose teachers differ (a flag left on a later version is no change).
  const before = changedFrom(chain, now).get('teacher')!;
  const row = page.locator(`[data-testid="change-row"][data-key="${key}"]`).first();
  await expect(row.getByTestId('change-summary')).toContainText(
    `${before.teachers.join(', ')} → ${now.teachers.join(', ')}`,
  );
  // The portal's note is behind a click on the line.
  await expect(row.getByTestId('change-detail')).toBeHidden();
  await row.getByTestId('change-summary').click();
  await expect(row.getByTestId('change-detail')).toBeVisible();
  await expect(row.getByTestId('change-detail')).toContainText(now.changeDescription);

  // Grouped by teacher: both the absent teacher and the substitute list it.
  await page.getByRole('link', { name: 'Teacher', exact: true }).click();
  await expect(page).toHaveURL(/by=teacher/);
  for (const code of [before.teachers[0]!, now.teachers[0]!]) {
    const group = page.locator('section.change-group', { has: page.getByRole('heading', { name: code, exact: true }) });
    await expect(group.locator(`[data-key="${key}"]`)).toBeVisible();
  }
  expect(await changesOnPage(page)).toEqual(expected);
});

test('the day’s list comes with the page, before any script runs, and the browser never reads the school’s week', async ({
  page,
}) => {
  await connectWithCode(page);
  const expected = expectedChanges(await versionsOf(DATE));
  // What the browser asks for while the page opens and fills in.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
  await page.goto(`/changes?date=${DATE}`);
  await expect(page.getByTestId('changes-count')).toHaveAttribute('data-count', String(expected.size));
  expect(asked.filter((p) => p.startsWith('/api/partner/appointments'))).toEqual([]);

  // Scripts off: the server's HTML holds the day's changes already, the same ones.
  await withScriptsOff(page, `/changes?date=${DATE}`, async (bare) => {
    await expect(bare.getByTestId('changes-count')).toHaveAttribute('data-count', String(expected.size));
    expect(await changesOnPage(bare)).toEqual(expected);
  });
});

test('what is new since the last visit is marked in the page the server sends, before any script', async ({ page }) => {
  await connectWithCode(page);
  await page.goto(`/changes?date=${DATE}`);
  const visit = await recordedVisit(page);
  // The moment of each change: its appointment's latest version (a removal or a move is a change too).
  const versions = await versionsOf(DATE);
  const latest = new Map<string, number>();
  for (const v of versions)
    latest.set(`i${v.appointmentInstance}`, Math.max(latest.get(`i${v.appointmentInstance}`) ?? 0, v.lastModified));
  const changed = [...expectedChanges(versions).keys()];
  const moments = changed.map((key) => latest.get(key)!).sort((a, b) => a - b);
  const previous = moments[Math.floor(moments.length / 2)]!;
  const expectedNew = changed.filter((key) => latest.get(key)! > previous);
  expect(expectedNew.length).toBeGreaterThan(0);
  expect(expectedNew.length).toBeLessThan(moments.length);

  // The previous visit was at that moment; the page opens with scripts off.
  await page.context().addCookies([{ ...visit, value: String(previous) }]);
  await withScriptsOff(page, `/changes?date=${DATE}`, async (bare) => {
    const marked = await bare
      .locator('[data-testid="change-row"][data-new]')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.key));
    expect(new Set(marked)).toEqual(new Set(expectedNew));
    await expect(bare.getByTestId('changes-new-count')).toHaveAttribute('data-count', String(expectedNew.length));
  });
});

/** The cookie the changes page keeps the visit in, once the page has recorded it in the browser. */
async function recordedVisit(page: Page) {
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name.startsWith('rooster.changes-visit.')))
    .toBe(true);
  const cookie = (await page.context().cookies()).find((c) => c.name.startsWith('rooster.changes-visit.'))!;
  expect(Number(cookie.value)).toBeGreaterThan(0);
  return cookie;
}

test('the day’s changes route: a date it cannot read is refused in words, an old day answered', async ({ page }) => {
  await connectWithCode(page);
  const ask = (query: string) =>
    page.evaluate(async (q) => {
      const res = await fetch(`/api/changes?${q}`, { headers: { 'x-rooster-client': '1' } });
      return { status: res.status, body: await res.json() };
    }, query);
  const bad = await ask('date=2026-13-45');
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toBe('Give a date as YYYY-MM-DD, for example 2026-08-24.');
  const day = await ask(`date=${DATE}`);
  expect(day.status).toBe(200);
  expect(day.body.data.changes.map((c: { key: string }) => c.key).sort()).toEqual(
    [...expectedChanges(await versionsOf(DATE)).keys()].sort(),
  );
  expect(day.body.meta.date).toBe(DATE);
});

test('one line per change: a busy day reads in a screen or two, grouped by lesuur, the rest behind a click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await connectWithCode(page);
  await page.goto(`/changes?date=${DATE}`);
  await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
  const expected = expectedChanges(await versionsOf(DATE));
  // Every change's closed line is one line of text high (the page was 6,883 px with two to four per change).
  const heights = await page.getByTestId('change-summary').evaluateAll((els) =>
    els.map((e) => {
      const style = getComputedStyle(e);
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      return (e.getBoundingClientRect().height - padding) / parseFloat(style.lineHeight);
    }),
  );
  expect(heights.length).toBeGreaterThanOrEqual(expected.size);
  expect(heights.filter((lines) => lines >= 1.5)).toEqual([]);
  await expect(page.getByTestId('change-detail').first()).toBeHidden();

  // By lesuur: each change once, under the lesuur it has now, in the day's order.
  await page.getByRole('link', { name: 'Period', exact: true }).click();
  await expect(page).toHaveURL(/by=period/);
  await expect(page.getByTestId('change-row')).toHaveCount(expected.size);
  expect(await changesOnPage(page)).toEqual(expected);
  const periods = await page
    .getByTestId('change-group')
    .evaluateAll((els) => els.map((e) => e.querySelector('span[translate="no"]')?.textContent ?? ''));
  const numbers = periods.filter(Boolean).map((p) => Number(p.replace(/\D/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(new Set(periods).size).toBe(periods.length);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(900 * 4);
});

test('absent staff: who, and what happened to each of their lessons that day', async ({ page }) => {
  await connectWithCode(page);
  await page.goto(`/changes?date=${DATE}`);
  const { client, projects } = await portal();
  const { start, end } = dayWindow(DATE);
  const absences = (
    await client.get<{ employee: string; start: number; end: number }>('/employeeabsences', {
      schoolInSchoolYear: projects,
      fields: 'id,employee,start,end',
      startDate: DATE,
      endDate: DATE,
    })
  ).body.response.data.filter((a) => a.start < end && a.end > start);
  expect(absences.length).toBeGreaterThan(0);
  const people = page.getByTestId('absent-person');
  await expect(people).toHaveCount(absences.length, { timeout: 15_000 });
  await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
  const versions = (await versionsOf(DATE)).filter((v) => v.type === 'lesson');
  let checked = 0;
  for (const absence of absences) {
    const chains = new Map<number, Version[]>();
    for (const v of versions) chains.set(v.appointmentInstance, [...(chains.get(v.appointmentInstance) ?? []), v]);
    const expected = new Map<string, string>();
    for (const [instance, chain] of chains) {
      if (!chain.some((v) => v.teachers.includes(absence.employee))) continue;
      const now = chain.sort((a, b) => a.id - b.id).findLast((v) => v.valid && !v.hidden);
      const shown = now ?? chain.at(-1)!;
      if (!(shown.start < Math.min(end, absence.end) && Math.max(start, absence.start) < shown.end)) continue;
      expected.set(
        String(instance),
        !now
          ? 'removed'
          : now.cancelled
            ? 'cancelled'
            : now.teachers.includes(absence.employee)
              ? 'unresolved'
              : 'covered',
      );
    }
    const person = page.locator(`[data-testid="absent-person"][data-employee="${absence.employee}"]`).first();
    const shown = await person
      .getByTestId('absent-lesson')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-instance')!, e.getAttribute('data-outcome')!] as const),
      );
    expect(new Map(shown)).toEqual(expected);
    checked += expected.size;
  }
  // The sandbox's absences leave lessons cancelled, covered and unresolved on this day.
  expect(checked).toBeGreaterThan(3);
  const outcomes = await page.getByTestId('absent-lesson').evaluateAll((els) => els.map((e) => e.dataset.outcome));
  for (const o of ['cancelled', 'covered']) expect(outcomes).toContain(o);
  await expect(page.getByTestId('absent-lesson').filter({ hasText: 'covered by' }).first()).toBeVisible();
});

test('a change arriving while the page is open moves in highlighted; new since the last visit is counted in the title', async ({
  page,
}) => {
  await connectWithCode(page);
  // The sandbox's live changes land mostly in this week and the next two.
  const date = DateTime.now().setZone(ZONE).plus({ weeks: 1 }).set({ weekday: 3 }).toISODate()!;
  await page.goto(`/changes?date=${date}`);
  await expect(page.getByTestId('changes-count')).toBeVisible({ timeout: 15_000 });
  // The first visit is recorded once the page runs in the browser (the count shows before, from the
  // server): reloaded earlier, the second visit has no first to compare with (seen once in CI).
  const firstVisit = Number((await recordedVisit(page)).value);
  expect(firstVisit).toBeGreaterThan(0);
  // The second visit compares with the first.
  await page.reload();
  await expect(page.getByTestId('changes-count')).toBeVisible({ timeout: 15_000 });
  // New means changed after the first visit (whole seconds): a change in that same second is not new
  // (a CI run reloaded and saw the change within the second of the first visit).
  const opened = Math.max(Math.floor(Date.now() / 1000), firstVisit + 1);
  // Changes until one lands on the day after that second: awaited as a condition, not a number of
  // rounds (fifteen rounds once all ran within the first visit's second, and none counted as new).
  let arrived: Version | undefined;
  await expect
    .poll(
      async () => {
        await sandbox.admin('POST', '/simulate', { changes: 20 });
        const versions = await versionsOf(date);
        const fresh = expectedChanges(versions);
        arrived = versions.find((v) => v.lastModified >= opened && fresh.has(`i${v.appointmentInstance}`));
        return arrived !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // TIMETABLE_POLL_SECONDS is 3 in the browser tests.
  const row = page.locator(`[data-testid="change-row"][data-key="i${arrived!.appointmentInstance}"]`).first();
  await expect(row).toHaveAttribute('data-arrived', '', { timeout: 15_000 });
  await expect(row).toHaveAttribute('data-new', '');
  await expect(page.getByTestId('changes-new-count')).not.toHaveAttribute('data-count', '0');
  await expect(page).toHaveTitle(/^\(\d+\) Changes/);
  expect(await changesOnPage(page)).toEqual(expectedChanges(await versionsOf(date)));
});

test('display mode: no app chrome, large list, and a portal outage keeps the last list under a clear notice', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.goto(`/changes?date=${DATE}&display=1`);
  await expect(page.getByTestId('display-board')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('display-page')).toContainText(/Page 1 of \d+/);
  // The board holds every row (those of other pages hidden): the whole list, read from the portal.
  const expected = expectedChanges(await versionsOf(DATE));
  expect(await changesOnPage(page)).toEqual(expected);
  try {
    await sandbox.admin('PUT', '/faults', { path: '/api/appointments', status: 500 });
    await expect(page.getByTestId('changes-offline')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('changes-offline')).toContainText('cannot be reached');
    // The last good list stays up: the same rows, with a page of them on screen.
    expect(await changesOnPage(page)).toEqual(expected);
    await expect(page.locator('[data-testid="change-row"]:not([hidden])').first()).toBeVisible();
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
  await expect(page.getByTestId('changes-offline')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('change-row').first()).toBeVisible();
  await expect(page.getByTestId('changes-updated')).toBeVisible();
});

test('axe finds no serious issue on /changes, and Tab reaches every row', async ({ page }) => {
  await connectWithCode(page);
  await page.goto(`/changes?date=${DATE}`);
  await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('absent-person').first()).toBeVisible();
  const violations = await seriousViolations(page);
  expect(violations).toEqual([]);

  const rows = await page.getByTestId('change-row').count();
  await page.getByRole('button', { name: 'Print' }).focus();
  // A change's line is its <summary>: Tab reaches it, Enter opens what lies behind it.
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el?.tagName === 'SUMMARY' && el.closest('[data-testid="change-row"]')
        ? 'change-row'
        : (el?.getAttribute('data-testid') ?? '');
    });
  for (let i = 0; i < 40 && (await focused()) !== 'change-row'; i++) await page.keyboard.press('Tab');
  const first = page.locator('[data-testid="change-row"]').first();
  await page.keyboard.press('Enter');
  await expect(first.getByTestId('change-detail')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(first.getByTestId('change-detail')).toBeHidden();
  const keys: string[] = [];
  for (let i = 0; i < rows; i++) {
    expect(await focused()).toBe('change-row');
    keys.push(
      await page.evaluate(() => {
        const row = document.activeElement!.closest('[data-testid="change-row"]')!;
        return `${row.closest('section')!.querySelector('h3')!.textContent}|${row.getAttribute('data-key')}`;
      }),
    );
    await page.keyboard.press('Tab');
  }
  expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  // Then the way to arrange what is still open (Invallers), then the absent staff's lessons.
  expect(await focused()).toBe('absent-arrange');
  await expect(page.getByTestId('absent-arrange')).toHaveAttribute('href', `/cover?date=${DATE}`);
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('absent-lesson');
});

test('in Dutch: the page speaks the schedulers’ words', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  await verbinden(page);
  await page.goto(`/changes?date=${DATE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wijzigingen' })).toBeVisible();
  await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Schermweergave' })).toBeVisible();
  const cover = page.getByTestId('change-row').filter({ hasText: 'Invaller' }).first();
  await expect(cover).toBeVisible();
  await cover.getByTestId('change-summary').click();
  await expect(cover.getByTestId('change-detail')).toContainText('Was → wordt');
  await page.getByRole('link', { name: 'Lesuur', exact: true }).click();
  await expect(page).toHaveURL(/by=period/);
  await expect(page.getByTestId('change-group').first()).toHaveText(/^u\d+$/);
  await context.close();
});

test('Vandaag, /changes and the timetable count changes alike, each saying what it counts', async ({ page }) => {
  const day = expectedChanges(await versionsOf(DATE)).size;
  const week = expectedChanges(await versionsOf(W47)).size;
  expect(day).toBeGreaterThan(20);
  await connectWithCode(page);

  await page.goto(`/?date=${DATE}`);
  const today = page.getByTestId('today-changes-count');
  await expect(today).toHaveAttribute('data-count', String(day));
  await expect(today).toHaveText(`${day} changes on this day`);

  await page.goto(`/changes?date=${DATE}`);
  await expect(page.getByTestId('changes-count')).toHaveAttribute('data-count', String(day), { timeout: 15_000 });

  // The status says both: what changed since the page was opened, and the week's changes.
  await page.goto('/timetable?week=2026-W47');
  await expect(page.getByTestId('live-status')).toContainText(
    `0 changes since you opened the page · ${week} changes this week`,
    { timeout: 20_000 },
  );
});

for (const screen of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`the hall display fits a ${screen.width}×${screen.height} screen, every row whole, "Vervalt" readable`, async ({
    page,
  }) => {
    await page.setViewportSize(screen);
    await connectWithCode(page);
    await page.goto(`/changes?date=${DATE}&display=1`);
    await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('display-page')).toContainText(/Page 1 of \d+/);
    const fit = await page.evaluate(() => {
      const board = document.querySelector('[data-testid="display-board"]')!.getBoundingClientRect();
      const rows = [...document.querySelectorAll('[data-testid="change-row"]:not([hidden])')];
      const table = rows[0]!.closest('table')!.parentElement!.getBoundingClientRect();
      return {
        page: document.documentElement.scrollHeight,
        board: board.bottom,
        rows: rows.length,
        cut: rows.filter((r) => r.getBoundingClientRect().bottom > table.bottom + 1).length,
      };
    });
    expect(fit.page).toBeLessThanOrEqual(screen.height);
    expect(fit.board).toBeLessThanOrEqual(screen.height);
    expect(fit.rows).toBeGreaterThan(3);
    expect(fit.cut).toBe(0);
    // Every change is on some page: the pages hold all rows between them.
    const pages = Number((await page.getByTestId('display-page').textContent())!.match(/of (\d+)/)![1]);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil((await page.getByTestId('change-row').count()) / fit.rows) - 1);
    // A cancelled lesson's word stands out, in a colour that reads from afar (axe: contrast ≥ 4.5:1).
    const cancelled = page.locator(
      '[data-testid="change-row"][data-kinds~="cancelled"]:not([hidden]) [data-kind-label]',
    );
    if (await cancelled.count()) {
      const colour = await cancelled.first().evaluate((e) => getComputedStyle(e).color);
      expect(colour).toBe('rgb(185, 28, 28)');
    }
    expect((await axeViolations(page)).filter((v) => v.id === 'color-contrast')).toEqual([]);
  });
}

// 17 November: the sandbox's busiest day of week 47 for the list and the hall screen.
const BUSY = '2026-11-17';

test('a busy day reads in three laptop screens by lesuur; on a phone every line whole, the day on one row, absent staff one tap away', async ({
  page,
}) => {
  const expected = expectedChanges(await versionsOf(BUSY));
  expect(expected.size).toBeGreaterThan(60);
  await page.setViewportSize({ width: 1440, height: 900 });
  await connectWithCode(page);
  await page.goto(`/changes?date=${BUSY}`);
  await expect(page.getByTestId('changes-count')).toHaveAttribute('data-count', String(expected.size), {
    timeout: 15_000,
  });
  await expect(page.getByTestId('absent-person').first()).toBeVisible({ timeout: 15_000 });
  // By lesuur by default: each change once.
  await expect(page.getByTestId('change-row')).toHaveCount(expected.size);
  expect(await changesOnPage(page)).toEqual(expected);
  // Three screens at most (it was 5,908 px, grouped by klas).
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(2_700);
  // A lesuur's time is said once, beside its name, not again on each of its lines.
  const repeats = await page.locator('section.change-group').evaluateAll((groups) =>
    groups.map((g) => {
      const time = g.querySelector('h3 + p')?.textContent ?? '';
      // What shows (a closed line's details are not shown).
      return time ? (g as HTMLElement).innerText.split(time).length - 1 : 1;
    }),
  );
  expect(repeats.filter((n) => n !== 1)).toEqual([]);
  // The other groupings stay a click away.
  for (const name of ['Group', 'Teacher', 'Room'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('change-row')).toHaveCount(expected.size, { timeout: 15_000 });
  // Every line whole: nothing cut off (no ellipsis, no hidden overflow), nothing past the screen's edge.
  const cut = await page.getByTestId('change-summary').evaluateAll((summaries) =>
    summaries.flatMap((s) =>
      [s, ...s.querySelectorAll<HTMLElement>('*')]
        .filter((e) => {
          const style = getComputedStyle(e);
          const box = e.getBoundingClientRect();
          return (
            style.textOverflow === 'ellipsis' ||
            (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) ||
            box.right > window.innerWidth + 0.5
          );
        })
        .map(() => s.closest('[data-key]')!.getAttribute('data-key')),
    ),
  );
  expect(cut).toEqual([]);
  // A substitute's line says who replaces whom in full.
  const [key] = [...expected].find(([, k]) => k === 'teacher')!;
  await expect(page.locator(`[data-key="${key}"]`).getByTestId('change-summary')).toContainText(/→ \S+/);
  // The day and its arrows on one row.
  const tops = await page
    .getByTestId('changes-day-nav')
    .evaluate((nav) =>
      [...nav.children].map((c) => Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2)),
    );
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
  // The absent staff, below the list on a phone, are one tap from the top.
  const link = page.getByTestId('absent-link');
  await expect(link).toBeInViewport();
  await link.click();
  await expect(page.locator('#changes-absent-title')).toBeInViewport();
});

test('the hall display at 1920×1080: at least 18 rows a page, the whole busy day within a minute, nothing said twice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await connectWithCode(page);
  await page.goto(`/changes?date=${BUSY}&display=1&by=group`);
  await expect(page.getByTestId('change-row').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('display-page')).toContainText(/Page 1 of \d+/);
  const rows = await page.locator('[data-testid="change-row"]:not([hidden])').count();
  const pages = Number((await page.getByTestId('display-page').textContent())!.match(/of (\d+)/)![1]);
  const seconds = Number(await page.getByTestId('display-board').getAttribute('data-page-seconds'));
  expect(rows).toBeGreaterThanOrEqual(18);
  expect(seconds).toBeGreaterThan(0);
  expect(pages * seconds).toBeLessThanOrEqual(60);
  // Every change is on a page.
  const all = await page.getByTestId('change-row').count();
  expect(all).toBeGreaterThanOrEqual(expectedChanges(await versionsOf(BUSY)).size);
  // No portal note repeating was → wordt, and the lesson does not repeat the klas the row is under.
  const headers = await page.locator('[data-testid="display-board"] th').allTextContents();
  expect(headers).not.toContain('Portal’s note');
  expect(headers).not.toContain("Portal's note");
  const repeated = await page.locator('[data-testid="change-row"]:not([hidden])').evaluateAll((trs) => {
    let group = '';
    return trs.filter((tr) => {
      group = tr.querySelector('[data-testid="display-group"]')!.textContent || group;
      return tr
        .querySelectorAll('td')[2]!
        .textContent!.split(/[ ,·]+/)
        .includes(group);
    }).length;
  });
  expect(repeated).toBe(0);
});
