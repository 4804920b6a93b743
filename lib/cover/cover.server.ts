import 'server-only';
import { lessonsReader, readNames } from '@/lib/lessons/reader.server';
import { type RightsReader, weeksBetween } from '@/lib/partner-api/reader.server';
import { fieldList } from '@/lib/partner-api/records';
import { dayEnd as dayEndOf, dayStart as dayStartOf } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { setProgress } from '@/lib/csv/export-progress.server';
import { weekOf, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { coverCounts, weekReader } from './week-counts.server';
import { proposeDay } from './propose.server';
import { awayOver } from './away.server';
import { rankDay } from './rank';
import { staffOfDay, teachersOf } from './staff';
import { readStaffContracts } from './reads.server';
import { followUp } from './follow-up.server';
import { teacherWeeks } from './teacher-weeks.server';
import { windowOf } from './window';
import { coverPins, coverSettings, keepDayLessons } from './plan-store.server';
import type { CoverAnswer, CoverSettings, ReasonKey } from './types';
import { answerLessons, dayCounts } from './answer';

// Cover planning for one school day, computed here from the portal's answers: the lessons of
// absent teachers and their state, the candidates with their reasons, the day's proposal. The
// settings (weights, window, caps, who is not to be asked) and the day's pins are kept per portal
// in the state store, shared by every scheduler of the school; no student data is kept.

const DAY_FIELDS = fieldList('appointments', [
  'id',
  'appointmentInstance',
  'start',
  'end',
  'type',
  'teachers',
  'groups',
  'subjects',
  'locations',
  'startTimeSlotName',
  'startTimeSlot',
  'endTimeSlot',
  'valid',
  'cancelled',
  'hidden',
  'teacherChanged',
  'cancelledReason',
  'branchOfSchool',
]);

export async function coverDay(
  reader: RightsReader,
  portal: string,
  date: string,
  {
    progressId,
    allCandidates = false,
    only,
    settings: known,
  }: {
    progressId?: string;
    /** Every candidate of every open lesson (else the best three). */
    allCandidates?: boolean;
    /** One lesson only (its version id), with every candidate. */
    only?: string;
    /** The portal's settings, where the caller read them already. */
    settings?: CoverSettings;
  } = {},
): Promise<CoverAnswer> {
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const started = performance.now();
  const dayStart = dayStartOf(date, zone);
  const dayEnd = dayEndOf(date, zone);
  const week: IsoWeek = weekOf(dayStart, zone);
  const settings = known ?? (await coverSettings(portal));
  const pins = await coverPins(portal, date);
  const window = windowOf(settings, date);

  // What the reasons need and the rights may lack: said, and the reason greyed.
  const withoutRight: ReasonKey[] = [];
  if (!reader.has('appointments', ['cancelledReason'])) withoutRight.push('freed');
  if (!reader.has('courses', ['teachers', 'groupName'])) withoutRight.push('knowsGroup');
  if (!reader.has('appointments', ['branchOfSchool'])) withoutRight.push('sameBranch');
  const weekWin = weekWindow(week, zone);
  // Every read at once (the window's past weeks too): the answer waits for the slowest, not the sum.
  const keptWeek = weekReader(reader, zone);
  const contractsRead = readStaffContracts(reader);
  const [day, absences, contracts, branches, courses, weekRows, names, counts] = await Promise.all([
    reader.read('appointments', DAY_FIELDS, { start: String(dayStart), end: String(dayEnd) }),
    reader.read('employeeabsences', ['id', 'employee', 'start', 'end'], { startDate: date, endDate: date }),
    contractsRead,
    reader.read('branchesofschools', ['id', 'schoolInSchoolYear']),
    reader.read('courses', ['groupName', 'teachers']),
    // The week's lessons as kept for the fairness counts (refreshed by modifiedSince), read once.
    keptWeek(week),
    readNames(reader, contractsRead),
    awayOver(reader, window.from, date < window.to ? date : window.to, zone).then((away) =>
      coverCounts(
        keptWeek,
        window,
        dayStart,
        dayEnd,
        zone,
        (done, total) => setProgress(progressId, { done, total, finished: done === total }),
        away,
      ),
    ),
  ]);

  // Who may be asked, and the fte their covers so far are weighed by.
  const { staff, fte } = staffOfDay(date, contracts, teachersOf(weekRows), names, {
    fteNet: reader.has('contracts', ['fteNet']),
    lessonsToPlan: reader.has('contracts', ['lessonsToPlan']),
  });
  const branchProject = new Map<number, number>();
  for (const b of branches)
    if (typeof b.id === 'number' && typeof b.schoolInSchoolYear === 'number')
      branchProject.set(b.id, b.schoolInSchoolYear);

  // The week per teacher: groups and subjects they teach, planned against the contract.
  const weeks = teacherWeeks(weekRows, courses, contracts, names, weekWin, zone, reader);
  const { lessons, days } = rankDay({
    dayStart,
    dayEnd,
    appointments: day,
    absences,
    staff,
    weeks,
    coversSoFar: counts.window,
    branchProject,
    settings,
  });
  const open = lessons.filter((l) => l.state === 'open');
  const keyOf = (l: (typeof lessons)[number]) => (l.id !== null ? String(l.id) : l.key);
  const proposal = await proposeDay(open, { pins, settings, counts, days, portal });
  await Promise.all([followUp(portal, date, lessons), keepDayLessons(portal, date, open.map(keyOf))]);
  const data = answerLessons(lessons, { only, allCandidates });
  return {
    data,
    meta: {
      date,
      window: {
        kind: settings.window,
        from: window.from,
        to: window.to,
        ...(window.fellBack ? { fellBack: true } : {}),
      },
      weights: settings.weights,
      caps: {
        perDay: settings.maxPerDay,
        perWindow: settings.maxPerWindow,
        lessonsPerDay: settings.maxLessonsPerDay,
        inRow: settings.maxInRow,
        freeDay: settings.freeDay,
      },
      rules: { cancel: settings.cancelRule, upperFromYear: settings.upperFromYear, priority: settings.priority },
      fte,
      unavailable: settings.unavailable,
      projects: reader.projects,
      missing: reader.missing,
      reasonsWithoutRight: withoutRight,
      counts: dayCounts(lessons),
      proposal: {
        score: proposal.score,
        consecutiveKept: proposal.consecutiveKept,
        solver: proposal.solver,
      },
      durationMs: Math.round(performance.now() - started),
    },
  };
}

/**
 * The day's answer as `GET /api/cover` gives it, for a connection: this school year's reader, the
 * portal's settings, charged one week read per week of the fairness window and the day.
 */
export async function coverDayFor(
  active: ActiveConnection,
  date: string,
  options: { progressId?: string; allCandidates?: boolean; only?: string; projects?: number[] } = {},
): Promise<CoverAnswer> {
  const settings = await coverSettings(active.connection.baseUrl);
  const window = windowOf(settings, date);
  // The day's school year, not the clock's: 18 November 2026 reads 2026-2027 in any year.
  const reader = await lessonsReader(active, options.projects ?? [], { during: { from: date, to: date } });
  const weeks = weeksBetween(window.from, window.to, serverEnv().SCHOOL_TIME_ZONE).length + 1;
  return reader.budgeted(weeks, () => coverDay(reader, active.connection.baseUrl, date, { ...options, settings }));
}
