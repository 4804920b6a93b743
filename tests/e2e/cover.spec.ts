import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { seriousViolations } from './axe';
import { apiCall, connectWithCode, portal, sandbox, withScriptsOff, verbinden } from './support';
import type { CoverAnswer } from '../../lib/cover/types';

// Cover planning as a scheduler uses it on a morning, every claim checked against the sandbox
// portal read straight (not through Rooster): the open lessons, the rules every candidate and the
// proposal keep, a cover entered in the portal, a pin, the printed list, a phone.

type Row = {
  id: number | null;
  appointmentInstance: number | null;
  start: number;
  end: number;
  type: string;
  teachers: string[] | null;
  groups: string[] | null;
  valid: boolean;
  cancelled: boolean;
  hidden: boolean;
  teacherChanged: boolean;
};
type Absence = { employee: string | null; start: number; end: number };

const zone = 'Europe/Amsterdam';
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/** The day as the portal holds it: its versions (every type) and the absences overlapping it. */
async function portalDay(date: string) {
  const { client, projects } = await portal();
  const start = DateTime.fromISO(date, { zone }).toUnixInteger();
  const end = start + 86_400;
  const rows = (
    await client.get<Row>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,appointmentInstance,start,end,type,teachers,groups,valid,cancelled,hidden,teacherChanged',
      start,
      end,
    })
  ).body.response.data;
  const absences = (
    await client.get<Absence>('/employeeabsences', {
      schoolInSchoolYear: projects,
      fields: 'employee,start,end',
      startDate: date,
      endDate: date,
    })
  ).body.response.data.filter((a) => a.start < end && a.end > start);
  // Chains by instance; the current version is the valid, visible one with the highest id.
  const chains = new Map<string, Row[]>();
  for (const r of rows) {
    const key = r.appointmentInstance !== null ? `i${r.appointmentInstance}` : `v${r.id}`;
    chains.set(key, [...(chains.get(key) ?? []), r]);
  }
  const current = [...chains.values()]
    .map((v) => v.filter((x) => !x.hidden).sort((a, b) => (a.id ?? 0) - (b.id ?? 0)))
    .map((v) => ({ versions: v, now: v.filter((x) => x.valid).at(-1) }));
  const busy = (t: string, at: { start: number; end: number }, not?: number | null) =>
    current.some(
      ({ now }) => now && !now.cancelled && now.id !== not && (now.teachers ?? []).includes(t) && overlaps(now, at),
    );
  const absent = (t: string, at: { start: number; end: number }) =>
    absences.some((a) => a.employee === t && overlaps(a, at));
  const elsewhere = (t: string, at: { start: number; end: number; id: number | null }) =>
    current.some(
      ({ now }) =>
        now &&
        !now.cancelled &&
        now.id !== at.id &&
        ['activity', 'exam'].includes(now.type) &&
        (now.teachers ?? []).includes(t) &&
        overlaps(now, at),
    );
  // What needs someone: a lesson, an exam to invigilate, a break duty (an interlude naming
  // teachers and no groups; a group's interlude is its free period).
  const kindOf = (r: Row) =>
    r.type === 'lesson'
      ? 'lesson'
      : r.type === 'exam'
        ? 'invigilation'
        : r.type === 'interlude' && (r.groups ?? []).length === 0 && (r.teachers ?? []).length > 0
          ? 'duty'
          : null;
  // Open: one whose current version still names a teacher who is absent or elsewhere then.
  const open = current
    .filter(({ now }) => now && kindOf(now) && !now.cancelled && now.start >= start && now.start < end)
    .filter(({ now }) => (now!.teachers ?? []).some((t) => absent(t, now!) || elsewhere(t, now!)))
    .map(({ now }) => ({ ...now!, kind: kindOf(now!)! }));
  const given = current.flatMap(({ now }) => (now && !now.cancelled ? [now] : []));
  return { open, busy, absent, given };
}

/** The day's answer; `all`: every candidate of every lesson (the default carries the best three). */
async function coverAnswer(page: Page, date: string, all = false): Promise<CoverAnswer> {
  const r = await apiCall(page, 'GET', `/api/cover?date=${date}${all ? '&candidates=all' : ''}`);
  expect(r.status).toBe(200);
  return JSON.parse(r.text) as CoverAnswer;
}

async function openDay(page: Page, date: string) {
  await page.goto(`/cover?date=${date}`);
  await expect(page.getByTestId('cover-summary')).toBeVisible({ timeout: 30_000 });
}

test('a Saturday in the address says there is nothing to cover then, as a notice, and reads nothing', async ({
  page,
}) => {
  await connectWithCode(page);
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/cover') reads.push(url.searchParams.get('date') ?? '');
  });
  await page.goto('/cover?date=2026-11-21', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('cover-weekend')).toContainText(
    'is a Saturday or Sunday: there are no lessons to cover',
  );
  // Not a failure: no error state (Next's route announcer, an empty alert, aside).
  await expect(page.locator('section[role="alert"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(reads).not.toContain('2026-11-21');
});

