import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@/lib/timetable/appointment';
import { nameSortKey } from '@/lib/people/names';
import type { Person } from '@/lib/timetable/people';
import type { TimetableT } from '@/lib/timetable/words';
import { messages } from '@/messages';
import { rankOptions, subjectOptions } from './subject-options';

const t = createTranslator({ locale: 'en', messages: messages.en, namespace: 'timetable' }) as unknown as TimetableT;
const person = (code: string, firstName: string, prefix: string, lastName: string): Person => ({
  code,
  name: [firstName, prefix, lastName].filter(Boolean).join(' '),
  lastName,
  sortedName: lastName,
  sortKey: nameSortKey({ firstName, prefix, lastName }),
  kind: 'teacher',
});
const people = new Map([
  ['abr', person('abr', 'Alisa', 'de', 'Bruijn')],
  ['zaa', person('zaa', 'Zeno', '', 'Aalders')],
]);
const week = (groups: string[], teachers: string[]) =>
  groups.map((g, i) => ({
    groups: [g],
    teachers: [teachers[i] ?? 'abr'],
    locations: [],
    students: null,
  })) as unknown as Appointment[];

describe('subjectOptions', () => {
  it('sorts people by surname without prefix and codes in Dutch order, numbers by value', () => {
    const options = subjectOptions(week(['10a', '1b', '2a'], ['abr', 'xyz', 'zaa']), people, t);
    expect(options.filter((o) => o.kind === 'teacher').map((o) => o.code)).toEqual(['zaa', 'abr', 'xyz']);
    expect(options.filter((o) => o.kind === 'group').map((o) => o.code)).toEqual(['1b', '2a', '10a']);
  });

  it('gives the same options for a week with the same codes, and new ones where codes differ', () => {
    const first = subjectOptions(week(['1b', '2a'], ['abr']), people, t);
    const again = subjectOptions(week(['2a', '1b'], ['zaa']), people, t);
    const teachers = (o: typeof first) => o.filter((x) => x.kind === 'teacher');
    expect(teachers(again)[0]).toBe(teachers(first)[0]);
    expect(again).toEqual(first);
    const more = subjectOptions(week(['1b', '2a', '1a'], ['abr']), people, t);
    expect(more.filter((o) => o.kind === 'group').map((o) => o.code)).toEqual(['1a', '1b', '2a']);
  });
});

describe('rankOptions', () => {
  it('finds the classes a code starts with before the longer teaching groups, which sort first', () => {
    const clusters = Array.from({ length: 40 }, (_, i) => `4h.${String.fromCharCode(97 + (i % 26))}k${i}`);
    const options = subjectOptions(week([...clusters, '4h1', '4h2', '4h3', '14h1'], []), people, t);
    // In the list's own order the teaching groups ("4h.") come before "4h1".
    expect(options.filter((o) => o.kind === 'group').map((o) => o.code)[0]).toMatch(/^4h\./);
    const found = rankOptions(options, '4h').map((o) => o.code);
    expect(found.slice(0, 3)).toEqual(['4h1', '4h2', '4h3']);
    expect(found).toHaveLength(44);
    expect(found.at(-1)).toBe('14h1');
    // "14h1" only contains it: last.
    expect(rankOptions(options, '4h1').map((o) => o.code)).toEqual(['4h1', '14h1']);
  });
});
