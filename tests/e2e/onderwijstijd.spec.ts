import { expect, test } from '@playwright/test';
import { weekWindow } from '../../lib/partner-api/values';
import { apiCall, connectWithCode, portal } from './support';

// Issue 48 (first part): the onderwijstijd of a week per klas and per student, through Rooster's
// API, against the portal's own rows read straight and recomputed minute by minute.

type Row = Record<string, unknown>;

interface KlasRow {
  group: string;
  department: string | null;
  educationType: string | null;
  students: number;
  programmedHours: number;
  realizedHours: number;
  cancelledHours: number;
  lowestStudentHours: number;
}

interface StudentRow {
  student: string;
  programmed: number;
  realised: number;
  cancelled: number;
}

const WEEK_46 = weekWindow({ year: 2026, week: 46 });
const FROM = '2026-11-09';
const TO = '2026-11-15';
const KLAS = '4h2';

test('a week’s onderwijstijd per klas and per student is what the portal’s rows say', async ({ page }) => {
  test.setTimeout(120_000);
  const { client, projects } = await portal();
  const rows = (
    await client.get<Row>('/appointments', {
      schoolInSchoolYear: projects,
      fields: 'id,appointmentInstance,start,end,type,groups,students,valid,hidden,cancelled',
      start: WEEK_46.start,
      end: WEEK_46.end,
      includeHidden: true,
    })
  ).body.response.data;
  // Straight: per chain its first version (programmed) and its current one (valid, visible, highest id).
  const chains = new Map<unknown, Row[]>();
  for (const r of rows)
    if (['lesson', 'exam', 'activity'].includes(r.type as string))
      chains.set(r.appointmentInstance ?? `v${r.id}`, [...(chains.get(r.appointmentInstance ?? `v${r.id}`) ?? []), r]);
  const hoursOf = (student: string, pick: (vs: Row[]) => Row | undefined) => {
    const minutes = new Set<number>();
    for (const vs of chains.values()) {
      const v = pick([...vs].sort((a, b) => (a.id as number) - (b.id as number)));
      if (!v || !((v.students as string[] | null) ?? []).includes(student)) continue;
      for (let t = v.start as number; t < (v.end as number); t += 60) minutes.add(t);
    }
    return minutes.size / 60;
  };
  const given = (vs: Row[]) => {
    const current = vs.findLast((v) => v.valid === true && v.hidden !== true);
    return current && current.cancelled !== true ? current : undefined;
  };
  // The klas's students: those of the lessons given to the klas alone.
  const klas = new Set<string>();
  for (const r of rows)
    if ((r.groups as string[]).length === 1 && (r.groups as string[])[0] === KLAS)
      for (const s of (r.students as string[] | null) ?? []) klas.add(s);
  expect(klas.size).toBeGreaterThan(10);

  await connectWithCode(page);
  const students = await apiCall(page, 'GET', `/api/onderwijstijd/students?group=${KLAS}&from=${FROM}&to=${TO}`);
  expect(students.status).toBe(200);
  const perStudent = (JSON.parse(students.text) as { data: StudentRow[] }).data;
  expect(perStudent.map((s) => s.student).sort()).toEqual([...klas].sort());
  for (const s of perStudent) {
    expect(s.programmed).toBeCloseTo(
      hoursOf(s.student, (vs) => vs[0]),
      6,
    );
    expect(s.realised).toBeCloseTo(hoursOf(s.student, given), 6);
  }

  const groups = await apiCall(page, 'GET', `/api/onderwijstijd/groups?from=${FROM}&to=${TO}`);
  expect(groups.status).toBe(200);
  const row = (JSON.parse(groups.text) as { data: KlasRow[] }).data.find((r) => r.group === KLAS)!;
  const realised = perStudent.map((s) => hoursOf(s.student, given));
  expect(row).toMatchObject({ students: klas.size, department: 'havo4', educationType: 'havo' });
  expect(row.realizedHours).toBeCloseTo(realised.reduce((a, b) => a + b, 0) / realised.length, 1);
  expect(row.lowestStudentHours).toBeCloseTo(Math.min(...realised), 1);
});

test('a period out of order, across two school years or of an unknown klas is refused in words', async ({ page }) => {
  await connectWithCode(page);
  for (const [path, words] of [
    ['/api/onderwijstijd/groups?from=2026-11-20&to=2026-11-09', /before the start date/],
    ['/api/onderwijstijd/groups?from=2026-06-01&to=2026-09-30', /within one school year/],
    ['/api/onderwijstijd/groups?from=2026-11-09&to=2026-11-31', /YYYY-MM-DD/],
    [`/api/onderwijstijd/students?group=9z9&from=${FROM}&to=${TO}`, /Klas 9z9 does not appear/],
  ] as const) {
    const r = await apiCall(page, 'GET', path);
    expect(r.status, path).toBe(400);
    expect(JSON.parse(r.text).error.message).toMatch(words);
  }
});
