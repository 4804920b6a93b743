import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { weekWindow } from '../../lib/partner-api/values';
import { demoRights } from '../../sandbox/http/partners';
import { seriousViolations } from './axe';
import { apiCall, connectWithCode, portal, sandbox } from './support';

// Issue 48: onderwijstijd per klas and per student, through Rooster's API and on its page, against
// the portal's own rows read straight and recomputed minute by minute; the drill-down to a
// student's lessons that did not happen; the charts with their tables; the CSV; the print; the
// school's settings. The settings are the portal's, shared: these tests run one after another.

test.describe.configure({ mode: 'serial' });

type Row = {
  id: number;
  appointmentInstance: number | null;
  start: number;
  end: number;
  type: string;
  groups: string[];
  students: string[] | null;
  valid: boolean;
  hidden: boolean;
  cancelled: boolean;
};

interface StudentRow {
  student: string;
  programmedHours: number;
  realizedHours: number;
  cancelledHours: number;
}

const WEEK_46 = weekWindow({ year: 2026, week: 46 });
const FROM = '2026-11-09';
const TO = '2026-11-15';
const KLAS = '4h2';
const WEEK = 7 * 86_400;

/**
 * Week 46 as the portal holds it, counted straight: each chain (read over weeks 45 to 47, so a
 * lesson moved between weeks is judged whole) by its first version (programmed) and its current one
 * (realised: valid, visible, the highest id, not cancelled), minutes marked in a set per student.
 */
