import type { ProxyList } from '@/lib/api/contract';
import { fieldList } from '@/lib/partner-api/records';
import type { RecordOf } from '@/lib/partner-api/records';
import { displayName, nameSortKey, sortedName } from '@/lib/people/names';

// Teachers and students by code, from /users: names for the picker, the headers and the labels.

export interface Person {
  code: string;
  /** "Alisa de Bruijn"; the code when the portal sends no name. */
  name: string;
  lastName: string;
  /** "Bruijn, Alisa de", for sorted lists. */
  sortedName: string;
  /** Sorts by surname without prefix (lib/people/names.ts). */
  sortKey: string;
  kind: 'teacher' | 'student';
}

/** The spec's /users fields, plus the flags some portals add (read when granted). */
export const PERSON_FIELDS: readonly string[] = [
  ...fieldList('users', ['code', 'firstName', 'prefix', 'lastName']),
  'isStudent',
  'isEmployee',
];

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * Who is a student: the portal's own flag where it sends one, else the usual convention that
 * students have numeric codes (student numbers) and staff have letter codes.
 */
function kindOf(u: RecordOf<'users'>, code: string): Person['kind'] {
  if (u.isStudent === true || u.isEmployee === false) return 'student';
  if (u.isEmployee === true || u.isStudent === false) return 'teacher';
  return /^\d+$/.test(code) ? 'student' : 'teacher';
}

export function peopleFrom(answer: ProxyList<RecordOf<'users'>>): Map<string, Person> {
  const people = new Map<string, Person>();
  for (const u of answer.data) {
    const code = text(u.code);
    if (!code) continue;
    const name = displayName(u);
    people.set(code, {
      code,
      name: name || code,
      lastName: text(u.lastName),
      sortedName: sortedName(u) || code,
      sortKey: name ? nameSortKey(u) : code,
      kind: kindOf(u, code),
    });
  }
  return people;
}
