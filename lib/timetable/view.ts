import { formatIsoWeek, parseWeek, type IsoWeek } from '@/lib/partner-api/values';
import type { TimetableT } from './words';

// What a timetable URL says: the week, whose week (a teacher, group, location, student or the
// whole school), which projects, and whether to show every version. One parser and one writer,
// so links from other tools and links Rooster makes are the same form:
//   /timetable?week=2026-W47&teacher=abc   (also group, location, student, project, versions=all, day=3)

export type Subject = { kind: 'teacher' | 'group' | 'location' | 'student'; code: string } | { kind: 'school' };

export interface TimetableView {
  week: IsoWeek;
  subject: Subject;
  /** Empty: every granted project. */
  projects: number[];
  allVersions: boolean;
  /** Student view through /liveschedule. */
  live: boolean;
  /** The ISO weekday shown alone (`day=3`); null: the week (on a phone, today or the first day). */
  day: number | null;
}

export const SUBJECT_KINDS = ['teacher', 'group', 'location', 'student'] as const;

type Params = { get(name: string): string | null };

export function readView(params: Params, today: IsoWeek): TimetableView {
  const week = parseWeek(params.get('week') ?? '') ?? today;
  let subject: Subject = { kind: 'school' };
  for (const kind of SUBJECT_KINDS) {
    const code = params.get(kind)?.trim();
    if (code) {
      subject = { kind, code: code.slice(0, 100) };
      break;
    }
  }
  const projects = (params.get('project') ?? '')
    .split(',')
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);
  return {
    week,
    subject,
    projects,
    allVersions: params.get('versions') === 'all',
    live: subject.kind === 'student' && params.get('live') === '1',
    day: readDay(params.get('day')),
  };
}

/** An ISO weekday from the URL (1 = Monday … 7 = Sunday), else null. */
export function readDay(value: string | null): number | null {
  const day = Number(value);
  return Number.isInteger(day) && day >= 1 && day <= 7 ? day : null;
}

export function viewQuery(view: TimetableView): string {
  const q = new URLSearchParams({ week: formatIsoWeek(view.week) });
  if (view.subject.kind !== 'school') q.set(view.subject.kind, view.subject.code);
  if (view.projects.length > 0) q.set('project', view.projects.join(','));
  if (view.allVersions) q.set('versions', 'all');
  if (view.live) q.set('live', '1');
  if (view.day !== null) q.set('day', String(view.day));
  return q.toString();
}

/** "teacher Alisa de Bruijn (abr)", "group 4h1", "the whole school" (Dutch: "docent …", "klas 4h1", "de hele school"). */
export function describeSubject(
  subject: Subject,
  t: TimetableT,
  names?: ReadonlyMap<string, { name: string }>,
): string {
  if (subject.kind === 'school') return t('subject.wholeSchool');
  const name = names?.get(subject.code)?.name;
  return `${t(`subject.kind.${subject.kind}`)} ${name && name !== subject.code ? `${name} (${subject.code})` : subject.code}`;
}
