import type { Appointment } from '@/lib/timetable/appointment';

// How a change is coded on the overview: the same kinds the week grid marks (cancelled struck
// through, a changed part in the change colour), named as schedulers name them.

export const CHANGE_CODES = ['cancelled', 'substitute', 'roomChange', 'moved', 'groupChanged', 'added'] as const;
export type ChangeCode = (typeof CHANGE_CODES)[number];

/**
 * What changed about one appointment version. `added` (an extra lesson): the portal says that
 * something changed (`changeDescription`) but names no changed part and no cancellation, so the
 * appointment itself is the change (the `new` field is unsupported: "do not use").
 */
export function changeCodes(a: Appointment): ChangeCode[] {
  const codes: ChangeCode[] = [];
  if (a.cancelled) codes.push('cancelled');
  if (a.teacherChanged) codes.push('substitute');
  if (a.locationChanged) codes.push('roomChange');
  if (a.timeChanged) codes.push('moved');
  if (a.groupChanged) codes.push('groupChanged');
  if (codes.length === 0 && a.changeDescription.trim() !== '') codes.push('added');
  return codes;
}
