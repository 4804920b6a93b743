import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { DateTime } from 'luxon';
import { PortalClient } from '../support/portal';
import { connectWithCode, fullName, portal, portalUsers, sandbox, W47 } from './support';

// The week grid as a scheduler reads it: what changed (before → after, from the portal's own
// previous versions, read here independently), the changes list, the legend, the keyboard, print,
// and what axe reports. Every expectation is read from the portal, not from Rooster.

type Version = {
  id: number;
  appointmentInstance: number;
  start: number;
  end: number;
  type: string;
  teachers: string[];
  locations: string[];
  valid: boolean;
  hidden: boolean;
  cancelled: boolean;
  teacherChanged: boolean;
  locationChanged: boolean;
};
const FIELDS =
  'id,appointmentInstance,start,end,type,teachers,locations,valid,hidden,cancelled,teacherChanged,locationChanged';

async function versions(client: PortalClient, projects: string, extra: Record<string, string | number>) {
  const { body } = await client.get<Version>('/appointments', {
    schoolInSchoolYear: projects,
    fields: FIELDS,
    includeHidden: 'true',
    ...extra,
  });
  return body.response.data;
}

const current = (v: Version) => v.valid && !v.hidden;

/**
 * What a part was before the change: of the versions it replaced (same instance, no longer current),
 * the newest whose value differs.
 */
async function previousOf(client: PortalClient, projects: string, v: Version, part: 'teachers' | 'locations') {
  const chain = await versions(client, projects, { appointmentInstance: v.appointmentInstance });
  return chain
    .filter((x) => x.id < v.id && !current(x))
    .sort((x, y) => y.id - x.id)
    .find((x) => x[part].join() !== v[part].join());
}

/** A teacher whose week 47 holds both a lesson they substitute in and a room change, with both previous versions. */
async function aSubstituteWithRoomChange() {
  const { client, projects } = await portal();
  const week = await versions(client, projects, { start: W47.start, end: W47.end });
  const teachers = new Set(week.filter((v) => current(v) && v.teacherChanged).flatMap((v) => v.teachers));
  for (const teacher of [...teachers].sort()) {
    const own = week.filter((v) => current(v) && v.teachers.includes(teacher) && !v.cancelled);
    const substitution = own.find((v) => v.teacherChanged && v.teachers.length === 1);
    const roomChanges = own.filter((v) => v.locationChanged && !v.teacherChanged);
    if (!substitution || roomChanges.length === 0) continue;
    for (const roomChange of roomChanges) {
      const [before, roomBefore] = [
        await previousOf(client, projects, substitution, 'teachers'),
        await previousOf(client, projects, roomChange, 'locations'),
      ];
      if (before && roomBefore) return { teacher, substitution, before, roomChange, roomBefore };
    }
  }
  throw new Error('No teacher in week 47 with a substitution and a room change');
}

/** The words a block shows, in order (its accessible name must start with them). */
const shownWords = (page: Page, id: number) =>
  page
    .locator(`[data-appointment-id="${id}"]`)
    .evaluate((e) =>
      [...e.querySelectorAll(':scope > span:not([aria-hidden])')].map((s) => s.textContent ?? '').join(', '),
    );

