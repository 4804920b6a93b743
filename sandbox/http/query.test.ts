import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceNames } from '../../lib/partner-api/catalog';
import { PortalError } from './envelope';
import { demoRights, type Partner } from './partners';
import { parseListQuery } from './query';

// The sandbox's filter parser answers anything with a query or a 4xx PortalError, never a crash.

const partner: Partner = {
  id: 'demo',
  name: 'Demo',
  endpoints: demoRights(),
  schoolInSchoolYears: [1261, 1262],
  tokenTtlSeconds: 1,
};
const value = fc.oneof(
  fc.string(),
  fc.constantFrom('', 'true', '1,2', '-5', '9'.repeat(30), '2026-11-16', '202647', '1e5'),
  fc.integer().map(String),
);
const name = fc.oneof(
  fc.constantFrom(
    'fields',
    'schoolInSchoolYear',
    'start',
    'end',
    'teachers',
    'cancelled',
    'startDate',
    'endWeek',
    'student',
    'includeHidden',
    'modifiedSince',
  ),
  fc.string({ maxLength: 30 }),
);

describe('the sandbox filter parser', () => {
  it.each(resourceNames)('%s never crashes', (resource) => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 10 }), (entries) => {
        try {
          parseListQuery(resource, new URLSearchParams(entries), partner);
        } catch (error) {
          expect(error).toBeInstanceOf(PortalError);
          expect((error as PortalError).status).toBeGreaterThanOrEqual(400);
          expect((error as PortalError).status).toBeLessThan(500);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('values the sandbox refuses, as the OpenAPI document says', () => {
  const read = (resource: 'appointments' | 'employeeabsences', query: string) => () =>
    parseListQuery(resource, new URLSearchParams(`schoolInSchoolYear=1261&fields=id&${query}`), partner);
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      return `${(error as PortalError).status} ${(error as PortalError).message}`;
    }
    return 'accepted';
  };

  it('refuses a negative id or time, a value outside the allowed ones or a range', () => {
    expect(refusal(read('appointments', 'modifiedSince=-7'))).toBe('400 Invalid value for modifiedSince');
    expect(refusal(read('appointments', 'branchOfSchool=-1'))).toBe('400 Invalid value for branchOfSchool');
    expect(refusal(read('appointments', 'type=lesson,key'))).toBe('400 Invalid value for type');
    expect(refusal(read('appointments', 'endTimeSlot=0'))).toBe('400 Invalid value for endTimeSlot');
    expect(refusal(read('appointments', 'type=lesson,exam&endTimeSlot=3&modifiedSince=0'))).toBe('accepted');
  });

  it('reads a week of a year before 1000 back as it was given (a 500 the fuzz test found)', () => {
    const q = read('employeeabsences', 'startWeek=074619')();
    expect(q.extras.get('startWeek')).toEqual(['074619']);
  });
});
