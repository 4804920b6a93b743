import { expect, test, type Page } from '@playwright/test';
import { weekWindow } from '../../lib/partner-api/values';
import {
  aTeacher,
  connectWithCode,
  escapeRegExp,
  fullName,
  portal,
  portalUsers,
  sandbox,
  secondSandbox,
  W47,
  withScriptsOff,
} from './support';

// What a scheduler does, checked against what the portal holds, read independently (as a partner
// with its own token, not through Rooster). Each test is one defect found by using the product.

type Row = {
  id: number;
  valid: boolean;
  hidden: boolean;
  groups: string[];
  locations: string[];
  teachers: string[];
  startTimeSlotName: string;
  endTimeSlotName: string;
};
const W48 = weekWindow({ year: 2026, week: 48 });

async function weekRows(extra: Record<string, string | number> = {}, window = W47) {
  const { client, projects } = await portal();
  const { body } = await client.get<Row>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'id,valid,hidden,groups,locations,teachers,startTimeSlotName,endTimeSlotName',
    start: window.start,
    end: window.end,
    ...extra,
  });
  return body.response.data;
}

const current = (rows: Row[]) => rows.filter((r) => r.valid && !r.hidden);
const shownIds = (page: Page) =>
  page.locator('[data-appointment-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-appointment-id')));
const picker = (page: Page) => page.getByRole('combobox', { name: 'Show the week of' });

test('names load: the heading names the teacher, and the picker finds teachers by surname and by code', async ({
  page,
}) => {
  const users = await portalUsers();
  const teacher = await aTeacher();
  const name = fullName(users.get(teacher)!);
  expect(name.length).toBeGreaterThan(0);
  // Someone on the staff without a lesson in the week shown: the week's rows do not know them.
  const teaching = new Set(current(await weekRows()).flatMap((r) => r.teachers));
  const idle = [...users.values()].find((u) => u.isEmployee && !teaching.has(u.code) && u.lastName)!;
  expect(idle).toBeDefined();

  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(`teacher ${name} (${teacher})`);

  await picker(page).fill(idle.lastName!);
  const option = page.getByRole('option', { name: `Teacher · ${fullName(idle)} (${idle.code})` });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`teacher=${escapeRegExp(idle.code)}(&|$)`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText(fullName(idle));

  // A code typed and Enter: the best match is the exact code.
  await picker(page).fill(teacher);
  await picker(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`teacher=${escapeRegExp(teacher)}(&|$)`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText(name);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
});

test('a group’s week starts without the school’s names; reaching for the picker reads them once', async ({ page }) => {
  const users = await portalUsers();
  const rows = current(await weekRows());
  const group = rows.flatMap((r) => r.groups).find(Boolean)!;
  const teaching = new Set(rows.flatMap((r) => r.teachers));
  const idle = [...users.values()].find((u) => u.isEmployee && !teaching.has(u.code) && u.lastName)!;
  const namesRead: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/partner/users') namesRead.push(r.url());
  });

  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&group=${encodeURIComponent(group)}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  expect(namesRead).toEqual([]);

  // Someone without a lesson this week is found by surname: the names were read on the way.
  await picker(page).fill(idle.lastName!);
  await expect(page.getByRole('option', { name: `Teacher · ${fullName(idle)} (${idle.code})` })).toBeVisible();
  expect(namesRead).toHaveLength(1);
});

test('names that could not be read: the picker says so, finds by code, and reads them when reached for again', async ({
  page,
}) => {
  const users = await portalUsers();
  const rows = current(await weekRows());
  const group = rows.flatMap((r) => r.groups).find(Boolean)!;
  const teaching = new Set(rows.flatMap((r) => r.teachers));
  const idle = [...users.values()].find((u) => u.isEmployee && !teaching.has(u.code) && u.lastName)!;
  // The read and its one retry fail (the portal had a moment); the next read answers.
  let failures = 2;
  await page.route('**/api/partner/users?*', (route) =>
    failures-- > 0
      ? route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'upstream' }) })
      : route.continue(),
  );
  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&group=${encodeURIComponent(group)}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();

  await picker(page).fill(idle.lastName!);
  await expect(page.getByRole('option', { name: /names could not be read/ })).toBeVisible({ timeout: 15_000 });
  // A teacher of this week is found by code meanwhile.
  const teacher = [...teaching].sort()[0]!;
  await picker(page).fill(teacher);
  await expect(page.getByRole('option', { name: `Teacher · ${teacher}`, exact: true })).toBeVisible();

  // Away and back to the picker: the names are read again, and the surname finds the teacher.
  await page.getByRole('heading', { level: 1 }).click();
  await picker(page).fill(idle.lastName!);
  await expect(page.getByRole('option', { name: `Teacher · ${fullName(idle)} (${idle.code})` })).toBeVisible();
  expect(failures).toBeLessThan(0);
});

