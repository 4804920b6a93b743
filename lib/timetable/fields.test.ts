import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { messages } from '@/messages';
import { cannotSelectText, GRID_FIELDS, planWeek } from './fields';

// Which request a view makes with which rights: the portal selects the view where a filter allows,
// else the proxy narrows the week (`only=`), else the page says what is missing.

const rights = (filters: string[], extraFields: string[] = []) => ({
  readFields: [...GRID_FIELDS, ...extraFields],
  filterFields: ['fields', 'schoolInSchoolYear', 'start', 'end', 'includeHidden', 'modifiedSince', ...filters],
});
const student = { kind: 'student', code: '100301' } as const;
const en = createTranslator({ locale: 'en', messages: messages.en, namespace: 'timetable' });
const nl = createTranslator({ locale: 'nl', messages: messages.nl, namespace: 'timetable' });

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
    expect(plan.cannotSelect).toEqual({ kind: 'student' });
    expect(cannotSelectText(plan.cannotSelect!, en)).toBe(
      'Your rights do not let Rooster pick out one student’s lessons: ask the school for the appointments filter possibleStudents or user, or the field students.',
    );
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

describe('what the page says when the rights cannot pick out the view', () => {
  const none = { readFields: ['id', 'start', 'end'], filterFields: [] };

  it('names the field to ask for, in English as before and in Dutch', () => {
    const room = planWeek({ kind: 'location', code: '102' }, none).cannotSelect!;
    expect(room).toEqual({ kind: 'location', field: 'locations' });
    expect(cannotSelectText(room, en)).toBe(
      'Your rights do not let Rooster pick out this room’s lessons: ask the school for the appointments field locations.',
    );
    expect(cannotSelectText(room, nl)).toContain('dit lokaal');
    const group = planWeek({ kind: 'group', code: '4h1' }, none).cannotSelect!;
    expect(cannotSelectText(group, en)).toContain('this group’s lessons');
    expect(cannotSelectText(group, nl)).toContain('deze klas');
  });

  it('lists what each missing field would add, every one worded in both languages', () => {
    const plan = planWeek({ kind: 'school' }, none);
    expect(plan.missing.length).toBeGreaterThan(5);
    for (const { field } of plan.missing) {
      expect(en(`fieldAdds.${field}`)).not.toBe(`timetable.fieldAdds.${field}`);
      expect(nl(`fieldAdds.${field}`)).not.toBe(en(`fieldAdds.${field}`));
    }
  });
});