test('every open lesson of the day is listed, nothing else is called open, and no candidate is absent or busy', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const date = '2026-11-18';
  const portalSide = await portalDay(date);
  expect(portalSide.open.length).toBeGreaterThan(5);
  await connectWithCode(page);
  // The page says nothing wrong in the console while it counts (its progress asked before the
  // server began once logged a 404 each visit).
  const complaints: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? complaints.push(m.text()) : undefined));
  page.on('pageerror', (e) => complaints.push(e.message));
  await openDay(page, date);
  expect(complaints).toEqual([]);
  const shown = await page
    .locator('[data-testid=cover-lesson][data-state=open]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
  expect(shown.sort()).toEqual(portalSide.open.map((l) => l.id).sort());
  await expect(page.getByTestId('cover-summary')).toContainText(`${portalSide.open.length} to arrange`);

  // The rules every candidate and every proposed reliever keep, checked against the portal.
  const answer = await coverAnswer(page, date, true);
  for (const l of answer.data) expect(l.candidates).toHaveLength(l.candidateCount);
  const perTeacher = new Map<string, { start: number; end: number }[]>();
  for (const l of answer.data.filter((x) => x.state === 'open')) {
    for (const c of l.candidates) {
      expect(portalSide.absent(c.employee, l), `${c.employee} absent at ${l.id}`).toBe(false);
      expect(portalSide.busy(c.employee, l, l.id), `${c.employee} busy at ${l.id}`).toBe(false);
      expect(c.score).toBe(c.reasons.reduce((n, r) => n + r.points, 0));
    }
    expect(l.candidates.map((c) => c.score)).toEqual([...l.candidates.map((c) => c.score)].sort((a, b) => b - a));
    if (l.proposed) {
      expect(l.candidates.some((c) => c.employee === l.proposed)).toBe(true);
      const mine = perTeacher.get(l.proposed) ?? [];
      expect(
        mine.some((m) => overlaps(m, l)),
        `${l.proposed} twice at once`,
      ).toBe(false);
      perTeacher.set(l.proposed, [...mine, l]);
    }
  }
  for (const [t, lessons] of perTeacher) expect(lessons.length, t).toBeLessThanOrEqual(answer.meta.caps.perDay);

  // A group's two consecutive open periods: one reliever where one is free for both.
  const open = answer.data.filter((l) => l.state === 'open');
  const pair = open.flatMap((a) =>
    open
      .filter(
        (b) => b !== a && b.start >= a.end && b.start - a.end <= 20 * 60 && b.groups.some((g) => a.groups.includes(g)),
      )
      .map((b) => [a, b] as const),
  );
  expect(pair.length).toBeGreaterThan(0);
  for (const [a, b] of pair) {
    const both = a.candidates.filter((c) => b.candidates.some((d) => d.employee === c.employee));
    if (both.length > 0 && a.proposed && b.proposed) expect(a.proposed, `${a.id} and ${b.id}`).toBe(b.proposed);
  }
  // A lesson nobody can take says why, and what is left to choose.
  await expect(page.getByTestId('cover-nobody').first()).toContainText('Choice: supervision or cancel.');
  expect(await seriousViolations(page)).toEqual([]);
});

test('an absent teacher’s break duties are listed as such and proposed like lessons, with no group or subject reasons', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const date = '2026-11-18';
  const portalSide = await portalDay(date);
  const duties = portalSide.open.filter((l) => l.kind !== 'lesson');
  expect(duties.length).toBeGreaterThan(0);
  await connectWithCode(page);
  await openDay(page, date);
  for (const d of duties) {
    const card = page.locator(`[data-testid=cover-lesson][data-id="${d.id}"]`);
    await expect(card).toHaveAttribute('data-kind', d.kind);
    await expect(card.getByTestId('cover-kind')).toHaveText(d.kind === 'duty' ? 'break duty' : 'invigilation');
  }
  const answer = await coverAnswer(page, date, true);
  for (const d of duties) {
    const l = answer.data.find((x) => x.id === d.id)!;
    expect(l.kind).toBe(d.kind);
    expect(l.candidates.length).toBeGreaterThan(0);
    for (const c of l.candidates) {
      expect(portalSide.absent(c.employee, l), `${c.employee} absent at ${l.id}`).toBe(false);
      expect(portalSide.busy(c.employee, l, l.id), `${c.employee} busy at ${l.id}`).toBe(false);
      expect(c.reasons.map((r) => r.key)).not.toContain('knowsGroup');
      expect(c.reasons.map((r) => r.key)).not.toContain('teachesSubject');
    }
  }
  // The text per reliever: the date, each lesson, the absent colleague by name, no word twice in a row.
  await page.getByRole('button', { name: 'Text per reliever' }).click();
  const texts = await page
    .getByTestId('cover-messages')
    .locator('textarea')
    .evaluateAll((els) =>
      els.map((e) => ({ employee: e.getAttribute('aria-label')!, text: (e as HTMLTextAreaElement).value })),
    );
  expect(texts.length).toBeGreaterThan(0);
  for (const { employee, text } of texts) {
    expect(text).toContain('Wednesday 18 November');
    const words = text.split(/\s+/);
    expect(
      words.filter((w, i) => i > 0 && w.toLowerCase() === words[i - 1]!.toLowerCase()),
      text,
    ).toEqual([]);
    for (const l of answer.data.filter((x) => x.state === 'open' && x.proposed === employee)) {
      for (const a of l.away) expect(text).toContain(a.name ?? a.employee);
      expect(l.away.every((a) => a.name && a.name !== a.employee)).toBe(true);
    }
  }
});

