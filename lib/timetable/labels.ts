import type { Appointment } from './appointment';
import { clock, type PlacedBlock } from './layout';
import type { Subject } from './view';

// Words for blocks: what a block shows for the view, and the sentence a screen reader hears.

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface BlockText {
  title: string;
  lines: { text: string; changed: boolean }[];
}

/** Every appointmentType seen on the wire (spec, /liveschedule, the vendor's apps); others show as sent. */
export const TYPE_LABELS: Record<string, string> = {
  lesson: 'Lesson',
  exam: 'Exam',
  activity: 'Activity',
  talk: 'Talk',
  meeting: 'Meeting',
  interlude: 'Free period',
  choice: 'Choice',
  conflict: 'Conflict',
  unknown: 'Unknown',
  other: 'Other',
};

export const typeLabel = (type: string) => (Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type]! : type);

/** "Choice: 3 options" for an open choice slot, else its subjects, content or type. */
export function blockTitle(a: Appointment): string {
  if (a.type === 'choice') return `Choice: ${a.optionCount} ${a.optionCount === 1 ? 'option' : 'options'}`;
  return a.subjects.join(', ') || a.content || typeLabel(a.type);
}

/** What matters for the view: leave out what the person already chose (the teacher in a teacher view). */
export function blockText(a: Appointment, subject: Subject): BlockText {
  const title = blockTitle(a);
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

/** "Tuesday u3 09:40–10:30, English, 4v2, room 007, cancelled" */
export function blockLabel(b: PlacedBlock, weekday: number, changedSinceLoad: boolean): string {
  const a = b.appointment;
  const slot = a.startSlotName
    ? a.endSlotName && a.endSlotName !== a.startSlotName
      ? `${a.startSlotName}–${a.endSlotName} `
      : `${a.startSlotName} `
    : '';
  const parts = [`${DAY_NAMES[weekday - 1]} ${slot}${timeRange(b)}`, blockTitle(a)];
  if (a.groups.length > 0) parts.push(a.groups.join(', '));
  if (a.locations.length > 0) parts.push(`room ${a.locations.join(', ')}`);
  if (a.teachers.length > 0) parts.push(`teacher ${a.teachers.join(', ')}`);
  if (a.type !== 'lesson' && a.type !== 'choice') parts.push(typeLabel(a.type).toLowerCase());
  if (a.cancelled) parts.push('cancelled');
  const changes = [
    a.teacherChanged && 'teacher',
    a.locationChanged && 'room',
    a.timeChanged && 'time',
    a.groupChanged && 'group',
  ].filter(Boolean);
  if (changes.length > 0) parts.push(`changed ${changes.join(' and ')}`);
  if (!a.valid) parts.push('old version');
  if (a.hidden) parts.push('deleted');
  if (changedSinceLoad) parts.push('updated since you opened the page');
  return parts.join(', ');
}
