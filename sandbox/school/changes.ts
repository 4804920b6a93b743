import { formatWireWeek, weekWindow, type IsoWeek } from '../../lib/partner-api/values';
import { instant, periods, SCHOOL_ZONE } from './calendar';
import { nearestLessonWeek, type SandboxData } from './index';
import type { Random } from './random';
import type { Row } from './types';
import { appointmentRow, changedVersions, IdSource } from './rows';

// The sandbox's change model: realistic rescheduling, mostly in the current and the next two
// weeks. Every change bumps lastModified (and appointmentLastModified unless only student
// participation changed) to at least the highest value so far, so `modifiedSince` sees it.

export type ChangeKind = 'cancel' | 'teacher' | 'location' | 'time' | 'group' | 'delete' | 'add' | 'participation';

const KINDS: readonly [ChangeKind, number][] = [
  ['cancel', 22],
  ['teacher', 20],
  ['location', 14],
  ['time', 10],
  ['group', 4],
  ['delete', 10],
  ['add', 10],
  ['participation', 10],
];

export interface ChangeRecord {
  kind: ChangeKind;
  /** Versions written: the changed one, and the new version where one was made. */
  ids: number[];
}

/** Applies `count` changes at `nowSeconds`; returns what changed. */
export function applyChanges(data: SandboxData, rng: Random, count: number, nowSeconds: number): ChangeRecord[] {
  const records: ChangeRecord[] = [];
  const current = nearestLessonWeek(data, nowSeconds);
  const index = data.year.weeks.findIndex((w) => formatWireWeek(w) === formatWireWeek(current));
  const soon = data.year.weeks.slice(index, index + 3);
  const later = data.year.weeks.slice(index + 3);
  for (let i = 0; i < count; i++) {
    const week = later.length > 0 && rng.chance(0.15) ? rng.pick(later) : rng.pick(soon);
    const at = Math.max(nowSeconds, data.appointments.highestLastModified);
    const record = applyOne(data, rng, week, pickKind(rng), at);
    if (record) records.push(record);
  }
  return records;
}

function pickKind(rng: Random): ChangeKind {
  let roll = rng.int(
    1,
    KINDS.reduce((n, [, w]) => n + w, 0),
  );
  return KINDS.find(([, w]) => (roll -= w) <= 0)![0];
}

function applyOne(
  data: SandboxData,
  rng: Random,
  week: IsoWeek,
  kind: ChangeKind,
  at: number,
): ChangeRecord | undefined {
  const store = data.appointments;
  if (kind === 'add') return addLesson(data, rng, week, at);
  const { start, end } = weekWindow(week, SCHOOL_ZONE);
  const candidates: Row[] = [];
  for (const row of store.inWindow(start, end)) {
    if (row.valid && !row.hidden && !row.cancelled && row.type === 'lesson') candidates.push(row);
  }
  if (candidates.length === 0) return undefined;
  const target = rng.pick(candidates);
  const id = target.id as number;
  switch (kind) {
    case 'cancel':
      store.update(id, {
        cancelled: true,
        cancelledReason: 'teachers',
        changeDescription: 'Vervalt: docent afwezig',
        lastModified: at,
        appointmentLastModified: at,
      });
      return { kind, ids: [id] };
    case 'delete':
      store.update(id, {
        hidden: true,
        valid: false,
        changeDescription: 'Verwijderd',
        lastModified: at,
        appointmentLastModified: at,
      });
      return { kind, ids: [id] };
    case 'participation': {
      const students = target.students as string[];
      store.update(id, { students: students.length > 1 ? students.slice(0, -1) : students, lastModified: at });
      return { kind, ids: [id] };
    }
    default: {
      const next = changedVersionsOfKind(data, rng, target, at, kind);
      store.update(id, { valid: false, lastModified: at, appointmentLastModified: at });
      store.add(next);
      return { kind, ids: [id, next.id as number] };
    }
  }
}

/** A new version with the change asked for: changedVersions draws the kind, so draw until it matches. */
function changedVersionsOfKind(data: SandboxData, rng: Random, target: Row, at: number, kind: ChangeKind): Row {
  const flag = (
    { teacher: 'teacherChanged', location: 'locationChanged', time: 'timeChanged', group: 'groupChanged' } as Record<
      string,
      string
    >
  )[kind];
  const scratch = { ids: new IdSource(0, 0), org: data.org };
  for (let attempt = 0; attempt < 16; attempt++) {
    const next = changedVersions(scratch, rng, target, at)[1]!;
    if (!flag || next[flag]) {
      next.id = data.ids.nextVersion();
      return next;
    }
  }
  const next = changedVersions(scratch, rng, target, at)[1]!;
  next.id = data.ids.nextVersion();
  return next;
}

