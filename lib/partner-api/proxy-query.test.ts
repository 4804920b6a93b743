import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiTranslator, say } from '@/lib/api/api-text';
import { buildListQuery, buildLiveScheduleQuery, narrowRows, takeNarrowing, unboundedRead } from './proxy-query';
import { fieldList, type CatalogRecord, type FieldName, type PickedRecord, type RecordOf } from './records';

const rights = {
  readFields: ['id', 'start', 'end', 'teachers', 'isNewField'],
  filterFields: ['fields', 'schoolInSchoolYear', 'start', 'end', 'teachers', 'cancelled', 'modifiedSince', 'newFilter'],
};
const q = (s: string) => new URLSearchParams(s);

describe('the proxy query for list endpoints', () => {
  it('fills in every granted project and field when none are given', () => {
    const result = buildListQuery('appointments', q(''), rights, [11, 12]);
    expect(result.ok && result.query.toString()).toBe(
      'schoolInSchoolYear=11%2C12&fields=id%2Cstart%2Cend%2Cteachers%2CisNewField',
    );
  });

  it('passes granted fields and typed filters through, in the upstream form', () => {
    const result = buildListQuery(
      'appointments',
      q(
        'schoolInSchoolYear=12&fields=id,start&start=1794783600&end=1795388400&teachers=abc,def&cancelled=true&newFilter=x',
      ),
      rights,
      [11, 12],
    );
    expect(result.ok && Object.fromEntries(result.query)).toEqual({
      schoolInSchoolYear: '12',
      fields: 'id,start',
      start: '1794783600',
      end: '1795388400',
      teachers: 'abc,def',
      cancelled: 'true',
      newFilter: 'x',
    });
  });

  it.each([
    ['schoolInSchoolYear=13', 403, 'project 13'],
    ['fields=id,students', 403, 'reading students'],
    ['fields=id,Start', 400, 'no field Start'],
    ['fields=id;drop', 400, 'field names'],
    ['type=lesson', 403, 'filtering /appointments on type'],
    ['colour=red', 400, 'no filter colour'],
    ['start=yesterday', 400, 'start must be a Unix time'],
    ['cancelled=1', 400, 'cancelled must be true or false'],
    ['modifiedSince=12.5', 400, 'modifiedSince must be a Unix time'],
    ['schoolInSchoolYear=11,abc', 400, 'schoolInSchoolYear must be whole numbers'],
    ['teachers=abc&teachers=def', 400, 'more than once'],
    ['start=', 400, 'start needs a value'],
    ['teachers=a%00b', 400, 'control characters'],
    ['../../admin=1', 400, 'not a parameter name'],
  ])('%s → %i', (query, status, message) => {
    const result = buildListQuery('appointments', q(query), rights, [11, 12]);
    expect(result).toMatchObject({ ok: false, status });
    expect(!result.ok && result.message).toContain(message);
  });

  it('refuses an endpoint outside the rights', () => {
    expect(buildListQuery('contracts', q(''), undefined, [11])).toEqual({
      ok: false,
      status: 403,
      message: 'Your partner rights do not include /contracts.',
      text: { key: 'proxy.endpointRefused', values: { resource: 'contracts' } },
    });
  });

  it('keeps its words to be said in the reader’s language', () => {
    const result = buildListQuery('appointments', q('start=yesterday'), rights, [11, 12]);
    expect(!result.ok && say(apiTranslator('nl'), result.text)).toBe(
      'start moet een Unix-tijd in seconden zijn, bijvoorbeeld 1794783600.',
    );
    expect(!result.ok && result.message).toBe('start must be a Unix time in seconds, e.g. 1794783600.');
  });

  it('reads dates and weeks into the wire form', () => {
    const absenceRights = { readFields: ['id'], filterFields: ['startDate', 'startWeek'] };
    const result = buildListQuery('employeeabsences', q('startDate=16-11-2026&startWeek=2026-W47'), absenceRights, [1]);
    expect(result.ok && result.query.get('startDate')).toBe('2026-11-16');
    expect(result.ok && result.query.get('startWeek')).toBe('202647');
  });
});

