import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { fieldSpec, type ResourceName } from '../../lib/partner-api/catalog';
import { addWeeks, parseWeek, weekOf, weekWindow } from '../../lib/partner-api/values';
import { localInstant, SCHOOL_ZONE } from '../school/calendar';
import type { SandboxData } from '../school/index';
import type { Row } from '../school/types';
import { PortalError } from './envelope';
import type { FilterValue, ListQuery } from './query';

// Answering a list query from the school's data: project scope, field filters, the extra filters
// the sandbox simulates, and projection onto the requested fields (null where a value is unset).

type Predicate = (row: Row) => boolean;
type ExtraFilter = (values: FilterValue[], ctx: { data: SandboxData; now: number }) => Predicate;

const anyIn = (list: unknown, values: FilterValue[]) =>
  Array.isArray(list) && list.some((x) => values.includes(x as FilterValue));
const dayStart = (date: FilterValue) => localInstant(`${date as string}T00:00`);
const nextDayStart = (date: FilterValue) =>
  DateTime.fromISO(date as string, { zone: SCHOOL_ZONE })
    .plus({ days: 1 })
    .toUnixInteger();
const weekBounds = (week: FilterValue) => weekWindow(parseWeek(week as string)!, SCHOOL_ZONE);
const hasChanges = (row: Row) =>
  Boolean(row.teacherChanged || row.locationChanged || row.timeChanged || row.groupChanged || row.changeDescription);

/** The extra filters the sandbox simulates; any other granted one is answered with a clear 400. */
const extraFilters: Partial<Record<ResourceName, Record<string, ExtraFilter>>> = {
  appointments: {
    changed:
      ([v]) =>
      (row) =>
        hasChanges(row) === v,
    includeHidden: () => () => true, // applied before filtering
    modifiedSince:
      ([v]) =>
      (row) =>
        (row.lastModified as number) >= (v as number),
    appointmentModifiedSince:
      ([v]) =>
      (row) =>
        (row.appointmentLastModified as number) >= (v as number),
    user: (values) => (row) => anyIn(row.teachers, values) || anyIn(row.students, values),
    possibleStudents: (values) => (row) => anyIn(row.students, values),
    containsStudentsFromGroupInDepartment: (values) => (row) => anyIn(row.groupsInDepartments, values),
    departmentOfBranch: (values) => (row) => anyIn(row.departmentsOfBranches, values),
    hasCreator:
      ([v]) =>
      (row) =>
        (row.creator != null) === v,
    startWeekOffset: ([v], { now }) => {
      const start = weekWindow(addWeeks(weekOf(now, SCHOOL_ZONE), v as number), SCHOOL_ZONE).start;
      return (row) => (row.start as number) >= start;
    },
    endWeekOffset: ([v], { now }) => {
      const end = weekWindow(addWeeks(weekOf(now, SCHOOL_ZONE), v as number), SCHOOL_ZONE).end;
      return (row) => (row.start as number) < end;
    },
  },
  // Each bound is worked out once per query, not per row (a zone-aware parse per absence made
  // a week's absences the slowest read of the teacher load table).
  employeeabsences: {
    startDate: ([v]) => {
      const from = dayStart(v!);
      return (row) => (row.end as number) >= from;
    },
    endDate: ([v]) => {
      const to = nextDayStart(v!);
      return (row) => (row.start as number) < to;
    },
    startWeek: ([v]) => {
      const from = weekBounds(v!).start;
      return (row) => (row.end as number) >= from;
    },
    endWeek: ([v]) => {
      const to = weekBounds(v!).end;
      return (row) => (row.start as number) < to;
    },
    unlinked:
      ([v]) =>
      (row) =>
        (row.leave == null) === v,
  },
  courses: {
    student: (values) => (row) => (row.students as { code: string }[]).some((s) => values.includes(s.code)),
    teacher: (values) => (row) => (row.teachers as { code: string }[]).some((t) => values.includes(t.code)),
  },
  contracts: {
    year: (values, { data }) => {
      const projects = new Set(data.school.projects.filter((p) => values.includes(p.schoolYear)).map((p) => p.id));
      return (row) => projects.has(row.schoolInSchoolYear as number);
    },
  },
  branchesofschools: {
    schoolYear:
      (values, { data }) =>
      (row) =>
        values.includes(data.school.projects.find((p) => p.id === row.schoolInSchoolYear)?.schoolYear ?? -1),
    archived:
      ([v], { data }) =>
      (row) =>
        data.school.projects.find((p) => p.id === row.schoolInSchoolYear)!.schoolYear < data.school.schoolYear === v,
  },
};

