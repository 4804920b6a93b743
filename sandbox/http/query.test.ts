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
