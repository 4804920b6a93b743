'use client';

import { useMemo } from 'react';
import type { Appointment } from '@/lib/timetable/appointment';
import { appointmentsOf, visible } from '@/lib/timetable/appointment';
import { usePeople, useWeekAppointments } from '@/lib/timetable/api.client';
import { planWeek } from '@/lib/timetable/fields';
import { layoutWeek } from '@/lib/timetable/layout';
import type { TimetableSettings } from '@/lib/timetable/use-timetable.client';
import type { Subject } from '@/lib/timetable/view';
import { codesOf } from './clashes';
import { buildMatrix } from './matrix';
import type { OverviewView } from './view';

// The overview's data: the whole school's week read exactly as the timetable's whole-school view
// reads it (planWeek, weekParams, the same polled query and cache key), names from /users, and
// the matrix for the chosen row kind.

export type OverviewSettings = Pick<TimetableSettings, 'zone' | 'pollSeconds' | 'rights' | 'userFields' | 'projects'>;

const SCHOOL: Subject = { kind: 'school' };
const EMPTY: never[] = [];

export function useOverview(settings: OverviewSettings, view: OverviewView, title: (a: Appointment) => string) {
  const plan = useMemo(() => planWeek(SCHOOL, settings.rights), [settings.rights]);
  const input = useMemo(
    () => ({ week: view.week, zone: settings.zone, projects: view.projects, plan }),
    [view.week, settings.zone, view.projects, plan],
  );
  const week = useWeekAppointments(input, settings.pollSeconds, plan.cannotSelect === null);
  // Names head the rows of the teachers' view; the groups' and rooms' read them when asked.
  const { people, askPeople } = usePeople(settings.userFields, view.by === 'teacher');
  const appointments = useMemo<Appointment[]>(() => appointmentsOf(week.data?.byId.values() ?? EMPTY), [week.data]);
  const shown = useMemo(() => visible(appointments, SCHOOL, false), [appointments]);
  const summary = week.data?.summary;
  const layout = useMemo(
    () => layoutWeek(shown, view.week, settings.zone, [...appointments, ...(summary?.periods ?? EMPTY)]),
    [shown, view.week, settings.zone, appointments, summary],
  );
  const matrix = useMemo(() => {
    // Every code the read names (a teacher whose lessons were all taken over, a room left empty)
    // is a row, empty where nothing is left.
    const known = new Set<string>();
    for (const a of appointments) if (!a.hidden) for (const c of codesOf(a, view.by)) known.add(c);
    const fromSummary =
      view.by === 'teacher' ? summary?.teachers : view.by === 'group' ? summary?.groups : summary?.locations;
    for (const c of fromSummary ?? EMPTY) known.add(c);
    return buildMatrix(layout, view.by, title, known);
  }, [layout, view.by, title, appointments, summary]);
  return { plan, input, week, people, askPeople, appointments, shown, matrix };
}

export type OverviewData = ReturnType<typeof useOverview>;