test('every proposal that is not the highest score says why, and the why holds against the answer and the portal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const date = '2026-11-18';
  await connectWithCode(page);
  await openDay(page, date);
  await expect(page.getByTestId('cover-proposes-only')).toContainText(
    'Rooster proposes; enter each cover in the portal',
  );
  const answer = await coverAnswer(page, date, true);
  const days = await portalTeacherDays(date);
  const open = answer.data.filter((l) => l.state === 'open' && l.proposed);
  const given = (t: string) => open.filter((l) => l.proposed === t);
  const notBest = open.filter((l) => l.candidates[0]!.employee !== l.proposed);
  expect(notBest.length).toBeGreaterThan(0);
  for (const l of open) {
    if (l.candidates[0]!.employee === l.proposed) {
      expect(l.because, `${l.id}`).toBeUndefined();
      continue;
    }
    const b = l.because!;
    expect(b, `${l.id} says why`).toBeDefined();
    expect(b.text!.length).toBeGreaterThan(5);
    await expect(
      page.locator(`[data-testid=cover-lesson][data-id="${l.id}"]`).getByTestId('cover-because'),
    ).toContainText(b.text!);
    const best = l.candidates[0]!.employee;
    if (b.rule === 'perDay') {
      const entered = answer.data.filter((x) => x.state === 'covered' && x.coveredBy.includes(best)).length;
      expect(given(best).length + entered).toBeGreaterThanOrEqual(answer.meta.caps.perDay);
    } else if (b.rule === 'neededElsewhere') {
      const other = open.find((x) => x.id === b.lesson.id)!;
      expect([other.proposed, overlaps(other, l)]).toEqual([best, true]);
    } else if (b.rule === 'sameAsGroup') {
      const other = open.find((x) => x.id === b.lesson.id)!;
      expect(other.proposed).toBe(l.proposed);
      expect(other.groups.some((g) => l.groups.includes(g))).toBe(true);
    } else if (b.rule === 'lessonsPerDay') {
      const lesuren = [...given(best), l].reduce((n, x) => n + days.lesurenOf(x.id), 0);
      const own = (days.days.get(best) ?? []).reduce((n, x) => n + x.lesuren, 0);
      expect(own + lesuren).toBeGreaterThan(answer.meta.caps.lessonsPerDay);
    } else expect(['perWindow', 'inRow', 'dayAsWhole']).toContain(b.rule);
  }
});

test('a pin that takes someone from another lesson says so on the lesson it moved', async ({ page }) => {
  test.setTimeout(120_000);
  const date = '2026-11-19';
  await connectWithCode(page);
  await openDay(page, date);
  // The answer as the page has it (the best three of each lesson: the choices its list offers first).
  const before = await coverAnswer(page, date);
  const open = before.data.filter((l) => l.state === 'open');
  // Two open lessons at once: pin A's reliever on B, so A needs someone else.
  const [a, b] = open
    .flatMap((x) =>
      open
        .filter((y) => y !== x && overlaps(x, y) && x.proposed && y.candidates.some((c) => c.employee === x.proposed))
        .map((y) => [x, y] as const),
    )
    .at(0)!;
  const card = page.locator(`[data-testid=cover-lesson][data-id="${b.id}"]`);
  try {
    await card.getByLabel('Choose a reliever').selectOption(a.proposed!);
    await expect(card).toHaveAttribute('data-proposed', a.proposed!);
    const after = await coverAnswer(page, date);
    const moved = after.data.find((l) => l.id === a.id)!;
    expect(moved.proposed).not.toBe(a.proposed);
    expect(moved.because).toMatchObject({ rule: 'movedByPin', pins: [a.proposed], was: a.proposed });
    await expect(
      page.locator(`[data-testid=cover-lesson][data-id="${a.id}"]`).getByTestId('cover-because'),
    ).toContainText(`by pinning ${a.proposed}`);
  } finally {
    const r = await apiCall(
      page,
      'PUT',
      '/api/cover/pins',
      JSON.stringify({ date, lesson: String(b.id), employee: null }),
    );
    expect(r.status).toBe(200);
  }
});

