import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTableState } from '@/lib/data-table/table-state';
import { readView } from '@/lib/timetable/view';
import { catalog, resourceNames } from './catalog';
import { checkPortalUrl } from './portal-url';
import { buildListQuery, buildLiveScheduleQuery } from './proxy-query';

// Property tests over everything a person (or an attacker) can put in a query: whatever comes
// in, the answer is a valid query or a 400/403 with a message, never an exception.

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ',',
    ',,',
    'true',
    'false',
    '-1',
    '1e309',
    '9'.repeat(40),
    '-9223372036854775809',
    '../../admin',
    '%2F%2F',
    'a\u0000b',
    '1,2,3',
    '2026-W47',
    '202653',
    '2026-02-30',
    'NaN',
    '💥',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const names = fc.oneof(
  fc.constantFrom(
    'fields',
    'schoolInSchoolYear',
    'start',
    'end',
    'teachers',
    'cancelled',
    'modifiedSince',
    'id',
    'student',
    'week',
    'startDate',
    'includeHidden',
    'user',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 70 }),
);
const params = fc.array(fc.tuple(names, nasty), { maxLength: 12 }).map((entries) => new URLSearchParams(entries));

const rightsOf = (resource: (typeof resourceNames)[number]) => ({
  readFields: catalog[resource].fields.filter((f) => f.supported).map((f) => f.name),
  filterFields: [
    'fields',
    'schoolInSchoolYear',
    ...catalog[resource].fields.filter((f) => f.filterable && f.supported).map((f) => f.name),
    ...catalog[resource].filters.map((f) => f.name),
  ],
});

describe('the proxy query never fails open', () => {
  it.each(resourceNames)('%s: valid query or a 400/403 with a message', (resource) => {
    const rights = rightsOf(resource);
    fc.assert(
      fc.property(params, (p) => {
        const result = buildListQuery(resource, p, rights, [11, 12]);
        if (!result.ok) {
          expect([400, 403]).toContain(result.status);
          expect(result.message.length).toBeGreaterThan(5);
          return;
        }
        // What goes upstream: granted names only, values without control characters.
        for (const [k, v] of result.query) {
          expect(k === 'fields' || k === 'schoolInSchoolYear' || rights.filterFields.includes(k)).toBe(true);
          expect(v).not.toMatch(/[\u0000-\u001f]/);
        }
        for (const id of result.query.get('schoolInSchoolYear')!.split(',')) expect(['11', '12']).toContain(id);
        for (const f of result.query.get('fields')!.split(',')) expect(rights.readFields).toContain(f);
      }),
      { numRuns: 300 },
    );
  });

  it('liveschedule: valid query or a 400/403 with a message', () => {
    fc.assert(
      fc.property(params, (p) => {
        const result = buildLiveScheduleQuery(p, { readFields: [], filterFields: [] }, [11]);
        if (!result.ok) expect([400, 403]).toContain(result.status);
        else expect(result.query.get('schoolInSchoolYear')).toBe('11');
      }),
      { numRuns: 500 },
    );
  });
});

describe('URL-borne page state never throws', () => {
  it('timetable views and table states read anything', () => {
    fc.assert(
      fc.property(params, (p) => {
        const view = readView(p, { year: 2026, week: 47 });
        expect(view.week.week).toBeGreaterThanOrEqual(1);
        expect(view.week.week).toBeLessThanOrEqual(53);
        readTableState(
          p,
          new Map([
            ['start', 'date'],
            ['type', 'enum'],
            ['name', 'text'],
          ]),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('portal URLs: accepted ones are HTTPS (or listed), credential-free and end in /api', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), nasty),
        (input) => {
          const result = checkPortalUrl(input, ['https://*', 'http://127.0.0.1:4010']);
          if (!result.ok) {
            expect(result.message.length).toBeGreaterThan(10);
            return;
          }
          const url = new URL(result.baseUrl);
          expect(url.username + url.password).toBe('');
          expect(url.pathname.endsWith('/api')).toBe(true);
          expect(url.protocol === 'https:' || result.origin === 'http://127.0.0.1:4010').toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