for (const [label, address] of [
  ['the timetable', (group: string) => `/timetable?week=2026-W47&group=${encodeURIComponent(group)}`],
  ['the overview by group', () => '/timetable/overview?week=2026-W47&by=group'],
] as const) {
  test(`${label}: an appointment opened names its teacher beside the code, the names read on opening`, async ({
    page,
  }) => {
    const users = await portalUsers();
    const rows = current(await weekRows());
    const group = rows.find((r) => r.groups.length > 0 && r.teachers.length > 0)!.groups[0]!;
    const namesRead: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/partner/users') namesRead.push(r.url());
    });
    await connectWithCode(page);
    await page.goto(address(group));
    // A lesson with a teacher the portal names, as the portal holds it.
    const named = new Set(rows.filter((r) => r.teachers.some((c) => users.get(c)?.lastName)).map((r) => String(r.id)));
    const block = page.locator('[data-appointment-id]:not([data-stack])');
    await expect(block.first()).toBeVisible({ timeout: 20_000 });
    const ids = await block.evaluateAll((els) => els.map((e) => e.getAttribute('data-appointment-id')));
    const id = ids.find((i) => i !== null && named.has(i))!;
    expect(namesRead).toEqual([]);

    await page.locator(`[data-appointment-id="${id}"]`).first().click();
    const teacher = rows.find((r) => String(r.id) === id)!.teachers.find((c) => users.get(c)?.lastName)!;
    await expect(
      page.getByRole('dialog').getByTestId('details-first').locator('[data-field="teachers"] dd'),
    ).toContainText(`${fullName(users.get(teacher)!)} (${teacher})`);
    expect(namesRead).toHaveLength(1);
  });
}

test('a student’s week shows exactly what the portal’s possibleStudents read holds', async ({ page }) => {
  const users = await portalUsers();
  const student = [...users.values()].find((u) => u.isStudent)!;
  const expected = current(await weekRows({ possibleStudents: student.code }));
  expect(expected.length).toBeGreaterThan(20);

  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&student=${student.code}`);
  await expect(page.locator('[data-appointment-id]')).toHaveCount(expected.length);
  expect((await shownIds(page)).sort()).toEqual(expected.map((r) => String(r.id)).sort());
  await expect(page.getByRole('heading', { level: 2 })).toContainText(fullName(student));
});

test('switching portals shows the other portal’s contracts, never the previous portal’s', async ({ page }) => {
  const countOf = async (of: typeof sandbox) => {
    const { client, projects } = await portal(of);
    return (await client.get('/contracts', { schoolInSchoolYear: projects, fields: 'id' })).body.response.data.length;
  };
  const [first, second] = [await countOf(sandbox), await countOf(secondSandbox)];
  expect(first).not.toBe(second);
  const rows = (n: number) => new RegExp(`of ${n.toLocaleString('en-GB')} rows`);

  await connectWithCode(page, 'demo', sandbox);
  await page.goto('/staffing/contracts?active=any');
  await expect(page.getByTestId('row-count')).toContainText(rows(first));

  await connectWithCode(page, 'demo', secondSandbox);
  await page.goto('/staffing/contracts?active=any');
  await expect(page.getByTestId('row-count')).toContainText(rows(second));

  const portalSelect = page.getByLabel('Portal');
  const firstOption = await portalSelect
    .locator('option', { hasText: new URL(sandbox.origin).host })
    .getAttribute('value');
  await portalSelect.selectOption(firstOption!);
  await expect(page.getByTestId('row-count')).toContainText(rows(first));
  await expect(page.getByTestId('row-count')).not.toContainText(rows(second));
});

/** A student whose /liveschedule week has open choice slots, and that week as the portal sends it. */
async function aStudentWithChoices(weekWire: string) {
  const { client, projects } = await portal();
  const { body } = await client.get<{ students: string[]; valid: boolean }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'students,valid',
    start: W47.start,
    end: W47.end,
    optional: 'true',
  });
  const students = [...new Set(body.response.data.flatMap((r) => r.students))];
  for (const student of students) {
    for (const project of projects.split(',')) {
      const live = await client.get<{
        appointments: { appointmentType: string; id: number | null; actions: unknown[] }[];
      }>('/liveschedule', { student, week: weekWire, schoolInSchoolYear: project });
      const slots = live.body.response.data?.[0]?.appointments ?? [];
      if (slots.some((s) => s.appointmentType === 'choice')) return { student, project, slots };
    }
  }
  throw new Error('No student with choice slots in the sandbox');
}

test('a real-shaped live schedule draws every slot, open choices included, with their options', async ({ page }) => {
  const { student, project, slots } = await aStudentWithChoices('202648');
  const choices = slots.filter((s) => s.appointmentType === 'choice');
  expect(choices[0]!.id).toBeNull();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));

  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W48&student=${student}&project=${project}&live=1`);
  await expect(page.locator('[data-appointment-id]')).toHaveCount(slots.length);
  const choiceBlocks = page.locator('[data-appointment-id^="slot:"]', { hasText: /^Choice: \d+ options?/ });
  await expect(choiceBlocks).toHaveCount(choices.length);
  await expect(choiceBlocks.first()).toContainText(`Choice: ${choices[0]!.actions.length}`);

  await choiceBlocks.first().click();
  const options = page.getByRole('dialog').getByTestId('live-option');
  await expect(options).toHaveCount(choices[0]!.actions.length);
  const first = choices[0]!.actions[0] as { status: { en: string }[]; appointment: { availableSpace: number } };
  await expect(options.first()).toContainText(`${first.appointment.availableSpace} places left`);
  if (first.status[0]) await expect(options.first()).toContainText(first.status[0].en);

  // Live mode reads /liveschedule only: the /appointments week is neither read nor polled.
  await page.waitForLoadState('networkidle');
  expect(requests.filter((p) => p === '/api/partner/appointments')).toHaveLength(0);
  expect(requests.filter((p) => p === '/api/partner/liveschedule').length).toBeGreaterThan(0);
});