test('the day’s cover comes with the page: with scripts off the same open lessons are listed', async ({ page }) => {
  test.setTimeout(90_000);
  const date = '2026-11-18';
  const portalSide = await portalDay(date);
  await connectWithCode(page);
  await withScriptsOff(page, `/cover?date=${date}`, async (bare) => {
    await expect(bare.getByTestId('cover-summary')).toContainText(`${portalSide.open.length} to arrange`);
    const shown = await bare
      .locator('[data-testid=cover-lesson][data-state=open]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
    expect(shown.sort()).toEqual(portalSide.open.map((l) => l.id).sort());
  });
});

test('a pinned reliever stays through re-solving; a cover entered in the portal shows and the counts move', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const date = '2026-11-26';
  await connectWithCode(page);
  await openDay(page, date);
  const before = await coverAnswer(page, date);
  const lesson = before.data.find((l) => l.state === 'open' && l.proposed && l.candidates.length > 2)!;
  const other = lesson.candidates.find((c) => c.employee !== lesson.proposed)!;
  const card = page.locator(`[data-testid=cover-lesson][data-id="${lesson.id}"]`);
  await card.getByLabel('Choose a reliever').selectOption(other.employee);
  await expect(card).toHaveAttribute('data-proposed', other.employee);
  await expect(card.getByTestId('cover-proposed')).toContainText('pinned');
  await page.reload();
  await expect(page.locator(`[data-testid=cover-lesson][data-id="${lesson.id}"]`)).toHaveAttribute(
    'data-proposed',
    other.employee,
    { timeout: 30_000 },
  );
  const pinned = await coverAnswer(page, date);
  for (const l of pinned.data)
    if (l.proposed === other.employee && l.id !== lesson.id) expect(overlaps(l, lesson)).toBe(false);

  // The scheduler enters the cover in the portal: the lesson is covered, their count moves.
  const soFar = (a: CoverAnswer, t: string) =>
    a.data
      .flatMap((l) => l.candidates)
      .filter((c) => c.employee === t)
      .map((c) => c.reasons.find((r) => r.key === 'coversSoFar')?.count ?? 0)[0];
  const countBefore = soFar(pinned, other.employee) ?? 0;
  await sandbox.admin('POST', '/cover', { appointment: lesson.id, teacher: other.employee });
  await page.reload();
  await expect(page.getByTestId('cover-summary')).toBeVisible({ timeout: 30_000 });
  const after = await coverAnswer(page, date);
  const now = after.data.find((l) => l.coveredBy.includes(other.employee) && l.start === lesson.start)!;
  expect(now.state).toBe('covered');
  // The page says what the portal made of the proposal: entered as proposed.
  expect(now.followUp).toBe('asProposed');
  // Arranged lessons are folded below what is still to arrange: opened, it says so.
  await page.getByTestId('cover-arranged').locator('summary').click();
  await expect(page.locator(`[data-testid=cover-follow-up][data-follow-up=asProposed]`).first()).toBeVisible();
  // Another open lesson entered with someone the proposal did not name: "by someone else".
  const next = after.data.find((l) => l.state === 'open' && l.proposed && l.candidates.length > 1)!;
  const someoneElse = next.candidates.find((c) => c.employee !== next.proposed)!.employee;
  await sandbox.admin('POST', '/cover', { appointment: next.id, teacher: someoneElse });
  const later = await coverAnswer(page, date);
  const entered = later.data.find((l) => l.start === next.start && l.coveredBy.includes(someoneElse))!;
  expect([entered.followUp, entered.wasProposed]).toEqual(['other', next.proposed]);
  expect(after.meta.counts.open).toBe(before.meta.counts.open - 1);
  expect(after.meta.counts.covered).toBe(before.meta.counts.covered + 1);
  const countAfter = soFar(after, other.employee);
  if (countAfter !== undefined) expect(countAfter).toBe(countBefore + 1);
});

