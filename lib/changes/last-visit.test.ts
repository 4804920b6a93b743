import { describe, expect, it } from 'vitest';
import { lastVisitCookie, readVisit } from './last-visit';

describe('the last visit kept in a cookie', () => {
  it('is named per connection, and read only as a moment in seconds', () => {
    expect(lastVisitCookie('c0nn-1_a')).toBe('rooster.changes-visit.c0nn-1_a');
    expect(readVisit('1794783600')).toBe(1794783600);
    for (const bad of [undefined, '', '0', '-5', '17947.5', '1e9', 'abc', '1794783600; x', '9'.repeat(13)])
      expect(readVisit(bad)).toBeNull();
  });
});