describe('the proxy query for /liveschedule', () => {
  const live = { readFields: ['id', 'start'], filterFields: ['student', 'week', 'schoolInSchoolYear'] };
  it('needs one student, a week and one granted project', () => {
    expect(buildLiveScheduleQuery(q('student=123&week=2026-W47&schoolInSchoolYear=11'), live, [11])).toMatchObject({
      ok: true,
    });
    expect(buildLiveScheduleQuery(q('week=202647&schoolInSchoolYear=11'), live, [11])).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(buildLiveScheduleQuery(q('student=1,2&week=202647&schoolInSchoolYear=11'), live, [11])).toMatchObject({
      ok: false,
      status: 400,
    });
    // A project given but not a project id is told so, not that it is missing.
    const negative = buildLiveScheduleQuery(q('student=123&week=2026-W47&schoolInSchoolYear=-5'), live, [11]);
    expect(negative).toMatchObject({ ok: false, status: 400 });
    expect((negative as { message: string }).message).toContain('schoolInSchoolYear=-5 is not one project id');
    // One project, and only granted fields (both were passed on unchecked).
    expect(buildLiveScheduleQuery(q('student=1&week=202647&schoolInSchoolYear=11,12'), live, [11, 12])).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      buildLiveScheduleQuery(q('student=1&week=202647&schoolInSchoolYear=11&fields=id,secret'), live, [11]),
    ).toMatchObject({ ok: false, status: 403 });
    expect(buildLiveScheduleQuery(q('student=1&week=202699&schoolInSchoolYear=11'), live, [11])).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(buildLiveScheduleQuery(q('student=1&week=202647&schoolInSchoolYear=12'), live, [11])).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(buildLiveScheduleQuery(q('student=1&week=202647&schoolInSchoolYear=11'), undefined, [11])).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});

describe('narrowing a list to one group, room or person (only=)', () => {
  const groupRights = { ...rights, readFields: [...rights.readFields, 'groups'] };

  it('takes only= out of the upstream query and makes sure the field is read', () => {
    const taken = takeNarrowing('appointments', q('fields=id,start&only=groups:4h1'), groupRights);
    expect(taken.ok && taken.narrowing).toEqual({ field: 'groups', value: '4h1' });
    expect(taken.ok && taken.params.toString()).toBe('fields=id%2Cstart%2Cgroups');
  });

  it('refuses a field outside the rights or the catalogue, and a malformed value', () => {
    expect(takeNarrowing('appointments', q('only=groups:4h1'), rights)).toMatchObject({ ok: false, status: 403 });
    expect(takeNarrowing('appointments', q('only=nosuch:1'), rights)).toMatchObject({ ok: false, status: 400 });
    expect(takeNarrowing('appointments', q('only=groups'), groupRights)).toMatchObject({ ok: false, status: 400 });
  });

  it('keeps the records whose array holds the value, or whose scalar equals it', () => {
    const rows = [{ groups: ['4h1', '4h2'] }, { groups: ['4h2'] }, { groups: null }, { id: 4 }];
    expect(narrowRows(rows, { field: 'groups', value: '4h1' })).toEqual([rows[0]]);
    expect(narrowRows(rows, { field: 'id', value: '4' })).toEqual([rows[3]]);
    expect(narrowRows(rows, null)).toBe(rows);
  });
});

describe('record types from the catalogue', () => {
  it('types a record by its resource and refuses a misspelt field at compile time', () => {
    const row: RecordOf<'appointments'> = { id: 1, start: 1794783600, teachers: ['abc'], cancelled: false };
    const teachers: string[] | null | undefined = row.teachers;
    expect(teachers).toEqual(['abc']);
    const fields: readonly FieldName<'appointments'>[] = fieldList('appointments', ['id', 'startTimeSlotName']);
    expect(fields).toEqual(['id', 'startTimeSlotName']);
    // @ts-expect-error: "teacher" is not a field of /appointments (it is "teachers")
    fieldList('appointments', ['teacher']);
    // @ts-expect-error: a timestamp is a number once read
    const wrong: RecordOf<'appointments'> = { start: 'monday' };
    void wrong;
    // Checked by the compiler (npm test's typecheck): no string ever types as a start.
    expectTypeOf<RecordOf<'appointments'>['start']>().extract<string>().toBeNever();
    expectTypeOf<RecordOf<'appointments'>['teachers']>().toEqualTypeOf(teachers);
  });

  it('lets a pure module name only catalogue fields, and a field list keep its names', () => {
    const lesson: CatalogRecord<'appointments'> = { id: 1, teachers: ['abc'] };
    // @ts-expect-error: a pure module taking catalogue records cannot read a misspelt field
    void lesson.teacher;
    // Any read's rows fit a module's input, whatever fields they were read with.
    const picked: PickedRecord<'appointments', 'id' | 'start'>[] = [{ id: 2, start: 1794783600 }];
    const taken: readonly CatalogRecord<'appointments'>[] = picked;
    expect(taken).toHaveLength(1);
    const list = fieldList('employeeabsences', ['employee', 'start']);
    expectTypeOf(list).toEqualTypeOf<readonly ('employee' | 'start')[]>();
  });
});

describe('a read of a large list', () => {
  const en = apiTranslator('en');
  const week = 'start=1794783600&end=1795388400';

  it('of /appointments without a window is refused with words that say which parameters bound it', () => {
    const refused = unboundedRead('appointments', q('fields=id'));
    expect(refused?.status).toBe(400);
    expect(say(en, refused!.text)).toBe(
      '/appointments is too large to read whole: give start and end (Unix seconds, at most 42 days apart), or one of id, appointmentInstance. For a longer period use the CSV export.',
    );
    expect(unboundedRead('appointments', q('start=1794783600'))?.status).toBe(400);
    expect(unboundedRead('appointments', q('modifiedSince=1794783600'))?.status).toBe(400);
  });

  it('passes within a window, or by identity', () => {
    expect(unboundedRead('appointments', q(week))).toBeNull();
    expect(unboundedRead('appointments', q('id=5'))).toBeNull();
    expect(unboundedRead('appointments', q('appointmentInstance=7,8'))).toBeNull();
  });

  it('refuses a window longer than six weeks', () => {
    const refused = unboundedRead('appointments', q('start=1794783600&end=1830000000'));
    expect(say(en, refused!.text)).toMatch(/^Read \/appointments at most 42 days at a time/);
  });

  it('is only asked of lists the catalogue marks as large', () => {
    expect(unboundedRead('branches', q(''))).toBeNull();
    expect(unboundedRead('users', q(''))).toBeNull();
  });
});
