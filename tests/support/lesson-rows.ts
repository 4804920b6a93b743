import type { CatalogRecord } from '@/lib/partner-api/records';

// Lesson versions as a portal sends them, for the counting's unit tests: klas 4h1, valid and
// visible unless a test says otherwise.

export const H = 3600;
export const DAY = 86_400;

/** A version of the defaults with what the test gives. */
export const lessonRow = (r: Record<string, unknown>) =>
  ({
    type: 'lesson',
    valid: true,
    hidden: false,
    cancelled: false,
    groups: ['4h1'],
    ...r,
  }) as CatalogRecord<'appointments'>;

/** Lesson `id`, a chain of its own, `hours` long from `at`, for students a and b. */
export const lessonOf = (id: number, at: number, hours = 1, extra: Record<string, unknown> = {}) =>
  lessonRow({ id, appointmentInstance: id, start: at, end: at + hours * H, students: ['a', 'b'], ...extra });