test('a substitute’s week shows who they replace and a room change, before → after, as the portal’s previous versions hold them', async ({
  page,
}) => {
  const { teacher, substitution, before, roomChange, roomBefore } = await aSubstituteWithRoomChange();
  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);

  // The absent teacher's version is not in the substitute's own read: Rooster reads it by instance.
  const sub = page.locator(`[data-appointment-id="${substitution.id}"]`);
  await expect(sub.locator('[data-line="teachers"] s')).toHaveText(before.teachers.join(', '));
  await expect(sub.locator('[data-line="teachers"]')).toHaveText(
    `${before.teachers.join(', ')} ${substitution.teachers.join(', ')}`,
  );
  await expect(sub).toHaveAttribute(
    'aria-label',
    new RegExp(`substitute ${substitution.teachers.join(', ')} for ${before.teachers.join(', ')}`),
  );
  expect((await sub.getAttribute('aria-label'))!.startsWith(await shownWords(page, substitution.id))).toBe(true);

  const room = page.locator(`[data-appointment-id="${roomChange.id}"]`);
  await expect(room.locator('[data-line="locations"] s')).toHaveText(roomBefore.locations.join(', '));
  await expect(room.locator('[data-line="locations"]')).toHaveText(
    `${roomBefore.locations.join(', ')} ${roomChange.locations.join(', ')}`,
  );
  await expect(room).toHaveAttribute(
    'aria-label',
    new RegExp(`room ${roomChange.locations.join(', ')} instead of ${roomBefore.locations.join(', ')}`),
  );

  // The details say it too, whatever the block had room for.
  await sub.click();
  await expect(page.getByRole('dialog').getByTestId('details-change')).toContainText(
    `substitute ${substitution.teachers.join(', ')} for ${before.teachers.join(', ')}`,
  );
  await page.keyboard.press('Escape');

  // The legend explains the marks, and axe finds nothing serious on the grid with it open.
  await page.getByRole('button', { name: 'Legend' }).click();
  await expect(page.getByTestId('grid-legend')).toContainText('struck through what it was');
  const violations = await axeViolations(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  expect(violations.filter((v) => ['color-contrast', 'label-content-name-mismatch'].includes(v.id))).toEqual([]);
});

test('axe on a week with cancelled lessons, in Dutch: no contrast or label-in-name violation', async ({
  page,
  context,
  baseURL,
}) => {
  const { client, projects } = await portal();
  const week = await versions(client, projects, { start: W47.start, end: W47.end, cancelled: 'true' });
  const teacher = week.find((v) => current(v) && v.type === 'lesson' && v.teachers.length === 1)!.teachers[0]!;
  await connectWithCode(page);
  // The language switch's choice, as the header's NL button leaves it.
  await context.addCookies([{ name: 'rooster-locale', value: 'nl', url: baseURL! }]);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-cancelled]').first()).toContainText('Vervalt');
  // The word is not struck through with the lesson: in an atomic inline box, which the block's
  // line-through does not reach (a flex item of the block's lines, as it was, it does).
  await expect(page.locator('[data-cancelled] [data-cancelled-label]').first()).toHaveCSS('display', 'inline-block');
  await page.getByRole('button', { name: 'Legenda' }).click();
  // The legend sits under the grid, below the window here: opening it brings it into view.
  await expect(page.getByTestId('grid-legend')).toBeInViewport();
  const violations = await axeViolations(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  expect(violations.filter((v) => ['color-contrast', 'label-content-name-mismatch'].includes(v.id))).toEqual([]);
});

