import type { WeekSummary } from '@/lib/api/contract';
import { compareSortKeys } from '@/lib/people/names';
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

const words = (...parts: string[]) => [
  ...new Set(parts.flatMap((p) => [p.toLowerCase(), ...p.toLowerCase().split(/[\s,()]+/)]).filter(Boolean)),
];

/** Codes in Dutch order, numbers by value ("1v2" before "1v10"): one collator, not one per comparison. */
const byCode = new Intl.Collator('nl', { numeric: true }).compare;

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
  // optionText's words, each kind's looked up once rather than per option.
  const kindText = {
    teacher: t('picker.kind.teacher'),
    group: t('picker.kind.group'),
    location: t('picker.kind.location'),
    student: t('picker.kind.student'),
  };
  const option = (kind: Exclude<SubjectOption['kind'], 'school'>, code: string): SubjectOption => {
    const person = personOf(kind, code);
    const label = person && person.name !== code ? `${person.name} (${code})` : code;
    return {
      kind,
      code,
      label,
      text: `${kindText[kind]} · ${label}`,
      words: words(code, person?.lastName ?? '', person?.name ?? ''),
    };
  };
  // People by surname without prefix ("de Bruijn" under B); a code the portal names no one for by itself.
  // Each code's sort key looked up once, not in every comparison (a school has a thousand students).
  const sorted = (kind: Exclude<SubjectOption['kind'], 'school'>) => {
    const all = [...codes[kind]];
    if (kind !== 'teacher' && kind !== 'student') return all.sort(byCode);
    const keys = new Map(all.map((code) => [code, personOf(kind, code)?.sortKey ?? code]));
    return all.sort((x, y) => compareSortKeys(keys.get(x)!, keys.get(y)!) || byCode(x, y));
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
    ...(['teacher', 'group', 'location', 'student'] as const).flatMap((kind) =>
      sorted(kind).map((code) => option(kind, code)),
    ),
  ];
}

/**
 * The options a search finds, best first: the exact code, then codes that start with it, then
 * surnames and other name words that start with it, then anything containing it.
 */
export function rankOptions(options: readonly SubjectOption[], query: string, limit = 30): SubjectOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return options.slice(0, limit);
  const scored: { o: SubjectOption; score: number; i: number }[] = [];
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
    if (score >= 0) scored.push({ o, score, i });
  });
  return scored
    .sort((x, y) => x.score - y.score || x.i - y.i)
    .slice(0, limit)
    .map((s) => s.o);
}