function addLesson(data: SandboxData, rng: Random, week: IsoWeek, at: number): ChangeRecord | undefined {
  const groups = [...data.org.groups.values()].filter((g) => g.isMainGroup);
  const group = rng.pick(groups);
  const subject = rng.pick(['ne', 'en', 'wi', 'men']);
  const teacher = data.org.teacherOf.get(`${group.name}|${subject}`);
  const project = data.org.currentProjects.find((p) => p.id === group.projectId);
  if (!teacher || !project) return undefined;
  const u9 = periods[8]!;
  const weekday = rng.int(1, 5);
  const row = appointmentRow(
    { ids: data.ids, org: data.org },
    {
      type: 'lesson',
      start: instant(week, weekday, u9.start),
      end: instant(week, weekday, u9.end),
      slot: u9.slot,
      subjects: [subject],
      groups: [group.name],
      teachers: [teacher],
      locations: [],
      students: group.students,
      branchOfSchool: project.branchOfSchool,
      branchCode: project.branchCode,
      departmentIds: [group.departmentOfBranch],
      created: at,
    },
  );
  row.changeDescription = 'Extra les (inhaalles)';
  data.appointments.add(row);
  return { kind: 'add', ids: [row.id as number] };
}

export type CoverInput = { appointment: number; teacher: string } | { appointment: number; cancel: true };

/** Why a cover cannot be applied: the admin route answers these as 404 or 400. */
export class CoverRefused extends Error {
  constructor(
    public readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A cover as a scheduler enters it in the portal: a new version of the lesson's instance with
 * `teacher` in place of the absent teacher(s) (those with an absence or an activity overlapping the
 * lesson; all of its teachers when none is away), the old version no longer valid; or the lesson
 * cancelled in place (cancelledReason 'teachers'). Stamped at `at` (at least the highest
 * lastModified so far), so `modifiedSince` sees it. Returns the version written.
 */
export function applyCover(data: SandboxData, input: CoverInput, at: number): number {
  const store = data.appointments;
  const row = store.get(input.appointment);
  if (!row) throw new CoverRefused(404, `No appointment version ${input.appointment}`);
  if (row.valid !== true || row.hidden === true)
    throw new CoverRefused(400, `Version ${input.appointment} is not current: cover its valid version`);
  if (row.cancelled === true) throw new CoverRefused(400, `Version ${input.appointment} is already cancelled`);
  if (row.type !== 'lesson')
    throw new CoverRefused(400, `Version ${input.appointment} is a ${String(row.type)}, not a lesson`);
  const stamp = at;
  if ('cancel' in input) {
    store.update(input.appointment, {
      cancelled: true,
      cancelledReason: 'teachers',
      changeDescription: 'Vervalt: docent afwezig',
      lastModified: stamp,
      appointmentLastModified: stamp,
    });
    return input.appointment;
  }
  const teachers = Array.isArray(row.teachers) ? (row.teachers as string[]) : [];
  if (!data.school.employees.has(input.teacher)) throw new CoverRefused(400, `Unknown teacher ${input.teacher}`);
  if (teachers.includes(input.teacher))
    throw new CoverRefused(400, `${input.teacher} already teaches version ${input.appointment}`);
  const start = row.start as number;
  const end = row.end as number;
  const absent = new Set(
    data.school.tables.employeeabsences
      .map(({ row: a }) => a)
      .filter((a) => (a.start as number) < end && start < (a.end as number))
      .map((a) => a.employee as string),
  );
  for (const other of store.inWindow(start - 86_400, end))
    if (
      other.type === 'activity' &&
      other.valid === true &&
      other.cancelled !== true &&
      (other.start as number) < end &&
      start < (other.end as number)
    )
      for (const t of other.teachers as string[]) absent.add(t);
  const away = teachers.filter((t) => absent.has(t));
  const replaced = away.length > 0 ? away : teachers;
  const next: Row = {
    ...row,
    id: data.ids.nextVersion(),
    teachers: [...teachers.filter((t) => !replaced.includes(t)), input.teacher],
    teacherChanged: true,
    changeDescription: `Vervanging: ${input.teacher} voor ${replaced.join(', ')}`,
    created: stamp,
    lastModified: stamp,
    appointmentLastModified: stamp,
  };
  store.update(input.appointment, { valid: false, lastModified: stamp, appointmentLastModified: stamp });
  store.add(next);
  return next.id as number;
}
