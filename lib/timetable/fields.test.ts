import { describe, expect, it } from 'vitest';
import { GRID_FIELDS, planWeek } from './fields';

// Which request a view makes with which rights: the portal selects the view where a filter allows,
// else the proxy narrows the week (`only=`), else the page says what is missing.

const rights = (filters: string[], extraFields: string[] = []) => ({
  readFields: [...GRID_FIELDS, ...extraFields],
  filterFields: ['fields', 'schoolInSchoolYear', 'start', 'end', 'includeHidden', 'modifiedSince', ...filters],
});
const student = { kind: 'student', code: '100301' } as const;

describe('a student’s week with whichever right there is', () => {
  it('asks the portal with possibleStudents first', () => {
    const plan = planWeek(student, rights(['possibleStudents', 'user'], ['students']));
    expect(plan.filters.possibleStudents).toBe('100301');
    expect(plan.filters.user).toBeUndefined();
    expect(plan.narrow).toBeNull();
    expect(plan.fields).not.toContain('students');
  });

  it('then with user', () => {
    const plan = planWeek(student, rights(['user']));
    expect(plan.filters.user).toBe('100301');
    expect(plan.narrow).toBeNull();
  });

  it('then reads students and lets the proxy narrow on them', () => {
    const plan = planWeek(student, rights([], ['students']));
    expect(plan.fields).toContain('students');
    expect(plan.narrow).toEqual({ field: 'students', value: '100301' });
    expect(plan.missing).toEqual([]);
  });

  it('and without any of them reads nothing and says what to ask for, never the whole school', () => {
    const plan = planWeek(student, rights([]));
    expect(plan.narrow).toBeNull();
    expect(plan.selectedUpstream).toBe(false);
    expect(plan.cannotSelect).toMatch(/possibleStudents or user, or the field students/);
    expect(plan.missing.map((m) => m.field)).toEqual(['students']);
  });
});

describe('group, room and teacher views', () => {
  it('narrow a group and a room in the proxy; a teacher is a portal filter where granted', () => {
    expect(planWeek({ kind: 'group', code: '4h1' }, rights([])).narrow).toEqual({ field: 'groups', value: '4h1' });
    expect(planWeek({ kind: 'location', code: '102' }, rights([])).narrow).toEqual({
      field: 'locations',
      value: '102',
    });
    expect(planWeek({ kind: 'teacher', code: 'abc' }, rights(['teachers'])).filters.teachers).toBe('abc');
    expect(planWeek({ kind: 'teacher', code: 'abc' }, rights([])).narrow).toEqual({ field: 'teachers', value: 'abc' });
    expect(planWeek({ kind: 'school' }, rights([])).narrow).toBeNull();
  });
});
