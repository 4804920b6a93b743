import type { CatalogRecord } from '@/lib/partner-api/records';

// An appointment as every page uses it (the grid, the day's changes, staffing, cover), reshaped once
// from a lenient partner record (or a /liveschedule slot). A slot without an id (an open choice, a free period) is still drawn: its
// key is made of its time and period.

export interface Appointment {
  /** Stable identity on the page: the version id, or `slot:<start>-<end>-<period>` without one. */
  key: string;
  id: number | null;
  instance: number | null;
  start: number;
  end: number;
  type: string;
  startSlotName: string | null;
  endSlotName: string | null;
  startSlot: number | null;
  /** The last time slot's sequence number (an appointment can span two lesuren). */
  endSlot: number | null;
  subjects: string[];
  groups: string[];
  teachers: string[];
  locations: string[];
  students: string[] | null;
  cancelled: boolean;
  valid: boolean;
  hidden: boolean;
  optional: boolean;
  teacherChanged: boolean;
  locationChanged: boolean;
  timeChanged: boolean;
  groupChanged: boolean;
  changeDescription: string;
  schedulerRemark: string;
  content: string;
  lastModified: number | null;
  /** Options of an open choice slot (/liveschedule); 0 elsewhere. */
  optionCount: number;
}

/** A list of codes as the grid reads it: nulls and empty codes left out, numbers as text. */
export const list = (v: unknown): string[] => {
  if (!Array.isArray(v)) return [];
  // Thousands of records each have five lists, mostly of one or two codes: a list of codes as
  // sent is kept as it is (records are never changed in place), only one to clean is copied.
  let clean = true;
  for (const x of v) if (typeof x !== 'string' || x === '') clean = false;
  if (clean) return v as string[];
  const out: string[] = [];
  for (const x of v) if (x !== null && x !== undefined && x !== '') out.push(typeof x === 'string' ? x : String(x));
  return out;
};
export const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The key of a version without an id: its time and first period. */
export const slotKey = (start: number, end: number, startSlotName: string) => `slot:${start}-${end}-${startSlotName}`;

/** The chain a version belongs to: its appointment instance, else the version alone (by its key). */
export const chainKey = (instance: number | null, key: string) => (instance !== null ? `i${instance}` : `v${key}`);

/** Whether a chain key names an appointment instance (its versions known), not a lone version. */
export const isInstanceKey = (key: string) => key.startsWith('i');

/** Versions in the order the portal made them (by id; one without an id last). */
export const byVersionId = (a: { id: number | null }, b: { id: number | null }) =>
  (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER);

/** null only when the record has no time to place it at. */
export function toAppointment(r: CatalogRecord<'appointments'>, optionCount = 0): Appointment | null {
  const id = num(r.id);
  const start = num(r.start);
  const end = num(r.end);
  if (start === null || end === null) return null;
  const startSlotName = text(r.startTimeSlotName) || null;
  return {
    key: id !== null ? String(id) : slotKey(start, end, startSlotName ?? ''),
    id,
    instance: num(r.appointmentInstance),
    start,
    end: Math.max(end, start),
    type: text(r.type) || 'unknown',
    startSlotName,
    endSlotName: text(r.endTimeSlotName) || null,
    startSlot: num(r.startTimeSlot),
    endSlot: num(r.endTimeSlot),
    subjects: list(r.subjects),
    groups: list(r.groups),
    teachers: list(r.teachers),
    locations: list(r.locations),
    students: Array.isArray(r.students) ? list(r.students) : null,
    cancelled: r.cancelled === true,
    valid: r.valid !== false,
    hidden: r.hidden === true,
    optional: r.optional === true,
    teacherChanged: r.teacherChanged === true,
    locationChanged: r.locationChanged === true,
    timeChanged: r.timeChanged === true,
    groupChanged: r.groupChanged === true,
    changeDescription: text(r.changeDescription),
    schedulerRemark: text(r.schedulerRemark),
    content: text(r.content),
    lastModified: num(r.lastModified),
    optionCount,
  };
}

const reshaped = new WeakMap<object, Appointment | null>();

/**
 * toAppointment over the records a page keeps (a week's query data), each record reshaped once:
 * a poll that brings one changed version reshapes that one, and every other appointment stays
 * the same object (so a layout, and a grid keyed on it, sees what did not change). Records are
 * never changed in place.
 */
export function appointmentsOf(records: Iterable<CatalogRecord<'appointments'>>): Appointment[] {
  const out: Appointment[] = [];
  for (const r of records) {
    let a = reshaped.get(r);
    if (a === undefined) {
      a = toAppointment(r);
      reshaped.set(r, a);
    }
    if (a) out.push(a);
  }
  return out;
}

/** A lesuur's length where the time slots are not given: a Dutch school's 45 to 60 minutes. */
const LESUUR_SECONDS = 50 * 60;

/**
 * How many lesuren an appointment takes: its time slots where the portal gives both (a double
 * lesson u3-u4 is two), else its length in lesuren of 50 minutes, at least one.
 */
export function lesurenOf(a: Pick<Appointment, 'start' | 'end' | 'startSlot' | 'endSlot'>): number {
  if (a.startSlot !== null && a.endSlot !== null && a.endSlot >= a.startSlot) return a.endSlot - a.startSlot + 1;
  return Math.max(1, Math.round((a.end - a.start) / LESUUR_SECONDS));
}
