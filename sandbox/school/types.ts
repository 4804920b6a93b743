import type { ResourceName } from '../../lib/partner-api/catalog';
import type { IsoWeek } from '../../lib/partner-api/values';
import type { Period } from './calendar';

/** A record as the portal stores it: field name → wire value (Unix seconds, ISO dates, codes). */
export type Row = Record<string, unknown>;

/**
 * A row with the projects (schoolInSchoolYear ids) it belongs to. `projects` is the sandbox's
 * own bookkeeping for the `schoolInSchoolYear` parameter; only requested fields are ever sent.
 */
export interface StoredRow {
  row: Row;
  projects: readonly number[];
}

export interface Project {
  id: number;
  schoolYear: number;
  branchCode: string;
  /** The branchesofschools id of this branch in this project. */
  branchOfSchool: number;
  name: string;
}

export interface Person {
  code: string;
  firstName: string;
  prefix: string | null;
  lastName: string;
}

export interface Student extends Person {
  /** Main group name, e.g. "4h2". */
  mainGroup: string;
  clusterGroups: string[];
  projectId: number;
}

export interface Employee extends Person {
  email: string;
  employeeNumber: string;
  /** Subjects the employee teaches; empty for support staff. */
  subjects: string[];
  branches: string[];
}

export interface Group {
  id: number;
  name: string;
  extendedName: string;
  departmentOfBranch: number;
  departmentCode: string;
  yearOfEducation: number;
  isMainGroup: boolean;
  projectId: number;
  students: string[];
}

export interface School {
  seed: number;
  scale: number;
  id: number;
  name: string;
  /** Every generated timestamp is at or before this instant (the data's "export" moment). */
  snapshotAt: number;
  /** The calendar year the school year starts in (2026 for 2026-2027). */
  schoolYear: number;
  /** The school day the data shows the morning of (or, for the fixed school, the afternoon). */
  schoolDay: string;
  periods: readonly Period[];
  /** Lesson weeks of the current school year. */
  weeks: readonly IsoWeek[];
  projects: readonly Project[];
  /** The current year's projects (the ones with a timetable). */
  currentProjects: readonly Project[];
  students: ReadonlyMap<string, Student>;
  employees: ReadonlyMap<string, Employee>;
  groups: ReadonlyMap<string, Group>;
  locations: ReadonlyMap<string, { name: string; branchCode: string; capacity: number }>;
  /** Every resource but appointments, as stored rows. */
  tables: Record<Exclude<ResourceName, 'appointments'>, StoredRow[]>;
}