test('while the next week loads, the previous week is not shown as if it were the next', async ({ page }) => {
  const teacher = await aTeacher();
  const next = current(await weekRows({ teachers: teacher }, W48));
  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  await expect(page.getByTestId('live-status')).toContainText('Updated');

  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', latencyMs: 2500 });
  try {
    await page.locator('body').press('ArrowRight');
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Week 48 of 2026');
    await expect(page.getByTestId('live-status')).toContainText('Reading the week');
    await expect(page.locator('[data-appointment-id]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
  await expect(page.locator('[data-appointment-id]')).toHaveCount(next.length);
  expect((await shownIds(page)).sort()).toEqual(next.map((r) => String(r.id)).sort());
  await expect(page.getByTestId('live-status')).toContainText('Updated');
});

test('a group’s week comes with the page: on the grid before any script runs, never read again by the browser', async ({
  page,
}) => {
  const rows = current(await weekRows());
  const group = rows.flatMap((r) => r.groups).find(Boolean)!;
  const expected = rows.filter((r) => r.groups.includes(group)).map((r) => String(r.id));
  expect(expected.length).toBeGreaterThan(5);
  const path = `/timetable?week=2026-W47&group=${encodeURIComponent(group)}`;
  await connectWithCode(page);

  // The server's HTML alone: the group's lessons as the portal holds them, the week's heading.
  await withScriptsOff(page, path, async (bare) => {
    await expect(bare.getByRole('heading', { name: /Week 47 of 2026/ })).toBeVisible();
    expect((await shownIds(bare)).sort()).toEqual([...expected].sort());
    // Painted, not only present (a part React streams late stays hidden until a script shows it).
    for (const block of await bare.locator('[data-appointment-id]').all()) await expect(block).toBeVisible();
  });

  // With scripts: the page takes the grid over as drawn (no error, no second read of the week),
  // and it is alive: an appointment opens.
  const weekReads: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/partner/appointments' && url.searchParams.has('only')) weekReads.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(path, { waitUntil: 'networkidle' });
  expect((await shownIds(page)).sort()).toEqual([...expected].sort());
  await page.locator(`[data-appointment-id="${expected[0]}"]`).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(weekReads).toEqual([]);
  expect(errors).toEqual([]);
});

test('a portal too slow for the page’s wait: the page comes at once, saying it reads the week, then draws it', async ({
  page,
}) => {
  const rows = current(await weekRows());
  const group = rows.flatMap((r) => r.groups).find(Boolean)!;
  const expected = rows.filter((r) => r.groups.includes(group)).map((r) => String(r.id));
  await connectWithCode(page);
  // Every week read (a window: `start`) takes 3 s at the portal; the page waits 1.5 s for its week.
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', param: 'start', latencyMs: 3_000 });
  try {
    await page.goto(`/timetable?week=2026-W47&group=${encodeURIComponent(group)}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: /Week 47 of 2026/ })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the week' })).toBeVisible();
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...expected].sort());
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
});

test('a phone’s browser gets the phone’s layout in the page: one day with day tabs, the same day before and after scripts run', async ({
  page,
  browser,
}) => {
  const rows = current(await weekRows());
  const group = rows.flatMap((r) => r.groups).find(Boolean)!;
  await connectWithCode(page);
  const phone = {
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  };
  // This week: the day shown is today's (in the school's zone) as soon as the page paints.
  const path = `/timetable?group=${encodeURIComponent(group)}`;
  const pressed: (string | null)[] = [];
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ ...phone, javaScriptEnabled });
    try {
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      tab.on('pageerror', (e) => errors.push(String(e)));
      await tab.goto(path, { waitUntil: 'networkidle' });
      await expect(tab.getByTestId('day-tabs')).toBeVisible();
      await expect(tab.locator('[data-day]')).toHaveCount(1);
      const day = await tab.locator('[data-day]').getAttribute('data-day');
      // innerText: what the phone shows (the tab's long form is hidden there).
      pressed.push(`${await tab.getByTestId('day-tabs').locator('[aria-pressed="true"]').innerText()} = ${day}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
  // The pressed tab names the day shown ("Wed 2 = 2026-12-02"), today's when today is a school day.
  const [tab, day] = pressed[0]!.split(' = ');
  const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(Date.parse(day!));
  expect(tab).toBe(`${weekday} ${Number(day!.slice(8))}`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  if (
    !['Sat', 'Sun'].includes(
      new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date()),
    )
  )
    expect(day).toBe(today);
  expect(pressed[1]).toBe(pressed[0]);
});

for (const kind of ['group', 'location'] as const) {
  test(`a ${kind} view shows that ${kind}’s appointments and downloads only those`, async ({ page }) => {
    const all = await weekRows();
    const field = kind === 'group' ? 'groups' : 'locations';
    const code = current(all).find((r) => r[field].length === 1)![field][0]!;
    const expected = current(all).filter((r) => r[field].includes(code));

    await connectWithCode(page);
    // The week before comes with the page (read on the server); week 47 is the browser's own read.
    await page.goto(`/timetable?week=2026-W46&${kind}=${encodeURIComponent(code)}`);
    await expect(page.getByRole('heading', { name: /Week 46 of 2026/ })).toBeVisible();
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/partner/appointments?') && r.url().includes(`start=${W47.start}`),
    );
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page).toHaveURL(/week=2026-W47/);
    const body = await (await answer).body();
    await expect(page.locator('[data-appointment-id]')).toHaveCount(expected.length);
    expect((await shownIds(page)).sort()).toEqual(expected.map((r) => String(r.id)).sort());
    // Every period of the school's day is on the grid, also those this view has nothing in.
    const periods = new Set(
      current(all)
        .filter((r) => r.startTimeSlotName && r.startTimeSlotName === r.endTimeSlotName)
        .map((r) => r.startTimeSlotName),
    );
    const shownPeriods = await page
      .locator('[data-period]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-period')));
    expect(shownPeriods.sort()).toEqual([...periods].sort());

    // The same read for the whole school, for comparison: the view gets at most 5% of its bytes.
    const url = new URL((await answer).url());
    url.searchParams.delete('only');
    const whole = await page.evaluate(
      async (u) => (await (await fetch(u, { headers: { 'x-rooster-client': '1' } })).text()).length,
      url.pathname + url.search,
    );
    expect(body.length).toBeLessThanOrEqual(whole * 0.05);
  });
}

test('a portal switched in another tab: this tab says so and never mixes the two portals', async ({
  page,
  context,
}) => {
  const teacher = await aTeacher();
  await connectWithCode(page, 'demo', secondSandbox);
  await connectWithCode(page, 'demo', sandbox);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  const before = (await shownIds(page)).sort();

  const other = await context.newPage();
  await other.goto('/staffing/contracts');
  const portalSelect = other.getByLabel('Portal');
  const second = await portalSelect
    .locator('option', { hasText: new URL(secondSandbox.origin).host })
    .getAttribute('value');
  await portalSelect.selectOption(second!);
  await expect(portalSelect).toHaveValue(second!);

  // The first tab's next poll (every 3 s here) is refused instead of reading the other portal.
  await expect(page.getByRole('alert').filter({ hasText: 'Could not refresh' })).toContainText(
    'switched to another portal',
    {
      timeout: 15_000,
    },
  );
  expect((await shownIds(page)).sort()).toEqual(before);
});
