import type { Absence, AbsentLesson } from '@/lib/lessons/absences';
import type { DayChange } from './day-changes';

// The answer of `GET /api/changes?date=`: the day's changes and absent staff, computed on the
// server from the week's versions, so the browser gets the day's list rather than the school's week.

export interface AbsentStaff {
  absence: Absence;
  /** What happened to each of their lessons within the absence that day. */
  lessons: AbsentLesson[];
}

export interface DayChangesAnswer {
  data: {
    changes: DayChange[];
    /** Absent staff; null without the right (the page says which right adds it). */
    absent: AbsentStaff[] | null;
    /** The absences could not be read (the changes could): in words. */
    absentFailed: string | null;
  };
  meta: {
    date: string;
    /** When the server read it (ms): the page's "updated at", the same on the server and in the browser. */
    readAt: number;
    /** Read by "only what changed since" (the week kept between reads), else whole each time. */
    incremental: boolean;
    projects: number[];
    durationMs: number;
  };
}