test('a cover entered in the portal with a teacher who teaches then is flagged, naming the lesson it clashes with', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const date = '2026-11-26';
  const portalSide = await portalDay(date);
  // An open lesson, and a teacher the portal shows teaching another group then (not absent).
  const target = portalSide.open.find((l) => l.kind === 'lesson')!;
  const clash = portalSide.given.find(
    (r) =>
      r.type === 'lesson' &&
      r.id !== target.id &&
      overlaps(r, target) &&
      (r.teachers ?? []).length === 1 &&
      !portalSide.absent(r.teachers![0]!, target),
  )!;
  const teacher = clash.teachers![0]!;
  await sandbox.admin('POST', '/cover', { appointment: target.id, teacher });
  await connectWithCode(page);
  await openDay(page, date);
  const answer = await coverAnswer(page, date);
  const entered = answer.data.find((l) => l.start === target.start && l.coveredBy.includes(teacher))!;
  expect(entered.state).toBe('covered');
  expect(entered.conflicts).toContainEqual({
    rule: 'busy',
    teacher,
    appointment: { id: clash.id, groups: clash.groups ?? [] },
  });
  // Said in red before the arranged lessons; the roostermaker opens it to see which.
  await page.getByTestId('cover-flagged').locator('summary').click();
  const card = page.locator(`[data-testid=cover-lesson][data-id="${entered.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('cover-conflict')).toContainText(
    `${teacher} then gives ${(clash.groups ?? []).join(', ')} (${clash.id}) themselves`,
  );
  // Covers the portal shows that keep every rule carry no warning.
  for (const l of answer.data.filter((x) => x.state === 'covered' && !x.conflicts))
    for (const t of l.coveredBy) expect(portalSide.busy(t, l, l.id), `${t} at ${l.id}`).toBe(false);
});

test('settings re-rank at once: a teacher marked not to be asked is nobody’s candidate', async ({ page }) => {
  test.setTimeout(90_000);
  const date = '2026-11-19';
  await connectWithCode(page);
  await openDay(page, date);
  const before = await coverAnswer(page, date);
  const who = before.data.find((l) => l.proposed)!.proposed!;
  const settings = JSON.parse((await apiCall(page, 'GET', '/api/cover/settings')).text).data;
  await page.getByText('School settings', { exact: true }).click();
  await page.getByLabel('Not to be asked (codes, comma-separated)').fill(who);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: ranked again.')).toBeVisible();
  await expect
    .poll(async () =>
      (await coverAnswer(page, date, true)).data.some((l) => l.candidates.some((c) => c.employee === who)),
    )
    .toBe(false);
  await expect(page.locator(`[data-testid=cover-lesson][data-proposed="${who}"]`)).toHaveCount(0);
  // Bad settings are refused in words; the saved ones stay.
  const bad = await apiCall(page, 'PUT', '/api/cover/settings', JSON.stringify({ ...settings, maxPerDay: 0 }));
  expect(bad.status).toBe(400);
  expect((await apiCall(page, 'PUT', '/api/cover/settings', JSON.stringify(settings))).status).toBe(200);
});

type DayRow = Row & { startTimeSlot: number | null; endTimeSlot: number | null };
type Contract = { employee: string | null; start: string | null; end: string | null; fteNet: number | null };

/**
 * Each teacher's day as the portal holds it, in lesuren (by the time slots, else 50 minutes a
 * lesuur): lessons, exams they invigilate and break duties (an interlude naming teachers and no
 * groups) count; the contracts' fte that day. Read straight, not through Rooster.
 */
async function portalTeacherDays(date: string) {
  const { client, projects } = await portal();
  const start = DateTime.fromISO(date, { zone }).toUnixInteger();
  const rows = (
    await client.get<DayRow>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,appointmentInstance,start,end,type,teachers,groups,valid,cancelled,hidden,startTimeSlot,endTimeSlot',
      start,
      end: start + 86_400,
    })
  ).body.response.data;
  const chains = new Map<string, DayRow[]>();
  for (const r of rows) {
    const key = r.appointmentInstance !== null ? `i${r.appointmentInstance}` : `v${r.id}`;
    chains.set(key, [...(chains.get(key) ?? []), r]);
  }
  const lesuren = (r: DayRow) =>
    typeof r.startTimeSlot === 'number' && typeof r.endTimeSlot === 'number' && r.endTimeSlot >= r.startTimeSlot
      ? r.endTimeSlot - r.startTimeSlot + 1
      : Math.max(1, Math.round((r.end - r.start) / 3000));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const days = new Map<string, { start: number; end: number; lesuren: number }[]>();
  const atSchool = new Set<string>();
  for (const versions of chains.values()) {
    const now = versions
      .filter((v) => v.valid && !v.hidden)
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0))
      .at(-1);
    if (!now || now.cancelled) continue;
    for (const t of now.teachers ?? []) atSchool.add(t);
    const duty = now.type === 'interlude' && (now.groups ?? []).length === 0 && (now.teachers ?? []).length > 0;
    if (now.type !== 'lesson' && now.type !== 'exam' && !duty) continue;
    for (const t of new Set(now.teachers ?? []))
      days.set(t, [...(days.get(t) ?? []), { start: now.start, end: now.end, lesuren: duty ? 1 : lesuren(now) }]);
  }
  const contracts = (
    await client.get<Contract>('/contracts', { schoolInSchoolYear: projects, fields: 'employee,start,end,fteNet' })
  ).body.response.data;
  const fte = new Map<string, number>();
  for (const c of contracts)
    if (c.employee && (!c.start || c.start <= date) && (!c.end || c.end >= date) && typeof c.fteNet === 'number')
      fte.set(c.employee, (fte.get(c.employee) ?? 0) + c.fteNet);
  return { days, atSchool, fte, lesurenOf: (id: number | null) => lesuren(byId.get(id)!) };
}

/** Where a proposal breaks a reliever's day (in lesuren a day, or in a row without 40 free minutes). */
function relieverDayBreaks(answer: CoverAnswer, portalSide: Awaited<ReturnType<typeof portalTeacherDays>>) {
  const broken: string[] = [];
  const covers = new Map<string, { start: number; end: number; lesuren: number; cover: true }[]>();
  for (const l of answer.data)
    if (l.state === 'open' && l.proposed)
      covers.set(l.proposed, [
        ...(covers.get(l.proposed) ?? []),
        { start: l.start, end: l.end, lesuren: portalSide.lesurenOf(l.id), cover: true },
      ]);
  for (const [t, mine] of covers) {
    const day = [...(portalSide.days.get(t) ?? []), ...mine].sort((a, b) => a.start - b.start);
    const total = day.reduce((n, i) => n + i.lesuren, 0);
    if (total > answer.meta.caps.lessonsPerDay) broken.push(`${t}: ${total} lesuren`);
    let row: typeof day = [];
    let end = -Infinity;
    for (const item of [...day, null]) {
      if (item === null || item.start - end >= 40 * 60) {
        const n = row.reduce((k, i) => k + i.lesuren, 0);
        if (row.some((i) => 'cover' in i) && n > answer.meta.caps.inRow) broken.push(`${t}: ${n} in a row`);
        row = [];
      }
      if (item) {
        row.push(item);
        end = Math.max(end, item.end);
      }
    }
  }
  return broken;
}

test("no proposed reliever's day passes its lesuren or its row, nobody is asked on a free day, covers weigh per fte", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const date = '2026-11-18';
  const portalSide = await portalTeacherDays(date);
  await connectWithCode(page);
  await openDay(page, date);
  const settings = JSON.parse((await apiCall(page, 'GET', '/api/cover/settings')).text).data;
  const answer = await coverAnswer(page, date, true);
  expect(answer.meta.caps).toMatchObject({ lessonsPerDay: 7, inRow: 5, freeDay: 'exclude' });
  expect(answer.meta.fte).toBe('fteNet');
  expect(relieverDayBreaks(answer, portalSide)).toEqual([]);
  const open = answer.data.filter((l) => l.state === 'open');
  for (const l of open)
    for (const c of l.candidates) {
      expect(portalSide.atSchool.has(c.employee), `${c.employee} has a free day`).toBe(true);
      // Covers so far weigh per fte of the contracts that day: points = weight × covers ÷ fte.
      const soFar = c.reasons.find((r) => r.key === 'coversSoFar');
      if (soFar) {
        const fte = portalSide.fte.get(c.employee);
        expect(soFar.fte).toBeCloseTo(fte!, 6);
        expect(soFar.points).toBe(Math.round((answer.meta.weights.coversSoFar * soFar.count!) / Math.max(fte!, 0.1)));
      }
    }
  await expect(page.getByTestId('cover-summary')).toContainText('Covers so far weigh per fte (from the contracts).');

  // Tighter rules set in the panel re-rank the day: still nobody past them, and fewer may be asked.
  try {
    await page.getByText('School settings', { exact: true }).click();
    await expect(page.getByTestId('reliever-day-settings')).toContainText("The reliever's day");
    await page.getByLabel(/At most lesson periods a day/).fill('4');
    await page.getByLabel(/At most lesson periods in a row/).fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved: ranked again.')).toBeVisible();
    await expect.poll(async () => (await coverAnswer(page, date)).meta.caps.lessonsPerDay).toBe(4);
    const tight = await coverAnswer(page, date, true);
    expect(tight.meta.caps.inRow).toBe(2);
    expect(relieverDayBreaks(tight, portalSide)).toEqual([]);
    const candidates = (a: CoverAnswer) => a.data.reduce((n, l) => n + l.candidates.length, 0);
    expect(candidates(tight)).toBeLessThan(candidates(answer));
    // A limit out of range is refused in words.
    const bad = await apiCall(page, 'PUT', '/api/cover/settings', JSON.stringify({ ...settings, maxInRow: 0 }));
    expect(bad.status).toBe(400);
  } finally {
    expect((await apiCall(page, 'PUT', '/api/cover/settings', JSON.stringify(settings))).status).toBe(200);
  }
});

test('with the bovenbouw randuur rule, such lessons go vervalt, checked against the portal; a pin still covers one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const date = '2026-11-18';
  const { open: portalOpen, given } = await portalDay(date);
  await connectWithCode(page);
  await openDay(page, date);
  const settings = JSON.parse((await apiCall(page, 'GET', '/api/cover/settings')).text).data;
  const plain = await coverAnswer(page, date);
  // By default the school covers everything and fills the onderbouw first.
  expect(plain.meta.rules).toEqual({ cancel: 'none', upperFromYear: 4, priority: 'lowerYears' });
  expect(plain.data.some((l) => l.cancelRule)).toBe(false);
  const year = (g: string) => Number(/^(\d)/.exec(g)?.[1] ?? 0);
  let pinned: string | null = null;
  try {
    await page.getByText('School settings', { exact: true }).click();
    await page.getByLabel('Lessons that go vervalt rather than be covered').selectOption('upperEdge');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved: ranked again.')).toBeVisible();
    await expect.poll(async () => (await coverAnswer(page, date)).meta.rules.cancel).toBe('upperEdge');
    const ruled = await coverAnswer(page, date);
    const byRule = ruled.data.filter((l) => l.cancelRule);
    expect(byRule.length).toBeGreaterThan(0);
    expect(ruled.meta.counts.byRule).toBe(byRule.length);
    for (const l of byRule) {
      // Open in the portal, a lesson, every group in the bovenbouw, nobody proposed.
      const row = portalOpen.find((r) => r.id === l.id)!;
      expect(row.kind).toBe('lesson');
      expect(l.state).toBe('open');
      expect(l.proposed).toBeNull();
      expect((row.groups ?? []).every((g) => year(g) >= 4)).toBe(true);
      // At the edge of each group's day as the portal holds it: before it (or after it) only
      // lessons the rule lets go too.
      const ruledIds = new Set(byRule.map((x) => x.id));
      for (const g of row.groups ?? []) {
        const others = given.filter(
          (r) => r.id !== row.id && ['lesson', 'exam', 'activity'].includes(r.type) && (r.groups ?? []).includes(g),
        );
        const clear = (side: (r: Row) => boolean) => others.filter(side).every((r) => ruledIds.has(r.id));
        expect(clear((r) => r.start < row.start) || clear((r) => r.start > row.start), `${l.id} ${g}`).toBe(true);
      }
      await expect(
        page.locator(`[data-testid=cover-lesson][data-id="${l.id}"]`).getByTestId('cover-cancel-rule'),
      ).toHaveText(/vervalt \(rule: bovenbouw randuur\)/);
    }
    // The onderbouw's lessons are all still proposed as before the rule (nothing taken from them).
    for (const l of ruled.data.filter((x) => x.groups.every((g) => year(g) > 0 && year(g) < 4)))
      expect(l.cancelRule).toBeUndefined();
    await expect(page.getByTestId('cover-summary')).toContainText(
      byRule.length === 1 ? "1 vervalt by the school's rule" : `${byRule.length} vervallen by the school's rule`,
    );
    // A scheduler who wants it covered after all pins a reliever: then it is proposed.
    const one = byRule.find((l) => l.candidates.length > 0)!;
    pinned = String(one.id);
    const card = page.locator(`[data-testid=cover-lesson][data-id="${one.id}"]`);
    await card.getByLabel('Choose a reliever').selectOption(one.candidates[0]!.employee);
    await expect(card).toHaveAttribute('data-proposed', one.candidates[0]!.employee);
    const after = (await coverAnswer(page, date)).data.find((l) => l.id === one.id)!;
    expect(after.cancelRule).toBeUndefined();
    expect(after.pinned).toBe(true);
    // A rule the API does not know is refused in words.
    const bad = await apiCall(page, 'PUT', '/api/cover/settings', JSON.stringify({ ...settings, cancelRule: 'all' }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('upperEdge');
  } finally {
    if (pinned)
      expect(
        (await apiCall(page, 'PUT', '/api/cover/pins', JSON.stringify({ date, lesson: pinned, employee: null })))
          .status,
      ).toBe(200);
    expect((await apiCall(page, 'PUT', '/api/cover/settings', JSON.stringify(settings))).status).toBe(200);
  }
});