/**
 * Whether the sandbox simulates a filter of a list: a filterable field (by equality or membership;
 * not a JSON one) or one of the extra filters above. Any other granted filter gets a 400 saying so.
 */
export function simulatesFilter(resource: ResourceName, name: string): boolean {
  const field = fieldSpec(resource, name);
  if (field?.filterable) return field.type !== 'json' && field.type !== 'json[]';
  return Object.hasOwn(extraFilters[resource] ?? {}, name);
}

/** Values of unsupported appointment fields that follow from the stored ones. */
const derivedAppointmentFields: Record<string, (row: Row) => unknown> = {
  remark: (row) => [row.schedulerRemark, (row.subjects as string[]).join(', ')].filter(Boolean).join(' - '),
  modified: hasChanges,
  moved: (row) => Boolean(row.timeChanged),
  new: () => false,
  base: () => false,
  udmUUID: (row) => {
    const h = createHash('sha1')
      .update(`appointment-${row.appointmentInstance as number}`)
      .digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  },
  teachingTime: (row) => Math.round(((row.end as number) - (row.start as number)) / 60),
  teachingTimeManually: () => false,
  capacityManually: () => false,
  ignoreSubstitutions: () => false,
  onlineStudents: () => [],
  onlineTeachers: () => [],
  expectedStudentCountOnline: () => 0,
};

export function runListQuery(data: SandboxData, q: ListQuery, now: number): Row[] {
  const predicates: Predicate[] = [];
  const inProjects = new Set(q.projects);
  let source: Iterable<Row>;

  if (q.resource === 'appointments') {
    const projectOf = new Map(data.school.projects.map((p) => [p.branchOfSchool, p.id]));
    predicates.push((row) => inProjects.has(projectOf.get(row.branchOfSchool as number) ?? -1));
    if (q.extras.get('includeHidden')?.[0] !== true) predicates.push((row) => !row.hidden);
    // start and end select by the appointment's start: start <= row.start < end (wire-facts).
    const from = q.fieldFilters.find((f) => f.name === 'start')?.values[0] as number | undefined;
    const to = q.fieldFilters.find((f) => f.name === 'end')?.values[0] as number | undefined;
    source =
      from !== undefined || to !== undefined
        ? data.appointments.inWindow(from ?? 0, to ?? Number.MAX_SAFE_INTEGER)
        : data.appointments.all();
  } else {
    const stored = data.school.tables[q.resource];
    source = (function* () {
      for (const { row, projects } of stored) if (projects.some((p) => inProjects.has(p))) yield row;
    })();
  }

  for (const filter of q.fieldFilters) {
    if (q.resource === 'appointments' && (filter.name === 'start' || filter.name === 'end')) continue;
    const { name, values } = filter;
    predicates.push((row) => {
      const value = row[name];
      return Array.isArray(value) ? anyIn(value, values) : values.includes(value as FilterValue);
    });
  }
  for (const [name, values] of q.extras) {
    const make = extraFilters[q.resource]?.[name];
    if (!make)
      throw new PortalError(
        400,
        `The sandbox does not simulate the filter ${name}`,
        `Filters the sandbox simulates on /${q.resource}: ${Object.keys(extraFilters[q.resource] ?? {}).join(', ') || 'none beyond the fields'}.`,
      );
    predicates.push(make(values, { data, now }));
  }

  const derived = q.resource === 'appointments' ? derivedAppointmentFields : {};
  const out: Row[] = [];
  for (const row of source) {
    if (!predicates.every((p) => p(row))) continue;
    const projected: Row = {};
    for (const field of q.fields) projected[field] = (field in row ? row[field] : derived[field]?.(row)) ?? null;
    out.push(projected);
  }
  return out;
}

/** An appointments read of one window, in process (tests and benchmarks), in the wire's JSON form. */
export function readWindow(
  data: SandboxData,
  window: { start: number; end: number },
  fields: string[],
  options: { modifiedSince?: number; includeHidden?: boolean; now?: number } = {},
): Row[] {
  const extras = new Map<string, FilterValue[]>();
  if (options.includeHidden !== false) extras.set('includeHidden', [true]);
  if (options.modifiedSince !== undefined) extras.set('modifiedSince', [options.modifiedSince]);
  const query: ListQuery = {
    resource: 'appointments',
    projects: data.school.currentProjects.map((p) => p.id),
    fields,
    fieldFilters: [
      { name: 'start', type: 'timestamp', values: [window.start] },
      { name: 'end', type: 'timestamp', values: [window.end] },
    ],
    extras,
  };
  return JSON.parse(JSON.stringify(runListQuery(data, query, options.now ?? window.start))) as Row[];
}
