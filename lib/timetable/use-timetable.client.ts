'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useFirstInBackground } from '@/lib/browser/use-background-value.client';
import { useConnectionId } from '@/lib/api/connection.client';
import { appointmentsOf, toAppointment, visible, type Appointment } from './appointment';
import {
  startWeekReads,
  useLiveWeek,
  usePeople,
  usePeriodGrid,
  useVersionChain,
  useWeekAppointments,
} from './api.client';
import type { FirstWeek } from './week-params';
import { planWeek, type AppointmentRights } from './fields';
import { layoutWeek } from './layout';
import type { LiveSlot } from './live-schedule';
import { byInstance, missingPrevious, olderVersions, versionChange, type VersionChange } from './versions';
import type { TimetableView } from './view';

export interface TimetableSettings {
  zone: string;
  pollSeconds: number;
  rights: AppointmentRights;
  /** Granted fields of /users, or null without /users. */
  userFields: string[] | null;
  liveSchedule: boolean;
  projects: { id: number; label: string }[];
}

const EMPTY: never[] = [];

/**
 * Everything the timetable shows for a view: the week from /appointments (polled) or, in live
 * mode, the student's /liveschedule (the other is not read at all), names, and the laid-out grid.
 * `source` is whichever of the two the page shows, for its loading, error and retry states.
 */
export function useTimetable(settings: TimetableSettings, view: TimetableView, first: FirstWeek | null = null) {
  const plan = useMemo(() => planWeek(view.subject, settings.rights), [view.subject, settings.rights]);
  const input = { week: view.week, zone: settings.zone, projects: view.projects, plan };
  const live = view.live && settings.liveSchedule && view.subject.kind === 'student';
  const student = view.subject.kind === 'student' ? view.subject.code : '';
  const liveProject = view.projects[0] ?? settings.projects.at(-1)?.id;

  const read = useWeekAppointments(input, settings.pollSeconds, !live && plan.cannotSelect === null, first);
  // The first week drawn yields to the page's start; a week clicked for is drawn when it arrives.
  const weekData = useFirstInBackground(read.data);
  const liveWeek = useLiveWeek(live, student, view.week, liveProject, settings.pollSeconds);
  // A teacher's or student's own lessons do not hold every period: the school's grid is read beside them.
  const grid = usePeriodGrid(input, !live && plan.selectedUpstream && plan.cannotSelect === null);
  // A person's week is headed by the name; a group's, a room's or the school's starts without.
  const { people, askPeople, names } = usePeople(
    settings.userFields,
    view.subject.kind === 'teacher' || view.subject.kind === 'student',
  );
  // Whichever of the two the page shows: its loading, error and retry states. Built by hand, not
  // spread from the query's result (which would subscribe the page to every field it has).
  const shownSource = live ? liveWeek : read;
  // Arrived but not yet drawn (the first week, in its transition): still loading, and a refresh
  // that failed meanwhile is said once it is drawn (never the error page over a week in hand).
  const drawing = !live && read.data !== undefined && weekData === undefined;
  const source = {
    data: live ? liveWeek.data : weekData,
    error: drawing ? null : shownSource.error,
    refetch: shownSource.refetch,
    isPending: shownSource.isPending || drawing,
  };

  const slots = useMemo<LiveSlot[]>(() => liveWeek.data?.flatMap((w) => w.slots) ?? EMPTY, [liveWeek.data]);
  const appointments = useMemo<Appointment[]>(() => {
    if (live) return slots.map((s) => s.appointment);
    return appointmentsOf(weekData?.byId.values() ?? EMPTY);
  }, [live, slots, weekData]);
  const shown = useMemo(
    () => (live ? appointments : visible(appointments, view.subject, view.allVersions, plan.selectedUpstream)),
    [live, appointments, view.subject, view.allVersions, plan.selectedUpstream],
  );
  const layout = useMemo(
    () =>
      layoutWeek(shown, view.week, settings.zone, [
        ...appointments,
        ...(weekData?.summary?.periods ?? EMPTY),
        ...(grid.data ?? EMPTY),
      ]),
    [shown, view.week, settings.zone, appointments, weekData?.summary, grid.data],
  );
  // Changes since the page loaded that this view shows (polls read the whole school's changes).
  const changed = weekData?.changedSinceLoad;
  const changes = useMemo(
    () => (changed ? shown.filter((a) => a.id !== null && changed.has(a.id)).length : 0),
    [shown, changed],
  );
  // Before → after: the previous versions read with the week, and those the view's filter left out
  // read by instance (where the rights allow filtering on it).
  const chainable =
    !live &&
    plan.fields.includes('appointmentInstance') &&
    settings.rights.filterFields.includes('appointmentInstance');
  const weekChains = useMemo(() => byInstance(appointments), [appointments]);
  const missing = useMemo(
    () => (chainable ? missingPrevious(shown, weekChains) : EMPTY),
    [chainable, shown, weekChains],
  );
  const chain = useVersionChain(missing, plan.fields, input);
  const versionChanges = useMemo(() => {
    const extra = chain.data?.data.map((r) => toAppointment(r)).filter((a) => a !== null) ?? EMPTY;
    const chains = extra.length > 0 ? byInstance([...appointments, ...extra]) : weekChains;
    const out = new Map<string, VersionChange>();
    for (const a of shown) {
      const change = versionChange(a, olderVersions(a, chains));
      if (change) out.set(a.key, change);
    }
    return out;
  }, [chain.data, appointments, weekChains, shown]);
  return {
    plan,
    input,
    live,
    /** The week's records as drawn (the first week once its transition is done). */
    weekData,
    liveWeek,
    slots,
    people,
    /** Reads the names (if not read yet): the picker is reached for, or an appointment opened. */
    askPeople,
    /** Whether the names are there for a search by surname. */
    names,
    source,
    appointments,
    shown,
    layout,
    changes,
    versionChanges,
  };
}

export type TimetableData = ReturnType<typeof useTimetable>;

/**
 * Starts the reads of the view the person just asked for (a click on →, a pick in the picker),
 * before the page renders for it: the click, not the render, starts the read (startWeekReads).
 */
export function useStartReads(settings: TimetableSettings) {
  const client = useQueryClient();
  const connectionId = useConnectionId();
  return useCallback(
    (view: TimetableView) => {
      const plan = planWeek(view.subject, settings.rights);
      const live = view.live && settings.liveSchedule && view.subject.kind === 'student';
      if (live || plan.cannotSelect !== null) return;
      const input = { week: view.week, zone: settings.zone, projects: view.projects, plan };
      startWeekReads(client, connectionId, input, settings.pollSeconds, { periodGrid: plan.selectedUpstream });
    },
    [client, connectionId, settings],
  );
}
