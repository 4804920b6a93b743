import type { CatalogRecord } from '@/lib/partner-api/records';
import { isCluster } from '@/lib/lessons/groups';

// A read's versions as the onderwijstijd count needs them, in flat typed arrays (issue 48). A school
// year is ninety thousand versions and two million student-lessons: reshaped into an object per
// version and counted by code, the counting and its garbage were most of a first visit's time
// (docs/onderwijstijd.md). Here each version is a row of numbers and each student or group a number
// (its code interned once per visit), so a read can be kept, counted and counted again — with the
// versions of a chain found in another read — without reading it twice or keeping its records.
// The reading is toAppointment's (lib/lessons/appointment.ts), as lenient: numbers sent as text are
// read, a list's nulls and empty codes left out, a missing `valid` is valid.

/** Codes numbered in the order first seen: the same code is the same number for a whole visit. */
export class Codes {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  of(code: string): number {
    let i = this.index.get(code);
    if (i === undefined) {
      i = this.list.length;
      this.index.set(code, i);
      this.list.push(code);
    }
    return i;
  }

  get size(): number {
    return this.list.length;
  }
}

/** The codes a visit's tables share: participants (students, and `#klas` under the groups rule) and groups. */
export interface VisitCodes {
  students: Codes;
  groups: Codes;
}

export const visitCodes = (): VisitCodes => ({ students: new Codes(), groups: new Codes() });

/** A version as a chain's verdict needs it (never its students): what is kept of a chain that crosses weeks. */
export interface ChainVersion {
  id: number;
  appointmentInstance: number;
  start: number;
  end: number;
  type: string;
  valid: boolean;
  hidden: boolean;
  cancelled: boolean;
  cancelledReason: string | null;
  lastModified: number | null;
}

export const VALID = 1;
export const HIDDEN = 2;
export const CANCELLED = 4;
/** Of a type the settings count. */
export const COUNTED = 8;
/** Sent with a `students` list (an empty one included); without one its groups say who took part. */
export const NAMED = 16;
/** With a start and an end: a version without either is read (its klas, its chain) but counts no time. */
export const TIMED = 32;

const num = (v: unknown): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : NaN;
};

/** A list's length as sent (its nulls and empty codes, left out when read, included). */
const sent = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/**
 * A list's codes as numbers into `into` from `at`: nulls and empty codes left out, numbers as text
 * (lib/lessons/appointment.ts `list`). Where it ends.
 */
function putCodes(into: Int32Array, at: number, v: unknown, codes: Codes): number {
  if (!Array.isArray(v)) return at;
  for (const x of v)
    if (x !== null && x !== undefined && x !== '') into[at++] = codes.of(typeof x === 'string' ? x : String(x));
  return at;
}

/** A table's columns as they cross between threads (each a typed array; their buffers are moved, not copied). */
export interface VersionColumns {
  id: Float64Array;
  instance: Float64Array;
  start: Float64Array;
  end: Float64Array;
  lastModified: Float64Array;
  flags: Uint8Array;
  type: Uint16Array;
  reason: Uint16Array;
  studentsAt: Int32Array;
  students: Int32Array;
  groupsAt: Int32Array;
  groups: Int32Array;
}

export class VersionTable {
  readonly size: number;
  readonly id: Float64Array;
  readonly instance: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly lastModified: Float64Array;
  readonly flags: Uint8Array;
  /** Each version's type and cancelledReason as sent (indices into `texts`; 0 is none). */
  readonly type: Uint16Array;
  readonly reason: Uint16Array;
  readonly texts: string[] = [''];
  /** Records of the read the catalogue could not read: left out of the table, and counted (said on the page). */
  unreadable = 0;
  /** Version i's students are `students[studentsAt[i]..studentsAt[i+1])`, its groups likewise. */
  readonly studentsAt: Int32Array;
  readonly students: Int32Array;
  readonly groupsAt: Int32Array;
  readonly groups: Int32Array;

  private constructor(
    readonly codes: VisitCodes,
    /** The types counted (COUNTED): a chain's versions read elsewhere are judged by the same. */
    readonly countedTypes: ReadonlySet<string>,
    size: number,
  ) {
    this.size = size;
    this.id = new Float64Array(size);
    this.instance = new Float64Array(size);
    this.start = new Float64Array(size);
    this.end = new Float64Array(size);
    this.lastModified = new Float64Array(size);
    this.flags = new Uint8Array(size);
    this.type = new Uint16Array(size);
    this.reason = new Uint16Array(size);
    this.studentsAt = new Int32Array(size + 1);
    this.groupsAt = new Int32Array(size + 1);
    this.students = new Int32Array(0);
    this.groups = new Int32Array(0);
  }

