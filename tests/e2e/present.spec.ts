import { expect, test } from '@playwright/test';
import { connectWithCode, presentSandbox } from './support';
import { PortalClient } from '../support/portal';

// Issue 47: `npm run demo` starts the sandbox without a date, and a newcomer opening *Vandaag* and
// *Invallers* must find a school morning: teachers away, lessons still to arrange. This sandbox is
// started that way (playwright.config.ts); the portal is read straight to check the screen.

interface Health {
  today: string;
  schoolDay: string;
}

type Row = Record<string, unknown>;

const ZONE = 'Europe/Amsterdam';
const todayInSchool = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

/** Midnight to midnight of a school day, in Unix seconds (the school's zone). */
function dayWindow(date: string): { start: number; end: number } {
  const at = (d: string) => {
    const utc = Date.parse(`${d}T00:00:00Z`) / 1000;
    // The zone's offset at that moment: CET or CEST.
    const local = new Date(utc * 1000).toLocaleString('sv-SE', { timeZone: ZONE });
    return utc - (Date.parse(`${local.replace(' ', 'T')}Z`) / 1000 - utc);
  };
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: at(date), end: at(next) };
}

test('a sandbox without a date is a school morning: Vandaag counts the teachers away, Invallers has open lessons', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const health = await presentSandbox.admin<Health>('GET', '/health');
  // It moves to its next school day on a weekend or in a holiday; the dashboard is then asked that day.
  expect(health.today).toBe(todayInSchool());
  expect(health.schoolDay >= health.today).toBe(true);
  const onSchoolDay = health.schoolDay === health.today;
  const dateParam = onSchoolDay ? '' : `?date=${health.schoolDay}`;

  // The portal's own answer: who is away that day, and which current lessons they were to give.
  const client = await new PortalClient(presentSandbox.origin).connect('demo');
  const me = (await client.get<{ schoolInSchoolYears: { id: number }[] }>('/partners/~me')).body.response.data[0]!;
  const projects = me.schoolInSchoolYears.map((p) => p.id).join(',');
  const day = dayWindow(health.schoolDay);
  const absences = (
    await client.get<Row>('/employeeabsences', { schoolInSchoolYear: projects, fields: 'employee,start,end' })
  ).body.response.data.filter((a) => (a.start as number) < day.end && day.start < (a.end as number));
  const away = new Set(absences.map((a) => a.employee as string));
  expect(away.size).toBeGreaterThanOrEqual(3);
  const lessons = (
    await client.get<Row>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,type,teachers,start,end,valid,cancelled,hidden',
      start: day.start,
      end: day.end,
    })
  ).body.response.data;
  const absentThen = (code: string, lesson: Row) =>
    absences.some(
      (a) =>
        a.employee === code &&
        (a.start as number) < (lesson.end as number) &&
        (lesson.start as number) < (a.end as number),
    );
  const open = lessons
    .filter((l) => l.type === 'lesson' && l.valid === true && l.cancelled !== true && l.hidden !== true)
    .filter((l) => (l.teachers as string[]).some((t) => absentThen(t, l)))
    .map((l) => String(l.id));
  expect(open.length).toBeGreaterThan(0);

  await connectWithCode(page, 'demo', presentSandbox);
  await page.goto(`/${dateParam}`);
  await expect(page.getByTestId('today-absent-count')).toHaveAttribute('data-count', String(away.size), {
    timeout: 20_000,
  });

  // …and names them: the first eight, each one away that day.
  const named = await page
    .getByTestId('today-absent-names')
    .locator('li[data-code]')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-code') ?? ''));
  expect(named.length).toBe(Math.min(8, away.size));
  for (const code of named) expect([...away]).toContain(code);

  await page.goto(`/cover${dateParam}`);
  await expect(page.getByTestId('cover-summary')).toBeVisible({ timeout: 60_000 });
  const shown = await page
    .locator('[data-testid="cover-lesson"][data-state="open"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
  // Every lesson the portal leaves with an absent teacher is on the screen to arrange.
  expect(shown.length).toBeGreaterThan(0);
  for (const id of open) expect(shown).toContain(id);
});
