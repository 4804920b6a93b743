import { readTimestamp } from '@/lib/partner-api/values';
import { text, toAppointment, type Appointment } from './appointment';

// A student's week through /liveschedule (wire-facts shape), reshaped once into grid slots: each
// slot with its status messages and the options a student could enrol in. Open choice slots have
// no id; they are kept and keyed by time and period. Read-only: `post` links are shown, never used.

export interface StatusMessage {
  code: number;
  nl: string;
  en: string;
}

export interface LiveOption {
  appointment: Appointment;
  availableSpace: number | null;
  enrolled: boolean;
  allowed: boolean;
  status: StatusMessage[];
  post: string | null;
}

export interface LiveSlot {
  appointment: Appointment;
  /** The slot's fields as the portal sent them (its options and status read out separately). */
  record: Record<string, unknown>;
  status: StatusMessage[];
  options: LiveOption[];
}

export interface LiveWeek {
  week: string;
  user: string;
  status: StatusMessage[];
  slots: LiveSlot[];
  /** Slots that came without a time, so they cannot be placed on the grid (counted, not hidden). */
  unplaced: number;
}

/** /liveschedule's weeks, slots and options: JSON objects the catalogue does not type. */
type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

export function readMessages(value: unknown): StatusMessage[] {
  const items = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  return items.filter(isObject).flatMap((m) => {
    const code = Number(m.code);
    return Number.isFinite(code) ? [{ code, nl: str(m.nl), en: str(m.en) }] : [];
  });
}

function slotAppointment(raw: JsonObject, optionCount = 0): Appointment | null {
  return toAppointment(
    {
      ...raw,
      type: text(raw.appointmentType ?? raw.type),
      start: readTimestamp(raw.start),
      end: readTimestamp(raw.end),
      valid: true,
    },
    optionCount,
  );
}

function readOption(action: unknown): LiveOption | null {
  if (!isObject(action) || !isObject(action.appointment)) return null;
  const raw = action.appointment;
  const appointment = slotAppointment(raw);
  if (!appointment) return null;
  const space = Number(raw.availableSpace);
  return {
    appointment,
    availableSpace:
      raw.availableSpace === null || raw.availableSpace === undefined || !Number.isFinite(space) ? null : space,
    enrolled: raw.studentEnrolled === true,
    allowed: action.allowed === true,
    status: readMessages(action.status),
    post: typeof action.post === 'string' ? action.post : null,
  };
}

/** One slot of a week, or null when it has no time to be placed at. */
export function readLiveSlot(raw: unknown): LiveSlot | null {
  if (!isObject(raw)) return null;
  const options = (Array.isArray(raw.actions) ? raw.actions : []).map(readOption).filter((o) => o !== null);
  const appointment = slotAppointment(raw, options.length);
  if (!appointment) return null;
  const record = Object.fromEntries(Object.entries(raw).filter(([k]) => k !== 'actions' && k !== 'status'));
  return { appointment, record, status: readMessages(raw.status), options };
}

/** The weeks of a /liveschedule answer (`data`), every slot kept; keys made unique within a week. */
export function readLiveWeeks(rows: readonly unknown[]): LiveWeek[] {
  return rows.filter(isObject).map((week) => {
    const raws = Array.isArray(week.appointments) ? week.appointments : [];
    const slots: LiveSlot[] = [];
    const seen = new Map<string, number>();
    for (const raw of raws) {
      const slot = readLiveSlot(raw);
      if (!slot) continue;
      const n = seen.get(slot.appointment.key) ?? 0;
      seen.set(slot.appointment.key, n + 1);
      if (n > 0) slot.appointment.key = `${slot.appointment.key}#${n}`;
      slots.push(slot);
    }
    return {
      week: str(week.week),
      user: str(week.user),
      status: readMessages(week.status),
      slots,
      unplaced: raws.length - slots.length,
    };
  });
}
