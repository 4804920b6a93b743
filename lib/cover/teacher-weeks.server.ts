import 'server-only';
import { RightsReader } from '@/lib/partner-api/reader.server';
import type { NameParts } from '@/lib/people/names';
import { NEEDS } from '@/lib/lessons/load-figures';
import { weekLoad } from '@/lib/lessons/teacher-load';
import { LessonTally } from '@/lib/lessons/tally';
import type { TeacherWeek } from './rank';
import type { CatalogRecord } from '@/lib/partner-api/records';

// The week per teacher that cover planning's reasons read: the groups and subjects they teach,
// their planned lessons against the contract.

/** The week per teacher: groups and subjects they teach, planned against the contract. */
export function teacherWeeks(
  rows: readonly CatalogRecord<'appointments'>[],
  courses: readonly CatalogRecord<'courses'>[],
  contracts: readonly CatalogRecord<'contracts'>[],
  names: ReadonlyMap<string, NameParts>,
  win: { start: number; end: number },
  zone: string,
  reader: RightsReader,
): Map<string, TeacherWeek> {
  const out = new Map<
    string,
    { groups: Set<string>; subjects: Set<string>; planned: number | null; toPlan: number | null }
  >();
  const of = (t: string) => {
    let w = out.get(t);
    if (!w) out.set(t, (w = { groups: new Set(), subjects: new Set(), planned: null, toPlan: null }));
    return w;
  };
  for (const r of rows) {
    if (r.valid === false || r.hidden === true || r.cancelled === true || !Array.isArray(r.teachers)) continue;
    for (const t of r.teachers) {
      const w = of(String(t));
      if (Array.isArray(r.groups)) for (const g of r.groups) w.groups.add(String(g));
      if (Array.isArray(r.subjects)) for (const s of r.subjects) w.subjects.add(String(s));
    }
  }
  for (const c of courses)
    if (Array.isArray(c.teachers) && typeof c.groupName === 'string')
      for (const t of c.teachers) {
        const code = typeof t === 'string' ? t : t && typeof t === 'object' ? (t as { code?: unknown }).code : null;
        if (typeof code === 'string') of(code).groups.add(c.groupName);
      }
  const hasContractFigures = reader.has('contracts', ['lessonsToPlan']);
  const loads = weekLoad({
    ...win,
    zone,
    appointments: new LessonTally().add(rows),
    contracts,
    absences: [],
    names,
    rights: {
      lessons: true,
      cover: reader.has('appointments', NEEDS.cover),
      contracts: {
        lessonsToPlan: hasContractFigures,
        lessonsMax: false,
        fteNet: false,
        clockHoursBalance: false,
        lessonSpace: false,
        taskSpace: false,
      },
      absences: false,
    },
  });
  for (const l of loads) {
    const w = of(l.employee);
    w.planned = l.planned;
    w.toPlan = l.lessonsToPlan;
  }
  return out;
}