async function week46(types = ['lesson', 'exam', 'activity']) {
  const { client, projects } = await portal();
  const rows = (
    await client.get<Row>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,appointmentInstance,start,end,type,groups,students,valid,hidden,cancelled',
      start: WEEK_46.start - WEEK,
      end: WEEK_46.end + WEEK,
      includeHidden: true,
    })
  ).body.response.data;
  const chains = new Map<string, Row[]>();
  for (const r of rows) {
    if (!types.includes(r.type)) continue;
    const key = r.appointmentInstance !== null ? `i${r.appointmentInstance}` : `v${r.id}`;
    chains.set(key, [...(chains.get(key) ?? []), r]);
  }
  for (const vs of chains.values()) vs.sort((a, b) => a.id - b.id);
  const inWeek = (v: Row) => v.start >= WEEK_46.start && v.start < WEEK_46.end;
  const current = (vs: Row[]) => vs.findLast((v) => v.valid && !v.hidden);
  const hours = (student: string, pick: (vs: Row[]) => Row | undefined) => {
    const minutes = new Set<number>();
    for (const vs of chains.values()) {
      const v = pick(vs);
      if (!v || !inWeek(v) || !(v.students ?? []).includes(student)) continue;
      for (let t = v.start; t < v.end; t += 60) minutes.add(t);
    }
    return minutes.size / 60;
  };
  const given = (vs: Row[]) => {
    const c = current(vs);
    return c && !c.cancelled ? c : undefined;
  };
  /** Each klas's students: those of the lessons given to the klas alone. */
  const klassen = new Map<string, Set<string>>();
  for (const r of rows)
    if (inWeek(r) && r.groups.length === 1 && !r.groups[0]!.includes('.'))
      for (const s of r.students ?? []) klassen.set(r.groups[0]!, (klassen.get(r.groups[0]!) ?? new Set()).add(s));
  /** The lessons a student was programmed for that did not happen: first versions, by id. */
  const missed = (student: string) =>
    [...chains.values()]
      .filter((vs) => inWeek(vs[0]!) && (vs[0]!.students ?? []).includes(student))
      .filter((vs) => !current(vs) || current(vs)!.cancelled)
      .map((vs) => vs[0]!.id)
      .sort((a, b) => a - b);
  return {
    programmed: (s: string) => hours(s, (vs) => vs[0]),
    realised: (s: string) => hours(s, given),
    klassen,
    missed,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

test('a week’s onderwijstijd per klas and per student is what the portal’s rows say', async ({ page }) => {
  test.setTimeout(120_000);
  const straight = await week46();
  const klas = straight.klassen.get(KLAS)!;
  expect(klas.size).toBeGreaterThan(10);

  await connectWithCode(page);
  const students = await apiCall(page, 'GET', `/api/onderwijstijd/students?group=${KLAS}&from=${FROM}&to=${TO}`);
  expect(students.status).toBe(200);
  const { data: perStudent, meta: counted } = JSON.parse(students.text) as {
    data: StudentRow[];
    meta: { readsParsed: { thread: number; here: number } };
  };
  // The built server made every read a table on the parsing thread Next bundled
  // (docs/decisions/0005-answers-parsed-on-a-worker.md): a build that no longer bundles it fails here.
  expect(counted.readsParsed.thread).toBeGreaterThan(20);
  expect(counted.readsParsed.here).toBe(0);
  expect(perStudent.map((s) => s.student).sort()).toEqual([...klas].sort());
  for (const s of perStudent) {
    expect(s.programmedHours).toBeCloseTo(straight.programmed(s.student), 6);
    expect(s.realizedHours).toBeCloseTo(straight.realised(s.student), 6);
  }

  const groups = await apiCall(page, 'GET', `/api/onderwijstijd/groups?from=${FROM}&to=${TO}`);
  expect(groups.status).toBe(200);
  const answer = JSON.parse(groups.text) as {
    data: {
      group: string;
      students: number;
      department: string;
      educationType: string;
      realizedHours: number;
      lowestStudentHours: number;
    }[];
    meta: { weeksKept: number; weeksRead: number };
  };
  const row = answer.data.find((r) => r.group === KLAS)!;
  const realised = perStudent.map((s) => straight.realised(s.student));
  expect(row).toMatchObject({ students: klas.size, department: 'havo4', educationType: 'havo' });
  expect(row.realizedHours).toBeCloseTo(mean(realised), 1);
  expect(row.lowestStudentHours).toBeCloseTo(Math.min(...realised), 1);
  // The school year was counted once, for the students' answer: this one asked each week what changed.
  expect(answer.meta.weeksKept).toBeGreaterThan(40);
});

/**
 * The school year 2025-2026 as the portal holds it (its own projects), counted straight: each
 * chain's current version (valid, visible, the highest id, not cancelled), every lesson of it ended,
 * minutes marked in a set per student.
 */
async function year2025(students: readonly string[]) {
  const { client, granted } = await portal();
  const projects = granted.filter((p) => p.schoolYear === 2025).map((p) => p.id);
  const rows = (
    await client.get<Row>('/appointments', {
      schoolInSchoolYear: projects.join(','),
      fields: 'id,appointmentInstance,start,end,type,groups,students,valid,hidden,cancelled',
      start: Date.parse('2025-08-01T00:00:00+02:00') / 1000,
      end: Date.parse('2026-08-01T00:00:00+02:00') / 1000,
      includeHidden: true,
    })
  ).body.response.data.filter((r) => ['lesson', 'exam', 'activity'].includes(r.type));
  const chains = new Map<string, Row[]>();
  for (const r of rows) {
    const key = r.appointmentInstance !== null ? `i${r.appointmentInstance}` : `v${r.id}`;
    chains.set(key, [...(chains.get(key) ?? []), r]);
  }
  const realised = new Map(students.map((s) => [s, new Set<number>()]));
  const klasOf = new Map<string, string>();
  for (const vs of chains.values()) {
    const c = vs.sort((a, b) => a.id - b.id).findLast((v) => v.valid && !v.hidden);
    if (!c || c.cancelled) continue;
    for (const s of c.students ?? []) {
      const minutes = realised.get(s);
      if (!minutes) continue;
      for (let t = c.start; t < c.end; t += 60) minutes.add(t);
      if (c.groups.length === 1 && !c.groups[0]!.includes('.')) klasOf.set(s, c.groups[0]!);
    }
  }
  return { projects, realised: (s: string) => realised.get(s)!.size / 60, klasOf };
}

test('over the opleiding: a klas’s earlier school year is what the portal’s rows of that year say, added to this year', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connectWithCode(page);
  const thisYear = await apiCall(page, 'GET', `/api/onderwijstijd/students?group=${KLAS}`);
  expect(thisYear.status).toBe(200);
  const now = new Map(
    (JSON.parse(thisYear.text).data as (StudentRow & { yearRealizedHours: number; normToDateHours: number })[]).map(
      (s) => [s.student, s],
    ),
  );
  const answer = await apiCall(page, 'GET', `/api/onderwijstijd/cumulative?group=${KLAS}`);
  expect(answer.status).toBe(200);
  const { data, meta } = JSON.parse(answer.text) as {
    data: {
      student: string;
      realizedHours: number;
      normToDateHours: number;
      belowNorm: boolean;
      years: { schoolYear: number; klas: string; leerjaar: number; realizedHours: number; normHours: number }[];
    }[];
    meta: { schoolYears: number[]; earlier: { schoolYear: number; projects: number[]; students: number }[] };
  };
  const straight = await year2025([...now.keys()]);
  expect(meta.schoolYears).toEqual([2025, 2026]);
  expect(meta.earlier).toMatchObject([{ schoolYear: 2025, projects: straight.projects }]);
  expect(data.map((s) => s.student).sort()).toEqual([...now.keys()].sort());
  for (const s of data) {
    const [earlier, current] = s.years;
    // Last year's klas, a leerjaar lower (havo 3), and its hours as the rows say.
    expect(earlier).toMatchObject({ schoolYear: 2025, klas: straight.klasOf.get(s.student), leerjaar: 3 });
    expect(earlier!.realizedHours).toBeGreaterThan(500);
    expect(earlier!.realizedHours).toBeCloseTo(straight.realised(s.student), 6);
    expect(earlier!.normHours).toBeCloseTo(4700 / 5, 6);
    expect(current).toMatchObject({ schoolYear: 2026, klas: KLAS });
    expect(current!.realizedHours).toBeCloseTo(now.get(s.student)!.yearRealizedHours, 6);
    expect(s.realizedHours).toBeCloseTo(earlier!.realizedHours + current!.realizedHours, 6);
    expect(s.normToDateHours).toBeCloseTo(4700 / 5 + now.get(s.student)!.normToDateHours, 6);
    expect(s.belowNorm).toBe(s.realizedHours < s.normToDateHours);
  }

  // On the page: the klas's students a column per school year, the school's klassen their mean.
  await page.goto(`/onderwijstijd?group=${KLAS}`);
  const table = page.getByTestId('cumulative-student-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('cumulative-summary')).toHaveAttribute('data-years', '2025 2026');
  for (const s of data.slice(0, 3)) {
    const row = table.locator(`[data-student="${s.student}"]`);
    await expect(row).toHaveAttribute('data-realised', String(s.realizedHours));
    // Last year's klas beside its hours, this year's beside this year's.
    await expect(row.getByRole('cell').nth(1)).toHaveText(straight.klasOf.get(s.student)!);
    await expect(row.getByRole('cell').nth(3)).toHaveText(KLAS);
  }
  await page.goto('/onderwijstijd');
  const klas = page.getByTestId('cumulative-klas-table').locator(`[data-klas="${KLAS}"]`);
  await expect(klas).toBeVisible({ timeout: 60_000 });
  expect(Number(await klas.getAttribute('data-realised'))).toBeCloseTo(mean(data.map((s) => s.realizedHours)), 1);
  // This year's first-years were not at the school last year: their row counts this year alone.
  const first = page.getByTestId('cumulative-klas-table').locator('[data-klas="1h1"]');
  await expect(first.getByRole('cell').nth(1)).toHaveText('2026-2027');
  await expect(first.getByRole('cell').nth(3)).toHaveText('—');
});

test('a period out of order, across two school years, of an unknown klas or student is refused in words', async ({
  page,
}) => {
  await connectWithCode(page);
  for (const [path, words] of [
    ['/api/onderwijstijd/groups?from=2026-11-20&to=2026-11-09', /before the start date/],
    ['/api/onderwijstijd/groups?from=2026-06-01&to=2026-09-30', /within one school year/],
    ['/api/onderwijstijd/groups?from=2026-11-09&to=2026-11-31', /YYYY-MM-DD/],
    [`/api/onderwijstijd/students?group=9z9&from=${FROM}&to=${TO}`, /Klas 9z9 does not appear/],
    [`/api/onderwijstijd/cumulative?group=9z9&from=${FROM}&to=${TO}`, /Klas 9z9 does not appear/],
    [`/api/onderwijstijd/lessons?student=a%20b&from=${FROM}&to=${TO}`, /student code is 1 to 40 letters/],
  ] as const) {
    const r = await apiCall(page, 'GET', path);
    expect(r.status, path).toBe(400);
    expect(JSON.parse(r.text).error.message).toMatch(words);
  }
  // On the page: the same words, and the form to choose another period.
  await page.goto('/onderwijstijd?from=2026-06-01&to=2026-09-30');
  await expect(page.locator('main').getByRole('alert')).toContainText('within one school year');
  await expect(page.getByRole('form', { name: 'Period' })).toBeVisible();
});

/** The CSV a table's button saves, its header and rows. */
async function csvOf(page: Page, table: string) {
  const download = page.waitForEvent('download');
  await page.getByTestId(table).locator('xpath=ancestor::div[2]').getByRole('button', { name: 'CSV' }).click();
  return parse(readFileSync(await (await download).path()), { bom: true }) as string[][];
}

test('a school leader goes from the school to a klas to a student’s lessons that did not happen, each as the portal holds it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const straight = await week46();
  // A student of a klas with lessons that fell out in week 46, the klas the one they are seen in alone.
  const [klas, student] = [...straight.klassen]
    .flatMap(([k, ss]) => [...ss].map((s) => [k, s] as const))
    .sort(([, a], [, b]) => straight.missed(b).length - straight.missed(a).length || a.localeCompare(b))[0]!;
  expect(straight.missed(student).length).toBeGreaterThan(0);

  await connectWithCode(page);
  await page.goto(`/onderwijstijd?from=${FROM}&to=${TO}`);
  await expect(page.getByRole('heading', { name: 'Onderwijstijd', level: 1 })).toBeVisible();
  // Per opleiding and leerjaar, and a small chart against the norm for each, labelled.
  const cohorts = page.getByTestId('cohort-table').locator('tbody tr');
  await expect(cohorts.first()).toBeVisible();
  await expect(page.getByTestId('norm-charts').locator('li')).toHaveCount(await cohorts.count());
  for (const chart of await page.getByTestId('norm-chart').all())
    await expect(chart).toHaveAttribute('aria-label', /hours realised, norm to date/);
  // Lesuitval week by week: a labelled picture, and the same weeks in the table beside it.
  const lesuitval = page.getByTestId('lesuitval-chart');
  await expect(lesuitval).toHaveAttribute('role', 'img');
  await expect(lesuitval).toHaveAttribute('aria-label', /Lesuitval per week in school year 2026-2027/);
  const barWeeks = await lesuitval
    .locator('[data-week]')
    .evaluateAll((gs) => gs.filter((g) => g.querySelector('rect')).map((g) => (g as HTMLElement).dataset.week));
  const tableWeeks = await page
    .getByTestId('week-table')
    .locator('tbody tr')
    .evaluateAll((rs) => rs.map((r) => (r as HTMLElement).dataset.week));
  expect(barWeeks).toEqual(tableWeeks);
  expect(tableWeeks).toContain('2026-W46');
  const chartBox = (await lesuitval.boundingBox())!;
  const tableBox = (await page.getByTestId('week-table').boundingBox())!;
  expect(tableBox.x).toBeGreaterThan(chartBox.x + chartBox.width - 1);
  // The klas's row: the mean of its students' realised hours in the week.
  const row = page.getByTestId('klas-table').locator(`[data-klas="${klas}"]`);
  const realised = [...straight.klassen.get(klas)!].map(straight.realised);
  expect(Number(await row.getAttribute('data-realised'))).toBeCloseTo(mean(realised), 1);
  expect(await seriousViolations(page)).toEqual([]);
  const klassenCsv = await csvOf(page, 'klas-table');
  expect(klassenCsv[0]!.slice(0, 3)).toEqual(['Klas', 'Department', 'Opleiding']);
  expect(klassenCsv.slice(1).map((r) => r[0])).toEqual(
    await page
      .getByTestId('klas-table')
      .locator('tbody tr')
      .evaluateAll((rs) => rs.map((r) => (r as HTMLElement).dataset.klas)),
  );

  // The klas: its students, each their own hours, and its weeks beside the school's.
  await page.getByRole('link', { name: `Students of ${klas}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`group=${klas}`));
  await expect(page.getByTestId('klas-summary')).toContainText(klas);
  const shown = await page
    .getByTestId('student-table')
    .locator('tbody tr')
    .evaluateAll((rs) =>
      rs.map((r) => [(r as HTMLElement).dataset.student!, Number((r as HTMLElement).dataset.realised)] as const),
    );
  expect(shown.map(([s]) => s).sort()).toEqual([...straight.klassen.get(klas)!].sort());
  for (const [s, hours] of shown) expect(hours, s).toBeCloseTo(straight.realised(s), 6);
  await expect(page.getByTestId('lesuitval-school')).toBeVisible();
  await expect(page.getByTestId('norm-chart')).toHaveCount(1);

  // The student: the lessons behind their lesuitval, those the portal's chains say fell out.
  await page.getByRole('link', { name: student, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`student=${student}`));
  const ids = await page
    .getByTestId('missed-table')
    .locator('tbody tr')
    .evaluateAll((rs) => rs.map((r) => Number((r as HTMLElement).dataset.lesson)));
  expect(ids.sort((a, b) => a - b)).toEqual(straight.missed(student));
  const missedCsv = await csvOf(page, 'missed-table');
  expect(missedCsv.slice(1).map((r) => r[0])).toEqual(
    missedCsv.slice(1).map(() => expect.stringMatching(/^2026-11-(09|1[0-5])$/)),
  );
  expect(missedCsv).toHaveLength(ids.length + 1);
  await page.getByRole('link', { name: `Back to klas ${klas}` }).click();
  await expect(page).toHaveURL(new RegExp(`group=${klas}$`));
});

test('the report prints on A4 with its definitions, nothing wider than the paper', async ({ page }) => {
  test.setTimeout(120_000);
  await connectWithCode(page);
  // The printable width of A4 landscape with the page's 8 mm margins: 281 mm at 96 px per inch.
  await page.setViewportSize({ width: 1062, height: 900 });
  await page.goto(`/onderwijstijd?from=${FROM}&to=${TO}`);
  await expect(page.getByTestId('klas-table')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('onderwijstijd-definitions')).toContainText('Programmed: the first version');
  await expect(page.getByRole('form', { name: 'Period' })).toBeHidden();
  await expect(page.getByTestId('onderwijstijd-settings')).toBeHidden();
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > 1062 + 1)
      .map((e) => e.tagName + (e.getAttribute('data-testid') ? `#${e.getAttribute('data-testid')}` : '')),
  );
  expect(wider).toEqual([]);
  const pdf = (await page.pdf({ format: 'A4', landscape: true, printBackground: true })).toString('latin1');
  expect(Number(pdf.match(/\/Type\s*\/Pages\s*\/Count\s+(\d+)/)?.[1])).toBeGreaterThan(0);
});

test('the school’s settings count what it says: without activities the figures are the lessons’ and exams’', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const straight = await week46(['lesson', 'exam']);
  await connectWithCode(page);
  const before = JSON.parse((await apiCall(page, 'GET', '/api/onderwijstijd/settings')).text) as {
    data: { types: string[] };
  };
  try {
    await page.goto(`/onderwijstijd?from=${FROM}&to=${TO}&group=${KLAS}`);
    await page.getByTestId('onderwijstijd-settings').locator('summary').click();
    await page.getByRole('checkbox', { name: 'activity' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved; the figures are counted again.')).toBeVisible();
    await expect(page.getByTestId('onderwijstijd-definitions')).toContainText('Counts as onderwijstijd: lesson, exam.');
    const shown = await page
      .getByTestId('student-table')
      .locator('tbody tr')
      .evaluateAll((rs) =>
        rs.map((r) => [(r as HTMLElement).dataset.student!, Number((r as HTMLElement).dataset.realised)] as const),
      );
    for (const [s, hours] of shown) expect(hours, s).toBeCloseTo(straight.realised(s), 6);
    await expect(page.getByText(/Last changed through connection Rooster Demo/)).toBeVisible();

    // Shares that do not make up the whole norm are refused in words, and nothing changes.
    const bad = await apiCall(
      page,
      'PUT',
      '/api/onderwijstijd/settings',
      JSON.stringify({
        ...before.data,
        yearShares: { vmbo: [0.25, 0.25, 0.25, 0.25], havo: [0.5, 0.5, 0.5, 0.5, 0.5], vwo: [1, 0, 0, 0, 0, 0] },
      }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error.message).toMatch(/add up to 100%/);
    const still = JSON.parse((await apiCall(page, 'GET', '/api/onderwijstijd/settings')).text) as {
      data: { types: string[] };
    };
    expect(still.data.types).toEqual(['lesson', 'exam']);
  } finally {
    const back = await apiCall(page, 'PUT', '/api/onderwijstijd/settings', JSON.stringify(before.data));
    expect(back.status).toBe(200);
  }
});

test('a partner without students on appointments: the groups rule, said, and nobody followed over the years', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { granted } = await portal();
  const endpoints = demoRights();
  endpoints.appointments = {
    ...endpoints.appointments!,
    readFields: endpoints.appointments!.readFields.filter((f) => f !== 'students'),
  };
  const { id } = await sandbox.admin<{ id: string }>('POST', '/partners', {
    name: 'Rooster zonder leerlingen',
    endpoints,
    schoolInSchoolYears: granted.map((p) => p.id),
  });
  await connectWithCode(page, id);
  await page.goto('/onderwijstijd');
  await expect(page.getByTestId('onderwijstijd-participation')).toHaveAttribute('data-rule', 'groups');
  // Over the opleiding: the earlier year is read, but no klas's students can be followed into it.
  await expect(page.getByTestId('cumulative-summary')).toContainText(
    'those students cannot be followed over the school years',
    { timeout: 60_000 },
  );
  const row = page.getByTestId('cumulative-klas-table').locator(`[data-klas="${KLAS}"]`);
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(row.getByRole('cell').nth(5)).toHaveText('—');
});

test('a portal that fails is said on the page with its event, and the page is whole again once it answers', async ({
  page,
}) => {
  await connectWithCode(page);
  try {
    await sandbox.admin('PUT', '/faults', { path: '/api/appointments', status: 500 });
    await page.goto('/onderwijstijd');
    const alert = page.locator('main').getByRole('alert');
    await expect(alert).toContainText('Onderwijstijd', { timeout: 20_000 });
    await expect(alert).toContainText('Portal event');
    await expect(page.getByTestId('cohort-table')).toHaveCount(0);
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
  // Rooster paused its calls to the failing portal a few seconds (the page says so): tried again as a
  // person would, until the portal is asked again and the report is whole.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('cohort-table')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
});
