import type { WeekSummary } from '@/lib/api/contract';
import { compareSortParts, sortParts } from '@/lib/people/names';
import type { Appointment } from '@/lib/timetable/appointment';
import type { Person } from '@/lib/timetable/people';
import type { TimetableT } from '@/lib/timetable/words';

// The picker's choices: everyone the portal names (/users), plus every code of the shown week, so a
// teacher without lessons this week and a student who is never in the week's rows can be found.

export interface SubjectOption {
  kind: 'teacher' | 'group' | 'location' | 'student' | 'school';
  code: string;
  label: string;
  /** What the picker shows: "Teacher · Alisa de Bruijn (abr)" / "Docent · …", "Whole school". */
  text: string;
  /** Lower-case words a search may start with: the code, the surname, each word of the name. */
  words: string[];
}

/** "Teacher · Alisa de Bruijn (abr)", "Whole school", in the interface's language. */
export const optionText = (o: Pick<SubjectOption, 'kind' | 'label'>, t: TimetableT) =>
  o.kind === 'school' ? t('picker.wholeSchool') : `${t(`picker.kind.${o.kind}`)} · ${o.label}`;

/**
 * Codes in Dutch order, numbers by value ("1a" before "10a"): one collator, as localeCompare with
 * these options would make anew for each of the thousands of comparisons of a school's codes.
 */
const byCode = new Intl.Collator('nl', { numeric: true }).compare;

interface SeenOptions {
  t: TimetableT;
  codes: ReadonlySet<string>;
  options: SubjectOption[];
}

/** The options last made of each kind, by the people they were named from. */
const optionsSeen = new WeakMap<object, Map<string, SeenOptions>>();
const NO_PEOPLE = {};

const words = (...parts: string[]) => [
  ...new Set(parts.flatMap((p) => [p.toLowerCase(), ...p.toLowerCase().split(/[\s,()]+/)]).filter(Boolean)),
];

export function subjectOptions(
  appointments: readonly Appointment[],
  people: ReadonlyMap<string, Person> | undefined,
  t: TimetableT,
  /** A narrowed view's whole week: every group, room and teacher in it. */
  summary?: Pick<WeekSummary, 'groups' | 'locations' | 'teachers'>,
): SubjectOption[] {
  const codes = {
    teacher: new Set<string>(),
    group: new Set<string>(),
    location: new Set<string>(),
    student: new Set<string>(),
  };
  for (const a of appointments) {
    a.teachers.forEach((c) => codes.teacher.add(c));
    a.groups.forEach((g) => codes.group.add(g));
    a.locations.forEach((l) => codes.location.add(l));
    a.students?.forEach((s) => codes.student.add(s));
  }
  summary?.groups.forEach((g) => codes.group.add(g));
  summary?.locations.forEach((l) => codes.location.add(l));
  summary?.teachers.forEach((c) => codes.teacher.add(c));
  for (const p of people?.values() ?? []) codes[p.kind].add(p.code);
  const personOf = (kind: SubjectOption['kind'], code: string) =>
    kind === 'teacher' || kind === 'student' ? people?.get(code) : undefined;
  const option = (kind: Exclude<SubjectOption['kind'], 'school'>, code: string): SubjectOption => {
    const person = personOf(kind, code);
    const label = person && person.name !== code ? `${person.name} (${code})` : code;
    return {
      kind,
      code,
      label,
      text: optionText({ kind, label }, t),
      words: words(code, person?.lastName ?? '', person?.name ?? ''),
    };
  };
  // People by surname without prefix ("de Bruijn" under B); a code the portal names no one for by itself.
  const sorted = (kind: Exclude<SubjectOption['kind'], 'school'>) => {
    const all = [...codes[kind]];
    if (kind !== 'teacher' && kind !== 'student') return all.sort(byCode);
    const parts = new Map(all.map((code) => [code, sortParts(personOf(kind, code)?.sortKey ?? code)]));
    return all.sort((x, y) => compareSortParts(parts.get(x)!, parts.get(y)!) || byCode(x, y));
  };
  // A week's codes are mostly the week before's (everyone /users names, and the school's groups
  // and rooms): the same codes of a kind give the same options, sorted once.
  const seen = optionsSeen.get(people ?? NO_PEOPLE) ?? new Map<string, SeenOptions>();
  optionsSeen.set(people ?? NO_PEOPLE, seen);
  const ofKind = (kind: Exclude<SubjectOption['kind'], 'school'>) => {
    const last = seen.get(kind);
    const now = codes[kind];
    if (last && last.t === t && last.codes.size === now.size && [...now].every((c) => last.codes.has(c)))
      return last.options;
    const options = sorted(kind).map((code) => option(kind, code));
    seen.set(kind, { t, codes: now, options });
    return options;
  };
  const wholeSchool = t('picker.wholeSchool');
  return [
    {
      kind: 'school',
      code: '',
      label: wholeSchool,
      text: wholeSchool,
      words: wholeSchool.toLowerCase().split(/\s+/).filter(Boolean),
    },
    ...(['teacher', 'group', 'location', 'student'] as const).flatMap(ofKind),
  ];
}

/** How many options the picker lists at once; the rest are counted ("12 more: keep typing"). */
export const SHOWN_OPTIONS = 30;

/**
 * The options a search finds, best first: the exact code, then codes that start with it (the
 * shortest first: "4h" finds the classes 4h1 and 4h2 before the teaching groups 4h.akB, 4h.duA…),
 * then surnames and other name words that start with it, then anything containing it.
 */
export function rankOptions(options: readonly SubjectOption[], query: string): readonly SubjectOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return options;
  const scored: { o: SubjectOption; score: number; length: number; i: number }[] = [];
  options.forEach((o, i) => {
    const code = o.code.toLowerCase();
    const score =
      code === q
        ? 0
        : code.startsWith(q)
          ? 1
          : o.words.some((w) => w.startsWith(q))
            ? 2
            : o.text.toLowerCase().includes(q)
              ? 3
              : -1;
    if (score >= 0) scored.push({ o, score, length: score === 1 ? code.length : 0, i });
  });
  return scored.sort((x, y) => x.score - y.score || x.length - y.length || x.i - y.i).map((s) => s.o);
}