test('the status opens the list of changes since the page loaded, and a link there focuses its block', async ({
  page,
}) => {
  const { changeWeek } = await sandbox.admin<{ changeWeek: string }>('GET', '/health');
  await connectWithCode(page);
  await page.goto(`/timetable?week=${changeWeek}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('live-status')).toContainText('0 changes');
  await expect(page.getByTestId('live-status').getByRole('button')).toHaveCount(0);
  await sandbox.admin('POST', '/simulate', { changes: 40 });
  // TIMETABLE_POLL_SECONDS is 3 in the browser tests.
  const opener = page.getByTestId('live-status').getByRole('button', { name: /\d+ changes?/ });
  await expect(opener).toBeVisible({ timeout: 10_000 });
  const count = Number((await opener.textContent())!.match(/\d+/)![0]);
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('navigation', { name: 'Changes since you opened the page' });
  const links = list.getByRole('link');
  // Every change the status counts is in the list, and each is a block on the grid marked as changed.
  await expect(links).toHaveCount(count);
  const keys = await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-change-link')!));
  const changed = await page
    .locator('[data-changed]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-appointment-id')!));
  expect([...keys].sort()).toEqual([...changed].sort());

  const last = keys.at(-1)!;
  await links.last().click();
  const block = page.locator(`[data-appointment-id="${last}"]`);
  await expect(block).toBeFocused();
  await expect(block).toBeInViewport();
  await expect(block).toHaveAttribute('tabindex', '0');
});

test('the whole-school grid is one tab stop: arrows move inside it, Enter opens the details, Tab leaves', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.goto('/timetable?week=2026-W47');
  const blocks = page.locator('[data-appointment-id]');
  await expect(blocks.nth(1000)).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('[data-appointment-id][tabindex="0"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Legend' }).focus();
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => document.activeElement?.getAttribute('data-appointment-id'));
  expect(first).toBe(await blocks.first().getAttribute('data-appointment-id'));
  await page.keyboard.press('ArrowRight');
  const moved = await page.evaluate(() => document.activeElement?.getAttribute('data-appointment-id'));
  // Focus is on another of the week's blocks.
  expect(await blocks.evaluateAll((els) => els.map((e) => e.getAttribute('data-appointment-id')))).toContain(moved);
  expect(moved).not.toBe(first);
  await expect(page.locator('[data-appointment-id][tabindex="0"]')).toHaveAttribute('data-appointment-id', moved!);
  // ← → inside the grid move between blocks, not weeks.
  await expect(page).toHaveURL(/week=2026-W47/);

  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-appointment-id'))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-appointment-id'))).toBe(moved);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText('appointmentInstance');
});

test('a week prints on one A4 landscape page, the last period and meetings included, with the legend', async ({
  page,
}) => {
  const { client, projects } = await portal();
  const week = (await versions(client, projects, { start: W47.start, end: W47.end })).filter(current);
  // The teacher whose day ends latest (u9, a meeting after the lessons): the week that spilled over.
  const endOf = (v: Version) => {
    const t = DateTime.fromSeconds(v.end, { zone: 'Europe/Amsterdam' });
    return t.hour * 60 + t.minute;
  };
  const latest = week
    .filter(
      (v) => v.teachers.length > 0 && week.some((m) => m.type === 'meeting' && m.teachers.includes(v.teachers[0]!)),
    )
    .sort((x, y) => endOf(y) - endOf(x))[0]!;
  const teacher = latest.teachers[0]!;

  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator(`[data-appointment-id="${latest.id}"]`)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('grid-legend')).toBeVisible();
  const pdf = (await page.pdf({ format: 'A4', landscape: true, printBackground: true })).toString('latin1');
  // The page tree's root counts the pages (Chromium writes it uncompressed).
  expect(pdf.match(/\/Type\s*\/Pages\s*\/Count\s+(\d+)/)?.[1]).toBe('1');
});

type Short = Version & { groups: string[] };

/** What the grid's lists of short appointments hold, each opened in turn: id → its line and clash mark. */
async function listedInStacks(page: Page) {
  const listed = new Map<string, { text: string; clash: boolean }>();
  for (const stack of await page.locator('[data-stack]').all()) {
    await stack.click();
    await expect(stack).toHaveAttribute('aria-expanded', 'true');
    const items = await page.locator('[data-stack-item]').evaluateAll((els) =>
      els.map((e) => ({
        id: (e as HTMLElement).dataset.appointmentId!,
        text: e.textContent ?? '',
        clash: e.hasAttribute('data-clash'),
      })),
    );
    for (const { id, ...item } of items) listed.set(id, item);
    await page.keyboard.press('Escape');
    await expect(stack).toHaveAttribute('aria-expanded', 'false');
  }
  return listed;
}
/** Week 47's versions with their groups, read from the portal. */
async function week47WithGroups() {
  const { client, projects } = await portal();
  const { body } = await client.get<Short>('/appointments', {
    schoolInSchoolYear: projects,
    fields: `${FIELDS},groups`,
    start: W47.start,
    end: W47.end,
  });
  return body.response.data;
}

const hhmm = (t: number) => DateTime.fromSeconds(t, { zone: 'Europe/Amsterdam' }).toFormat('HH:mm');

test('short appointments off the period grid show their times, several in one slot as a list', async ({ page }) => {
  // Klas 1v2's week 47 as the portal has it: its appointments shorter than a period (ten-minute talks).
  const short = (await week47WithGroups()).filter(
    (v) => current(v) && v.groups.includes('1v2') && v.end - v.start < 20 * 60,
  );
  expect(short.length).toBeGreaterThan(1);

  await connectWithCode(page);
  await page.goto('/timetable?week=2026-W47&group=1v2');
  const grid = page.getByRole('group', { name: 'Week grid' });
  await expect(grid.locator('[data-appointment-id]').first()).toBeVisible();
  // Nothing on the grid is a sliver: every block and list holds two lines of text at least, uncut.
  const sizes = await grid
    .locator('.appointment-block')
    .evaluateAll((els) => els.map((e) => ({ h: e.clientHeight, fits: e.scrollHeight <= e.clientHeight + 1 })));
  expect(Math.min(...sizes.map((s) => s.h))).toBeGreaterThanOrEqual(30);
  expect(sizes.every((s) => s.fits)).toBe(true);
  // Each short appointment reads its start–end: on its block, or in the list its slot opens.
  const listed = await listedInStacks(page);
  for (const v of short) {
    const text =
      listed.get(String(v.id))?.text ??
      (await grid.locator(`[data-appointment-id="${v.id}"]:not([data-stack])`).textContent());
    expect(text).toContain(`${hhmm(v.start)}–${hhmm(v.end)}`);
  }
  // The slot with several (Thursday's mentor talks) says how many and from when to when.
  const byStart = [...short].sort((x, y) => x.start - y.start);
  const thursday = byStart.filter((v) => DateTime.fromSeconds(v.start, { zone: 'Europe/Amsterdam' }).weekday === 4);
  expect(thursday.length).toBeGreaterThan(1);
  const list = grid.locator(`[data-stack="${thursday[0]!.id}"]`);
  await expect(list).toContainText(`${thursday.length} ×`);
  await expect(list).toContainText(`${hhmm(thursday[0]!.start)}–${hhmm(Math.max(...thursday.map((v) => v.end)))}`);
  // An item of the list opens that appointment's details.
  await list.click();
  await expect(list).toHaveAttribute('aria-expanded', 'true');
  await grid.locator(`[data-appointment-id="${thursday[1]!.id}"][data-stack-item]`).click();
  await expect(page.getByRole('dialog')).toContainText(String(thursday[1]!.id));
});

test('a teacher booked twice at once is marked on the week grid as on the overview, both lessons readable', async ({
  page,
}) => {
  // qti's week 47 from the portal: which of their appointments overlap another of theirs.
  const own = (await week47WithGroups()).filter((v) => current(v) && !v.cancelled && v.teachers.includes('qti'));
  const expected = new Set(
    own.filter((v) => own.some((w) => w.id !== v.id && w.start < v.end && v.start < w.end)).map((v) => String(v.id)),
  );
  // Wednesday u1: their own na lesson and the cover of wi 1v2.
  const wednesday = own.filter(
    (v) => expected.has(String(v.id)) && DateTime.fromSeconds(v.start, { zone: 'Europe/Amsterdam' }).weekday === 3,
  );
  expect(wednesday.map((v) => v.groups[0]).sort()).toEqual(['1v2', '4h.naA']);

  await connectWithCode(page);
  await page.goto('/timetable?week=2026-W47&teacher=qti');
  const grid = page.getByRole('group', { name: 'Week grid' });
  await expect(grid.locator('[data-appointment-id]').first()).toBeVisible();
  const marked = async (scope: typeof grid) =>
    await scope
      .locator('[data-clash][data-appointment-id]:not([data-stack])')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.appointmentId!));
  const inLists = [...(await listedInStacks(page)).entries()].filter(([, v]) => v.clash).map(([id]) => id);
  expect(new Set([...(await marked(grid)), ...inLists])).toEqual(expected);
  for (const v of wednesday) {
    const block = grid.locator(`[data-appointment-id="${v.id}"]`);
    await expect(block).toContainText(v.groups[0]!);
    await expect(block).toHaveAttribute('aria-label', /clash/);
    expect(await block.evaluate((e) => e.clientWidth)).toBeGreaterThanOrEqual(60);
  }
  // Its details name what it clashes with: the other Wednesday lesson, by its group.
  const [first, second] = wednesday;
  await grid.locator(`[data-appointment-id="${first!.id}"]`).click();
  await expect(page.getByRole('dialog').getByTestId('details-clash')).toContainText(
    new RegExp(`^Clashes with .*${second!.groups[0]!.replace(/\./g, '\\.')}`),
  );
  await page.keyboard.press('Escape');
  // The overview's row for qti marks the same appointments (one rule, lib/overview).
  await page.goto('/timetable/overview?week=2026-W47&by=teacher&q=qti');
  const row = page.locator('[data-row="qti"]');
  await expect(row.locator('[data-appointment-id]').first()).toBeVisible({ timeout: 20_000 });
  expect(new Set(await marked(row))).toEqual(expected);
});

test('printed (A4 landscape), every line a block shows is on paper inside the block, for the busiest teacher and qti', async ({
  page,
}) => {
  const week = (await week47WithGroups()).filter(current);
  const load = new Map<string, number>();
  for (const v of week) for (const t of v.teachers) load.set(t, (load.get(t) ?? 0) + 1);
  const busiest = [...load.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]![0];

  await connectWithCode(page);
  // The printable width of A4 landscape with the page's 8 mm margins: 281 mm at 96 px per inch.
  await page.setViewportSize({ width: 1062, height: 900 });
  for (const teacher of [busiest, 'qti']) {
    await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
    await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    // Each block's own lines (title, groups, room, teachers, the cancelled label…) lie inside it, uncut.
    const cut = await page.locator('.appointment-block').evaluateAll((blocks) =>
      blocks.flatMap((block) => {
        const box = block.getBoundingClientRect();
        const lines = [...block.querySelectorAll(':scope > span:not([aria-hidden])')];
        const outside = lines.filter((line) => {
          const r = line.getBoundingClientRect();
          return r.width === 0 || r.right > box.right + 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1;
        });
        return block.scrollHeight > block.clientHeight + 1 || outside.length > 0
          ? [`${(block as HTMLElement).dataset.appointmentId}: ${outside.map((l) => l.textContent).join(' | ')}`]
          : [];
      }),
    );
    expect(cut, teacher).toEqual([]);
    // A cancelled lesson keeps its word and a substitute line its before and after.
    const cancelled = page.locator('.appointment-block[data-cancelled]').first();
    if (await cancelled.count()) await expect(cancelled).toContainText('Cancelled', { ignoreCase: true });
    await page.emulateMedia({ media: null });
  }
  const pdf = (await page.pdf({ format: 'A4', landscape: true, printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Pages\s*\/Count\s+(\d+)/)?.[1]).toBe('1');
});

for (const [locale, words] of [
  ['en', { teacher: 'Teacher', start: 'Start', all: 'All fields' }],
  ['nl', { teacher: 'Docent', start: 'Begin', all: 'Alle velden' }],
] as const) {
  test.describe(`details in ${locale}`, () => {
    test('the details show what a scheduler reads first, in their words and with names beside codes; raw fields behind "all fields"', async ({
      page,
    }) => {
      const users = await portalUsers();
      const qti = users.get('qti')!;
      await connectWithCode(page);
      // The language switch's choice, as the header's NL | EN keeps it.
      await page.context().addCookies([{ name: 'rooster-locale', value: locale, url: page.url() }]);
      await page.goto('/timetable?week=2026-W47&teacher=qti');
      const block = page.locator('[data-appointment-id]:not([data-stack])').first();
      const id = (await block.getAttribute('data-appointment-id'))!;
      await block.click();
      const dialog = page.getByRole('dialog');
      // The title names the lesson as a scheduler does (what · for whom · lesuur), not by its version id.
      await expect(dialog.getByRole('heading').first()).toHaveText(/^[^·]+ · [^·]+ · [^·]+$/);
      await expect(dialog.getByRole('heading').first()).not.toContainText(id);
      const first = dialog.getByTestId('details-first');
      await expect(first.locator('dt').first()).toHaveText(words.start);
      await expect(first.locator('[data-field="teachers"] dt')).toHaveText(words.teacher);
      await expect(first.locator('[data-field="teachers"] dd')).toContainText(`${fullName(qti)} (qti)`);
      // The portal's own field names are there, but only behind "all fields".
      await expect(dialog.getByText('appointmentInstance', { exact: true })).toBeHidden();
      await dialog.getByText(words.all, { exact: true }).click();
      await expect(dialog.getByText('appointmentInstance', { exact: true })).toBeVisible();
    });
  });
}

/** The school's periods as the portal's week holds them: each single-period lesson's name and its usual local times. */
async function schoolPeriods(): Promise<{ name: string; start: string; end: string }[]> {
  const { client, projects } = await portal();
  const { body } = await client.get<{
    start: number;
    end: number;
    startTimeSlotName: string | null;
    endTimeSlotName: string | null;
    valid: boolean;
  }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'start,end,startTimeSlotName,endTimeSlotName,valid',
    start: W47.start,
    end: W47.end,
    type: 'lesson',
  });
  const times = new Map<string, Map<string, number>>();
  const local = (t: number) => DateTime.fromSeconds(t, { zone: 'Europe/Amsterdam' }).toFormat('HH:mm');
  for (const r of body.response.data) {
    if (!r.valid || !r.startTimeSlotName || r.startTimeSlotName !== r.endTimeSlotName) continue;
    const key = `${local(r.start)}-${local(r.end)}`;
    const seen = times.get(r.startTimeSlotName) ?? new Map<string, number>();
    seen.set(key, (seen.get(key) ?? 0) + 1);
    times.set(r.startTimeSlotName, seen);
  }
  return [...times]
    .map(([name, seen]) => {
      const [start, end] = [...seen].sort((a, b) => b[1] - a[1])[0]![0].split('-') as [string, string];
      return { name, start, end };
    })
    .sort((a, b) => a.start.localeCompare(b.start));
}

test('a teacher’s week labels every lesuur, free ones too, and calls only real breaks a break', async ({ page }) => {
  const periods = await schoolPeriods();
  expect(periods.map((p) => p.name)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9']);
  // abr teaches in none of some lesuren this week (u6, u7, u9 in the sandbox): those are free, not breaks.
  const { client, projects } = await portal();
  const own = (
    await client.get<{ startTimeSlotName: string | null; valid: boolean }>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'startTimeSlotName,valid',
      start: W47.start,
      end: W47.end,
      teachers: 'abr',
    })
  ).body.response.data;
  const taught = new Set(own.filter((r) => r.valid).map((r) => r.startTimeSlotName));
  const free = periods.filter((p) => !taught.has(p.name));
  expect(free.length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await connectWithCode(page);
  await page.goto('/timetable?teacher=abr&week=2026-W47');
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible({ timeout: 20_000 });
  for (const p of periods) {
    const row = page.locator(`[data-period="${p.name}"]`);
    await expect(row).toContainText(p.name);
    await expect(row).toContainText(p.start);
    await expect(row).toContainText(p.end);
  }
  // No band drawn as a break (the legend's "break", hatched on paper) lies over a lesuur.
  const overlaps = await page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-period]')].map((e) => ({
      name: e.dataset.period!,
      box: e.getBoundingClientRect(),
    }));
    const bands = [...document.querySelectorAll('.day-column')][0]!.querySelectorAll('.grid-break');
    return [...bands].flatMap((band) => {
      const b = band.getBoundingClientRect();
      return rows.filter((r) => Math.min(r.box.bottom, b.bottom) - Math.max(r.box.top, b.top) > 1).map((r) => r.name);
    });
  });
  expect(overlaps).toEqual([]);
  // The real breaks are still there: the gaps between following periods of the school.
  const gaps = periods.slice(1).filter((p, i) => p.start !== periods[i]!.end).length;
  await expect(page.locator('.day-column').first().locator('.grid-break')).toHaveCount(gaps);
});