  /** The records as read, every one (none is dropped), `types` the ones counted. */
  static from(
    rows: readonly CatalogRecord<'appointments'>[],
    types: readonly string[],
    codes: VisitCodes = visitCodes(),
  ): VersionTable {
    const counted = new Set(types);
    const t = new VersionTable(codes, counted, rows.length);
    const textIndex = new Map<string, number>([['', 0]]);
    const textOf = (v: unknown) => {
      if (typeof v !== 'string' || v === '') return 0;
      let i = textIndex.get(v);
      if (i === undefined) textIndex.set(v, (i = t.texts.push(v) - 1));
      return i;
    };
    // Sized once for every code the lists send (two million a school year: no array that grows).
    let studentsSent = 0;
    let groupsSent = 0;
    for (const r of rows) {
      studentsSent += sent(r.students);
      groupsSent += sent(r.groups);
    }
    const students = new Int32Array(studentsSent);
    const groups = new Int32Array(groupsSent);
    let s = 0;
    let g = 0;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      t.id[i] = num(r.id);
      t.instance[i] = num(r.appointmentInstance);
      const start = num(r.start);
      const end = num(r.end);
      t.start[i] = start;
      t.end[i] = Math.max(end, start);
      t.lastModified[i] = num(r.lastModified);
      t.type[i] = textOf(r.type);
      t.reason[i] = textOf(r.cancelledReason);
      t.flags[i] =
        (r.valid !== false ? VALID : 0) |
        (r.hidden === true ? HIDDEN : 0) |
        (r.cancelled === true ? CANCELLED : 0) |
        (t.counts(r.type) ? COUNTED : 0) |
        (Array.isArray(r.students) ? NAMED : 0) |
        (Number.isNaN(start) || Number.isNaN(end) ? 0 : TIMED);
      t.studentsAt[i + 1] = s = putCodes(students, s, r.students, codes.students);
      t.groupsAt[i + 1] = g = putCodes(groups, g, r.groups, codes.groups);
    }
    (t as { students: Int32Array }).students = students.subarray(0, s);
    (t as { groups: Int32Array }).groups = groups.subarray(0, g);
    return t;
  }

  /** The table's columns and texts, to hand to another thread (tables.server.ts). */
  columns(): { columns: VersionColumns; texts: string[] } {
    const { id, instance, start, end, lastModified, flags, type, reason, studentsAt, students, groupsAt, groups } =
      this;
    const columns = {
      id,
      instance,
      start,
      end,
      lastModified,
      flags,
      type,
      reason,
      studentsAt,
      students,
      groupsAt,
      groups,
    };
    return { columns, texts: this.texts };
  }

  /**
   * A table from the columns another thread built: its student and group numbers already this
   * visit's (`codes`), its texts as that thread numbered them.
   */
  static fromColumns(
    codes: VisitCodes,
    types: readonly string[],
    { columns, texts, unreadable = 0 }: { columns: VersionColumns; texts: string[]; unreadable?: number },
  ): VersionTable {
    const t = new VersionTable(codes, new Set(types), columns.id.length);
    Object.assign(t, columns);
    t.texts.splice(0, t.texts.length, ...texts);
    t.unreadable = unreadable;
    return t;
  }

  /** Whether a version of this type is counted (a missing type is 'unknown', as the grid reads it). */
  counts(type: unknown): boolean {
    return this.countedTypes.has(typeof type === 'string' && type !== '' ? type : 'unknown');
  }

  has(i: number, flag: number): boolean {
    return (this.flags[i]! & flag) !== 0;
  }

  studentsOf(i: number): Int32Array {
    return this.students.subarray(this.studentsAt[i]!, this.studentsAt[i + 1]!);
  }

  groupsOf(i: number): Int32Array {
    return this.groups.subarray(this.groupsAt[i]!, this.groupsAt[i + 1]!);
  }

  /** The version as a chain's verdict needs it (a missing id or time as null, as kept in JSON). */
  chainVersion(i: number): ChainVersion {
    const orNull = (n: number) => (Number.isNaN(n) ? null : n);
    return {
      id: orNull(this.id[i]!) as number,
      appointmentInstance: this.instance[i]!,
      start: orNull(this.start[i]!) as number,
      end: orNull(this.end[i]!) as number,
      type: this.texts[this.type[i]!]!,
      valid: this.has(i, VALID),
      hidden: this.has(i, HIDDEN),
      cancelled: this.has(i, CANCELLED),
      cancelledReason: this.reason[i] === 0 ? null : this.texts[this.reason[i]!]!,
      lastModified: orNull(this.lastModified[i]!),
    };
  }

  /**
   * Each klas's students: those named on versions given to that klas alone (not a cluster), a klas
   * none name an empty set — by number, over the versions `at`.
   */
  klassen(at: Iterable<number>): Map<number, Set<number>> {
    const out = new Map<number, Set<number>>();
    const clusters = new Map<number, boolean>();
    /** The version whose students were last added to each klas: most of a klas's lessons name the same ones. */
    const last = new Map<number, number>();
    for (const i of at) {
      if (this.groupsAt[i + 1]! - this.groupsAt[i]! !== 1) continue;
      const g = this.groups[this.groupsAt[i]!]!;
      let cluster = clusters.get(g);
      if (cluster === undefined) clusters.set(g, (cluster = isCluster(this.codes.groups.list[g]!)));
      if (cluster) continue;
      const set = out.get(g) ?? out.set(g, new Set()).get(g)!;
      if (!this.has(i, NAMED)) continue;
      const before = last.get(g);
      if (before !== undefined && this.sameStudents(before, i)) continue;
      for (const s of this.studentsOf(i)) set.add(s);
      last.set(g, i);
    }
    return out;
  }

  /** Whether two versions name the same students in the same order. */
  private sameStudents(a: number, b: number): boolean {
    const from = this.studentsAt[a]!;
    const other = this.studentsAt[b]!;
    const length = this.studentsAt[a + 1]! - from;
    if (this.studentsAt[b + 1]! - other !== length) return false;
    for (let k = 0; k < length; k++) if (this.students[from + k] !== this.students[other + k]) return false;
    return true;
  }
}
