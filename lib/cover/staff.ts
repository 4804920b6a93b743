import { num } from '@/lib/lessons/appointment';
import type { CatalogRecord } from '@/lib/partner-api/records';
import { displayName, type NameParts } from '@/lib/people/names';
import type { Staff } from './rank';
import type { CoverMeta } from './types';

// Who may be asked to cover on a day, and the fte their covers so far are weighed by: a contract
// active that day (in which projects), teaching staff only. The fte is the active contracts'
// `fteNet` together (an unsupported field); where the rights do not give it, their lessons to plan
// a week ÷ a full-time week stand in for it, and `meta.fte` says which.

/** Lesuren a week of a full-time teacher (CAO VO: 750 clock hours of lessons a year, 50-minute lesuren). */
export const FULL_TIME_LESUREN = 25;

export type FteSource = CoverMeta['fte'];

export interface DayStaff {
  staff: Map<string, Staff & { projects: Set<number> }>;
  fte: FteSource;
}

/** The teachers of these appointments. */
export function teachersOf(rows: readonly Pick<CatalogRecord<'appointments'>, 'teachers'>[]): Set<string> {
  const teaching = new Set<string>();
  for (const r of rows) if (Array.isArray(r.teachers)) for (const t of r.teachers) teaching.add(String(t));
  return teaching;
}

export function staffOfDay(
  date: string,
  contracts: readonly CatalogRecord<'contracts'>[],
  /** Who teaches (the teachers of the week's appointments). */
  teaching: ReadonlySet<string>,
  names: ReadonlyMap<string, NameParts>,
  granted: { fteNet: boolean; lessonsToPlan: boolean },
): DayStaff {
  const fte: FteSource = granted.fteNet ? 'fteNet' : granted.lessonsToPlan ? 'lessonsToPlan' : 'none';
  const staff: DayStaff['staff'] = new Map();
  for (const c of contracts) {
    const employee = typeof c.employee === 'string' ? c.employee : '';
    if (!employee || (typeof c.start === 'string' && c.start > date) || (typeof c.end === 'string' && c.end < date))
      continue;
    const toPlan = num(c.lessonsToPlan);
    if (!teaching.has(employee) && !(toPlan !== null && toPlan > 0)) continue;
    const s = staff.get(employee) ?? {
      name: displayName((names.get(employee) ?? c) as NameParts) || employee,
      projects: new Set<number>(),
      fte: null,
    };
    if (typeof c.schoolInSchoolYear === 'number') s.projects.add(c.schoolInSchoolYear);
    // A contract without the figure adds nothing; a teacher with none of them stays unknown (null).
    const part =
      fte === 'fteNet' ? num(c.fteNet) : fte === 'lessonsToPlan' && toPlan !== null ? toPlan / FULL_TIME_LESUREN : null;
    if (part !== null) s.fte = (s.fte ?? 0) + part;
    staff.set(employee, s);
  }
  return { staff, fte };
}
