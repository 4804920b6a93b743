import { periods } from './calendar';
import type { Organisation } from './organisation';
import type { Random } from './random';
import type { Row } from './types';

// Appointment versions as the sandbox makes them: a fresh row with its own instance, and a changed
// lesson's old and new versions; the ids they take; each branch's teachers and rooms to draw from.

export class IdSource {
  constructor(
    public version = 10_000_000,
    public instance = 50_000_000,
  ) {}
  nextVersion(): number {
    return this.version++;
  }
  nextInstance(): number {
    return this.instance++;
  }
}

/** What a row is made from: the ids to take and the school it belongs to. */
export interface RowContext {
  ids: IdSource;
  org: Organisation;
}

interface RowInput {
  type: string;
  start: number;
  end: number;
  slot?: number;
  subjects: string[];
  groups: string[];
  teachers: string[];
  locations: string[];
  students: readonly string[];
  branchOfSchool: number;
  branchCode: string;
  departmentIds: number[];
  optional?: boolean;
  capacity?: number | null;
  content?: string | null;
  created: number;
}

/** A fresh, valid appointment version with its own instance. */
export function appointmentRow(ctx: RowContext, input: RowInput): Row {
  const period = input.slot ? periods[input.slot - 1] : undefined;
  const groupIds = input.groups.map((g) => ctx.org.groups.get(g)?.id).filter((x): x is number => x !== undefined);
  return {
    id: ctx.ids.nextVersion(),
    appointmentInstance: ctx.ids.nextInstance(),
    type: input.type,
    start: input.start,
    end: input.end,
    startTimeSlot: period?.slot ?? null,
    endTimeSlot: period?.slot ?? null,
    startTimeSlotName: period?.name ?? null,
    endTimeSlotName: period?.name ?? null,
    subjects: input.subjects,
    groups: input.groups,
    teachers: input.teachers,
    locations: input.locations,
    students: input.students,
    branchOfSchool: input.branchOfSchool,
    branch: input.branchCode,
    cancelled: false,
    hidden: false,
    valid: true,
    optional: input.optional ?? false,
    teacherChanged: false,
    locationChanged: false,
    timeChanged: false,
    groupChanged: false,
    changeDescription: '',
    schedulerRemark: '',
    content: input.content ?? null,
    created: input.created,
    lastModified: input.created,
    appointmentLastModified: input.created,
    choosableInDepartmentCodes: input.subjects.map((s) => `${deptCode(ctx, input.departmentIds[0])}.${s}`),
    capacity: input.capacity ?? null,
    expectedStudentCount: input.students.length,
    availableSpace: input.capacity ? Math.max(0, input.capacity - input.students.length) : null,
    cancelledReason: null,
    creator: null,
    departmentsOfBranches: input.departmentIds,
    groupsInDepartments: groupIds,
  };
}

const deptCodes = new WeakMap<Organisation, Map<number, string>>();
function deptCode(ctx: Pick<RowContext, 'org'>, id: number | undefined): string {
  let codes = deptCodes.get(ctx.org);
  if (!codes) deptCodes.set(ctx.org, (codes = new Map(ctx.org.departments.map((d) => [d.id, d.code]))));
  return (id !== undefined && codes.get(id)) || 'school';
}

/** Teachers and ordinary rooms per branch, for substitutions and room changes. */
const branchPools = new WeakMap<Organisation, Map<string, { teachers: string[]; rooms: string[] }>>();
export function poolsOf(org: Organisation, branch: string) {
  let pools = branchPools.get(org);
  if (!pools) branchPools.set(org, (pools = new Map()));
  let pool = pools.get(branch);
  if (!pool) {
    pool = {
      teachers: [...org.employees.values()]
        .filter((e) => e.subjects.length > 0 && e.branches.includes(branch))
        .map((e) => e.code),
      rooms: [...org.rooms.values()]
        .filter((r) => r.branchCode === branch && !r.name.includes('gym') && !r.name.includes('aula'))
        .map((r) => r.name),
    };
    pools.set(branch, pool);
  }
  return pool;
}

/** A changed lesson: the old version loses `valid`, a new version of the same instance carries the change. */
export function changedVersions(ctx: RowContext, rng: Random, original: Row, at: number): Row[] {
  const old: Row = { ...original, valid: false, lastModified: at, appointmentLastModified: at };
  const next: Row = {
    ...original,
    id: ctx.ids.nextVersion(),
    created: at,
    lastModified: at,
    appointmentLastModified: at,
  };
  const kind = rng.pick(['teacher', 'location', 'time', 'group'] as const);
  const branch = original.branch as string;
  if (kind === 'teacher') {
    const pool = poolsOf(ctx.org, branch).teachers.filter((code) => code !== (original.teachers as string[])[0]);
    const sub = rng.pick(pool);
    Object.assign(next, {
      teachers: [sub],
      teacherChanged: true,
      changeDescription: `Vervanging: ${sub} voor ${(original.teachers as string[]).join(', ')}`,
    });
  } else if (kind === 'location') {
    const room = rng.pick(poolsOf(ctx.org, branch).rooms);
    Object.assign(next, {
      locations: [room],
      locationChanged: true,
      changeDescription: `Lokaalwijziging: ${(original.locations as string[]).join(', ')} → ${room}`,
    });
  } else if (kind === 'time') {
    const from = (original.startTimeSlot as number | null) ?? 1;
    const to = rng.pick(periods.filter((p) => p.slot !== from));
    const dayStart = (original.start as number) - secondsSinceMidnight(periods[from - 1]!.start);
    Object.assign(next, {
      start: dayStart + secondsSinceMidnight(to.start),
      end: dayStart + secondsSinceMidnight(to.end),
      startTimeSlot: to.slot,
      endTimeSlot: to.slot,
      startTimeSlotName: to.name,
      endTimeSlotName: to.name,
      timeChanged: true,
      changeDescription: `Verplaatst van u${from} naar ${to.name}`,
    });
  } else {
    const group = (original.groups as string[])[0] ?? '';
    const sibling = [...ctx.org.groups.values()].find(
      (g) => g.isMainGroup && g.name !== group && g.name.slice(0, 2) === group.slice(0, 2),
    );
    if (sibling) {
      Object.assign(next, {
        groups: [group, sibling.name],
        students: [...(original.students as string[]), ...sibling.students],
        groupChanged: true,
        changeDescription: `Samengevoegd met ${sibling.name}`,
      });
    } else
      Object.assign(next, {
        schedulerRemark: 'Groep gewijzigd',
        groupChanged: true,
        changeDescription: 'Groep gewijzigd',
      });
  }
  if (rng.chance(0.3)) next.schedulerRemark = 'Zie mededelingen';
  return [old, next];
}

/** Seconds after local midnight of "HH:mm"; the school has no lessons across a DST switch hour. */
function secondsSinceMidnight(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 3600 + m * 60;
}