test('what is still to arrange fits one screen: a compact row per open lesson, the arranged ones folded, settings on top', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await connectWithCode(page);
  for (const date of ['2026-11-18', '2026-11-19']) {
    const portalSide = await portalDay(date);
    await openDay(page, date);
    const open = portalSide.open.length;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${date}: ${open} open`).toBeLessThanOrEqual(300 + 48 * open);
    // Every open lesson is one row with its proposal or why nobody; the arranged ones wait folded.
    const rows = page.locator('[data-testid=cover-lesson][data-state=open]');
    await expect(rows).toHaveCount(open);
    const tallest = Math.max(...(await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))));
    expect(tallest).toBeLessThanOrEqual(64);
    await expect(page.getByTestId('cover-arranged')).not.toHaveAttribute('open');
    await expect(
      page.getByTestId('cover-arranged').locator('[data-testid=cover-lesson]:not([data-state=open])').first(),
    ).toBeHidden();
    // Covers entered against a rule are said in red before the arranged ones, their rows one click away.
    const flagged = (await coverAnswer(page, date)).data.filter((l) => l.conflicts).length;
    if (flagged > 0) {
      const fold = page.getByTestId('cover-flagged');
      await expect(fold.locator('summary')).toContainText(String(flagged));
      await expect(fold.getByTestId('cover-lesson').first()).toBeHidden();
      await fold.locator('summary').click();
      await expect(fold.getByTestId('cover-lesson')).toHaveCount(flagged);
      await expect(fold.getByTestId('cover-lesson').first()).toBeVisible();
    }
    // The settings are reached from the top, before the list.
    const settingsTop = (await page.getByText('School settings', { exact: true }).boundingBox())!.y;
    const listTop = (await page.getByTestId('cover-periods').boundingBox())!.y;
    expect(settingsTop).toBeLessThan(listTop);
  }
});

test('bad dates get a 400 in words: a weekend, a year past 2100', async ({ page }) => {
  await connectWithCode(page);
  const weekend = await apiCall(page, 'GET', '/api/cover?date=2026-11-21');
  expect(weekend.status).toBe(400);
  expect(weekend.text).toContain('Saturday or Sunday');
  const far = await apiCall(page, 'GET', '/api/cover?date=9999-12-27');
  expect(far.status).toBe(400);
  expect(far.text).toContain('2000–2100');
});

test('the cover list prints every line, 25 lines to an A4 page; a phone shows one lesuur at a time', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const date = '2026-11-18';
  await connectWithCode(page);
  await openDay(page, date);
  const answer = await coverAnswer(page, date);
  await page.setViewportSize({ width: 1062, height: 750 });
  await page.emulateMedia({ media: 'print' });
  const list = page.getByTestId('invallijst');
  await expect(list).toBeVisible();
  await expect(list.getByTestId('invallijst-row')).toHaveCount(answer.data.length);
  // The date and the time printed head each part (a table head repeats on every page); the
  // proposals to enter come apart from, and before, what the portal shows arranged.
  const heads = list.getByTestId('invallijst-page-head');
  await expect(heads.first()).toContainText(
    /Cover list Wednesday 18 November · printed \w{3} \d+ \w{3} \d{4} \d{2}:\d{2}/,
  );
  expect(await heads.evaluateAll((hs) => hs.every((h) => h.closest('thead') !== null))).toBe(true);
  const states = await list
    .getByTestId('invallijst-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
  expect(states.slice(0, answer.meta.counts.open).every((x) => x === 'open')).toBe(true);
  expect(states.slice(answer.meta.counts.open).every((x) => x !== 'open')).toBe(true);
  // A4 landscape less 8 mm margins is 733 px high at 96 dpi: 25 lines fit a page.
  const rowHeights = await list
    .getByTestId('invallijst-row')
    .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  expect(Math.max(...rowHeights) * 25).toBeLessThanOrEqual(733);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1062);
  await expect(page.getByTestId('cover-periods')).toBeHidden();

  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 390, height: 844 });
  const periods = page.getByTestId('cover-period');
  await expect(periods.filter({ visible: true })).toHaveCount(1);
  const first = await periods.filter({ visible: true }).getAttribute('data-period');
  await page.getByRole('button', { name: /Next period/ }).click();
  await expect(periods.filter({ visible: true })).toHaveCount(1);
  expect(await periods.filter({ visible: true }).getAttribute('data-period')).not.toBe(first);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe('in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('the page speaks the scheduler’s words', async ({ page }) => {
    await verbinden(page);
    await openDay(page, '2026-11-18');
    await expect(page.getByTestId('cover-summary')).toContainText('nog te regelen');
    await expect(page.getByRole('heading', { level: 1, name: 'Invallers' })).toBeVisible();
    await expect(page.getByTestId('cover-proposed').first()).toContainText('Voorstel:');
    await expect(page.getByTestId('cover-proposes-only')).toContainText('Rooster stelt voor');
    await expect(page.getByTestId('cover-kind').first()).toHaveText(/^(pleinwacht|surveillance)$/);
    await expect(page.getByTestId('cover-because').first()).toContainText('waarom:');
    expect(await seriousViolations(page)).toEqual([]);
    // The date field reads and takes dd-mm-jjjj; a day that does not exist is marked, not followed.
    const field = page.getByLabel('Datum', { exact: true });
    await expect(field).toHaveValue('18-11-2026');
    await expect(field).toHaveAttribute('placeholder', 'dd-mm-jjjj');
    await field.fill('31-11-2026');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(page.url()).searchParams.get('date')).toBe('2026-11-18');
    await field.fill('19-11-2026');
    await expect(page).toHaveURL(/date=2026-11-19/);
    await expect(page.getByTestId('cover-summary')).toBeVisible({ timeout: 30_000 });
  });
});
