import { localAt, weekdayOfDays } from '@/lib/partner-api/calendar';
import { plainClockTime, shortWeekday } from '@/lib/format/dates';
import type { Appointment } from './appointment';
import { clock, type PlacedBlock } from './layout';
import type { PartChange, VersionChange } from './versions';
import type { Subject } from './view';
import { dayName, type LabelsT, type Words } from './words';

// Words for blocks: what a block shows for the view, and the sentence a screen reader hears, in
// the interface's language (the translators come from the component; see words.ts).

export interface BlockLine {
  /** Which part of the appointment the line shows (the sentence leaves out what a line already says). */
  field: 'time' | 'groups' | 'locations' | 'teachers' | 'students' | 'moved' | 'content';
  text: string;
  /** Changed by the portal (a `...Changed` flag): marked, or shown after `before` where that is known. */
  changed: boolean;
  /** The previous version's value, shown struck through before the new one. */
  before?: string;
}

export interface BlockText {
  title: string;
  lines: BlockLine[];
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

/**
 * A lesson's details title as a scheduler names it: what, for whom, when in the day
 * ("in · 5h.inC · u1"); the version's id is among the details, not in the title.
 */
export function detailsTitle(a: Appointment, words: Words): string {
  return [blockTitle(a, words), some(a.groups), a.startSlotName ?? ''].filter(Boolean).join(' · ');
}

const some = (values: string[]) =>
  values.length > 3 ? `${values.slice(0, 3).join(', ')} +${values.length - 3}` : values.join(', ');

/** "ma u1" (another day) or "u1" (the same day), else the time: where a moved lesson came from. */
export function movedFrom(from: { start: number; slot: string | null }, a: Appointment, zone: string, locale: string) {
  const then = localAt(from.start, zone);
  const now = localAt(a.start, zone);
  const place = from.slot ?? plainClockTime(from.start, zone);
  return !then || then.days === now?.days ? place : `${shortWeekday(weekdayOfDays(then.days), locale)} ${place}`;
}

/**
 * What matters for the view: leave out what the person already chose (the teacher in a teacher
 * view), unless it changed (a substitute's own week shows whom they replace).
 */
export function blockText(
  a: Appointment,
  subject: Subject,
  words: Words,
  change?: VersionChange | null,
  zone = 'Europe/Amsterdam',
): BlockText {
  const title = blockTitle(a, words);
  const lines: BlockLine[] = [];
  const add = (field: 'groups' | 'locations' | 'teachers', values: string[], part: PartChange | undefined) => {
    const changed = part !== undefined;
    const own =
      (field === 'groups' && subject.kind === 'group') ||
      (field === 'locations' && subject.kind === 'location') ||
      (field === 'teachers' && subject.kind === 'teacher');
    if ((own && !changed) || (values.length === 0 && !part?.before)) return;
    lines.push({ field, text: some(values), changed, ...(part?.before ? { before: part.before } : {}) });
  };
  add('groups', a.groups, change?.group ?? (a.groupChanged ? { before: null, after: '' } : undefined));
  add('locations', a.locations, change?.location ?? (a.locationChanged ? { before: null, after: '' } : undefined));
  add('teachers', a.teachers, change?.teacher ?? (a.teacherChanged ? { before: null, after: '' } : undefined));
  if (a.timeChanged) {
    const from = change?.time?.from;
    lines.push({
      field: 'moved',
      text: from
        ? words.t('block.movedFrom', { when: movedFrom(from, a, zone, words.locale) })
        : words.labels('change.moved'),
      changed: !from,
    });
  }
  if (a.subjects.length > 0 && a.content && a.type !== 'lesson')
    lines.push({ field: 'content', text: a.content, changed: false });
  // A talk or an exam is about its few students: who, unless it is that student's own week.
  if (a.type !== 'lesson' && a.students && a.students.length > 0 && subject.kind !== 'student')
    lines.push({ field: 'students', text: some(a.students), changed: false });
  return { title, lines };
}

/** A block off the period grid shows its times first: "15:30–15:40". */
export function withTimes(text: BlockText, b: PlacedBlock): BlockText {
  return b.offGrid ? { ...text, lines: [{ field: 'time', text: timeRange(b), changed: false }, ...text.lines] } : text;
}

/** A line as it reads: "yve mja" (before, after) or "mja". */
export const lineText = (line: BlockLine) => (line.before ? `${line.before} ${line.text}` : line.text);

/** A block's title and lines as plain text, in order (a busy grid's block shows them as one text). */
export const blockLines = (text: BlockText): string[] => [text.title, ...text.lines.map(lineText)];

/** The words a block shows, in order: its accessible name starts with exactly these. */
export function visibleText(text: BlockText, a: Appointment, dense: boolean, words: Words): string {
  const parts = blockLines(text);
  if (dense) return parts.join(', ');
  if (a.cancelled) parts.push(words.labels('change.cancelled'));
  return parts.join(', ');
}

/** What changed, as a sentence part each: "substitute mja for yve", "changed room" where the before is unknown. */
export function changeSentences(a: Appointment, change: VersionChange | null | undefined, words: Words, zone: string) {
  const { t, labels } = words;
  const out: string[] = [];
  const unknown: string[] = [];
  if (change?.teacher?.before) out.push(t('block.changeTeacher', change.teacher as { before: string; after: string }));
  else if (a.teacherChanged) unknown.push(labels('changedPart.teacher'));
  if (change?.location?.before) out.push(t('block.changeRoom', change.location as { before: string; after: string }));
  else if (a.locationChanged) unknown.push(labels('changedPart.room'));
  if (change?.time?.from) out.push(t('block.changeTime', { when: movedFrom(change.time.from, a, zone, words.locale) }));
  else if (a.timeChanged) unknown.push(labels('changedPart.time'));
  if (change?.group?.before) out.push(t('block.changeGroup', change.group as { before: string; after: string }));
  else if (a.groupChanged) unknown.push(labels('changedPart.group'));
  if (unknown.length > 0) out.push(t('block.changed', { parts: unknown.join(` ${t('block.and')} `) }));
  return out;
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

/** "Tuesday u3", "Tuesday u3–u4", "Tuesday": the day and periods of a block. */
export function whenText(b: PlacedBlock, weekday: number, words: Words): string {
  const a = b.appointment;
  const slot = a.startSlotName
    ? a.endSlotName && a.endSlotName !== a.startSlotName
      ? `${a.startSlotName}–${a.endSlotName} `
      : `${a.startSlotName} `
    : '';
  return `${dayName(weekday, words.locale)} ${slot}${timeRange(b)}`;
}

/**
 * The screen-reader name: first exactly what the block shows (WCAG 2.5.3, label in name), then the
 * rest of the sentence: "en, 4h1, yve mja, 102, Tuesday u3 10:30–11:20, substitute mja for yve".
 */
export function blockLabel(
  b: PlacedBlock,
  weekday: number,
  changedSinceLoad: boolean,
  words: Words,
  options: { text?: BlockText; dense?: boolean; change?: VersionChange | null; zone?: string; clash?: boolean } = {},
): string {
  const { t, labels } = words;
  const a = b.appointment;
  const dense = options.dense ?? false;
  const text = options.text ?? blockText(a, { kind: 'school' }, words, options.change, options.zone);
  const shown = new Set(text.lines.map((l) => l.field));
  const parts = [visibleText(text, a, dense, words), whenText(b, weekday, words)];
  if (a.groups.length > 0 && !shown.has('groups')) parts.push(a.groups.join(', '));
  if (a.locations.length > 0 && !shown.has('locations')) parts.push(t('block.room', { rooms: a.locations.join(', ') }));
  if (a.teachers.length > 0 && !shown.has('teachers'))
    parts.push(t('block.teacher', { teachers: a.teachers.join(', ') }));
  if (a.type !== 'lesson' && a.type !== 'choice') parts.push(typeLabel(a.type, labels).toLowerCase());
  if (a.cancelled && dense) parts.push(labels('status.cancelled'));
  parts.push(...changeSentences(a, options.change, words, options.zone ?? 'Europe/Amsterdam'));
  if (!a.valid) parts.push(labels('status.oldVersion'));
  if (a.hidden) parts.push(labels('status.deleted'));
  if (options.clash) parts.push(t('block.clash'));
  if (changedSinceLoad) parts.push(t('block.updatedSinceLoad'));
  return parts.join(', ');
}
