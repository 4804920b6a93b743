import type { Appointment } from './appointment';
import { clock, type PlacedBlock } from './layout';
import type { Subject } from './view';
import { dayName, type LabelsT, type Words } from './words';

// Words for blocks: what a block shows for the view, and the sentence a screen reader hears, in
// the interface's language (the translators come from the component; see words.ts).

export interface BlockText {
  title: string;
  lines: { text: string; changed: boolean }[];
}

/** Every appointmentType seen on the wire (spec, /liveschedule, the vendor's apps); others show as sent. */
export const APPOINTMENT_TYPES = [
  'lesson',
  'exam',
  'activity',
  'talk',
  'meeting',
  'interlude',
  'choice',
  'conflict',
  'unknown',
  'other',
] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const isKnownType = (type: string): type is AppointmentType =>
  (APPOINTMENT_TYPES as readonly string[]).includes(type);

/** "Les" / "Lesson" for a known type; any other type (and every type without a translator) as sent. */
export const typeLabel = (type: string, labels?: LabelsT) =>
  labels && isKnownType(type) ? labels(`appointmentType.${type}`) : type;

/** "Choice: 3 options" for an open choice slot, else its subjects, content or type. */
export function blockTitle(a: Appointment, words: Words): string {
  if (a.type === 'choice') return words.t('block.choice', { count: a.optionCount });
  return a.subjects.join(', ') || a.content || typeLabel(a.type, words.labels);
}

/** What matters for the view: leave out what the person already chose (the teacher in a teacher view). */
export function blockText(a: Appointment, subject: Subject, words: Words): BlockText {
  const title = blockTitle(a, words);
  const lines: BlockText['lines'] = [];
  if (subject.kind !== 'group' && a.groups.length > 0)
    lines.push({
      text: a.groups.length > 3 ? `${a.groups.slice(0, 3).join(', ')} +${a.groups.length - 3}` : a.groups.join(', '),
      changed: a.groupChanged,
    });
  if (subject.kind !== 'location' && a.locations.length > 0)
    lines.push({ text: a.locations.join(', '), changed: a.locationChanged });
  if (subject.kind !== 'teacher' && a.teachers.length > 0)
    lines.push({
      text:
        a.teachers.length > 3
          ? `${a.teachers.slice(0, 3).join(', ')} +${a.teachers.length - 3}`
          : a.teachers.join(', '),
      changed: a.teacherChanged,
    });
  if (a.subjects.length > 0 && a.content && a.type !== 'lesson') lines.push({ text: a.content, changed: false });
  return { title, lines };
}

export function timeRange(b: PlacedBlock): string {
  return `${clock(b.startMinute)}–${clock(b.endMinute)}`;
}

/** What changed of an appointment, in `labels.changedPart` words ("teacher", "room"…). */
export function changedParts(a: Appointment, labels: LabelsT): string[] {
  const parts: string[] = [];
  if (a.teacherChanged) parts.push(labels('changedPart.teacher'));
  if (a.locationChanged) parts.push(labels('changedPart.room'));
  if (a.timeChanged) parts.push(labels('changedPart.time'));
  if (a.groupChanged) parts.push(labels('changedPart.group'));
  return parts;
}

/** "Tuesday u3 09:40–10:30, English, 4v2, room 007, cancelled" (Dutch: "dinsdag u3 …, lokaal 007, vervalt") */
export function blockLabel(b: PlacedBlock, weekday: number, changedSinceLoad: boolean, words: Words): string {
  const { t, labels } = words;
  const a = b.appointment;
  const slot = a.startSlotName
    ? a.endSlotName && a.endSlotName !== a.startSlotName
      ? `${a.startSlotName}–${a.endSlotName} `
      : `${a.startSlotName} `
    : '';
  const parts = [`${dayName(weekday, words.locale)} ${slot}${timeRange(b)}`, blockTitle(a, words)];
  if (a.groups.length > 0) parts.push(a.groups.join(', '));
  if (a.locations.length > 0) parts.push(t('block.room', { rooms: a.locations.join(', ') }));
  if (a.teachers.length > 0) parts.push(t('block.teacher', { teachers: a.teachers.join(', ') }));
  if (a.type !== 'lesson' && a.type !== 'choice') parts.push(typeLabel(a.type, labels).toLowerCase());
  if (a.cancelled) parts.push(labels('status.cancelled'));
  const changes = changedParts(a, labels);
  if (changes.length > 0) parts.push(t('block.changed', { parts: changes.join(` ${t('block.and')} `) }));
  if (!a.valid) parts.push(labels('status.oldVersion'));
  if (a.hidden) parts.push(labels('status.deleted'));
  if (changedSinceLoad) parts.push(t('block.updatedSinceLoad'));
  return parts.join(', ');
}
