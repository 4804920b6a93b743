'use client';

import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { NARROW_PARAM, type PeriodSample, type ProxyList } from '@/lib/api/contract';
import { usePageAnswer } from '@/lib/api/page-answer.client';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { liveScheduleOptions } from '@/lib/api/live-schedule.client';
import { fetchPartnerList, partnerListOptions } from '@/lib/api/partner.client';
import { partnerKeys } from '@/lib/api/proxy-paths.client';
import { listParams } from '@/lib/partner-api/list-params';
import type { RecordOf } from '@/lib/partner-api/records';
import { weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { readLiveWeeks } from './live-schedule';
import { mergeDelta, weekRecordsOf, type WeekRecords } from '@/lib/lessons/merge';
import { peopleFrom, PERSON_FIELDS } from './people';
import { weekParams, type FirstWeek, type WeekQueryInput } from './week-params';

// Fetchers, query options and hooks of the timetable (bulletproof-react's api-file shape). Keys
// start with the connection id (partnerKeys).

/**
 * The week's appointment versions, polled: only what changed when the rights allow, else all. A
 * narrowed view (`only=`) polls the whole school's changes unnarrowed (they are few, and a lesson
 * that leaves the view must be seen leaving); the page shows what belongs to the view.
 */
export function weekQueryOptions(
  client: QueryClient,
  connectionId: string,
  input: WeekQueryInput,
  pollSeconds: number,
) {
  const params = weekParams(input);
  const queryKey = [...partnerKeys.list(connectionId, 'appointments', params), 'week'] as const;
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<WeekRecords> => {
      const previous = client.getQueryData<WeekRecords>(queryKey);
      if (previous && input.plan.incremental && previous.highest !== null) {
        const delta = new URLSearchParams(params);
        delta.delete(NARROW_PARAM);
        delta.set('modifiedSince', String(previous.highest));
        const answer = await fetchPartnerList(connectionId, 'appointments', delta, signal);
        return { ...mergeDelta(previous, answer.data), summary: previous.summary };
      }
      return weekRecordsOf(await fetchPartnerList(connectionId, 'appointments', params, signal), previous);
    },
    refetchInterval: pollSeconds * 1000,
    refetchIntervalInBackground: false,
    staleTime: pollSeconds * 1000,
    retry: 1,
  });
}

export function useWeekAppointments(
  input: WeekQueryInput,
  pollSeconds: number,
  enabled: boolean,
  first: FirstWeek | null = null,
) {
  const client = useQueryClient();
  const connectionId = useConnectionId();
  const page = usePageAnswer(first, weekParams(input).toString());
  // Made once: the query takes its initial data when it is created (the first render).
  const [initialData] = useState(() =>
    page.initialData ? weekRecordsOf(page.initialData, undefined, page.initialDataUpdatedAt) : undefined,
  );
  return useQuery({
    ...weekQueryOptions(client, connectionId, input, pollSeconds),
    ...(page.initialData ? { initialData, initialDataUpdatedAt: page.initialDataUpdatedAt } : {}),
    enabled: enabled && connectionId !== NO_CONNECTION,
  });
}

/** What a period grid is learned from. */
const PERIOD_FIELDS = ['id', 'start', 'end', 'startTimeSlot', 'startTimeSlotName', 'endTimeSlotName'];
const NO_PERIODS: PeriodSample[] = [];
const weekPeriods = (answer: ProxyList<unknown>) => answer.meta.week?.periods ?? NO_PERIODS;

/**
 * The school's period grid for a view the portal selects upstream (a teacher's or a student's
 * week): the view's own lessons leave out the periods it has nothing in, and a free u6 would be
 * drawn as a break. One read of the whole week's times, narrowed to no record (`only=id:0`, no
 * version has id 0), so the browser gets the proxy's summary of the week alone; once per week.
 */
export function usePeriodGrid(input: WeekQueryInput, enabled: boolean) {
  const connectionId = useConnectionId();
  const { options, complete } = periodGridOptions(connectionId, input);
  return useQuery({
    ...options,
    enabled: enabled && complete && connectionId !== NO_CONNECTION,
    select: weekPeriods,
    staleTime: 60 * 60_000,
  });
}

/** The period grid's read, and whether the rights hold every field it needs. */
function periodGridOptions(connectionId: string, input: WeekQueryInput) {
  const fields = PERIOD_FIELDS.filter((f) => (input.plan.fields as readonly string[]).includes(f));
  const { start, end } = weekWindow(input.week, input.zone);
  const params = listParams(fields, input.projects, {
    start: String(start),
    end: String(end),
    [NARROW_PARAM]: 'id:0',
  });
  return {
    options: partnerListOptions(connectionId, 'appointments', params),
    complete: fields.length === PERIOD_FIELDS.length,
  };
}

/**
 * Starts a week's reads when the person asks for the week (a click on →), rather than once the
 * page has rendered for it: the same queries the page's hooks then find in flight. Nothing is read
 * ahead: only the week asked for, and nothing already fresh.
 */
export function startWeekReads(
  client: QueryClient,
  connectionId: string,
  input: WeekQueryInput,
  pollSeconds: number,
  { periodGrid }: { periodGrid: boolean },
) {
  if (connectionId === NO_CONNECTION) return;
  void client.prefetchQuery(weekQueryOptions(client, connectionId, input, pollSeconds));
  const grid = periodGridOptions(connectionId, input);
  if (periodGrid && grid.complete) void client.prefetchQuery({ ...grid.options, staleTime: 60 * 60_000 });
}

const firstRecord = (answer: ProxyList<RecordOf<'appointments'>>) => answer.data[0] ?? null;

/** One appointment version with every field the partner may read. */
export function useAppointmentDetails(
  id: number | null,
  fields: readonly string[],
  canFilterOnId: boolean,
  input: WeekQueryInput,
) {
  const connectionId = useConnectionId();
  const params = weekParams(input);
  params.set('fields', fields.join(','));
  params.set('id', String(id));
  for (const k of ['teachers', 'possibleStudents', 'user', 'only']) params.delete(k);
  return useQuery({
    ...partnerListOptions(connectionId, 'appointments', params),
    enabled: id !== null && canFilterOnId && connectionId !== NO_CONNECTION,
    select: firstRecord,
    staleTime: 30_000,
  });
}

/** Most instances asked for in one read of previous versions (the query stays well under 4,000 characters). */
export const MAX_CHAIN_INSTANCES = 300;

/**
 * Every version of the given appointment instances, deleted ones included: the previous versions
 * a view's own filter left out (a substitute's week does not hold the absent teacher's version).
 * No week window: a moved lesson may come from another week.
 */
export function useVersionChain(instances: readonly number[], fields: readonly string[], input: WeekQueryInput) {
  const connectionId = useConnectionId();
  const asked = instances.slice(0, MAX_CHAIN_INSTANCES);
  const params = listParams(fields, input.projects, { appointmentInstance: asked.join(',') });
  if (input.plan.filters.includeHidden) params.set('includeHidden', 'true');
  return useQuery({
    ...partnerListOptions(connectionId, 'appointments', params),
    enabled: asked.length > 0 && connectionId !== NO_CONNECTION,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/**
 * Teachers and students by code, from /users where the rights allow (names for the picker,
 * headers and details). A school's users are the largest answer a week's page would read: read
 * when the view `needs` them, or from when `askPeople` is called (someone reaches for the picker
 * or opens an appointment); a list read before is served either way.
 */
export function usePeople(userFields: readonly string[] | null, needs: boolean) {
  const connectionId = useConnectionId();
  const [asked, setAsked] = useState(false);
  const fields = PERSON_FIELDS.filter((f) => userFields?.includes(f));
  const people = useQuery({
    ...partnerListOptions(connectionId, 'users', listParams(fields, [])),
    enabled: (needs || asked) && fields.includes('code') && connectionId !== NO_CONNECTION,
    select: peopleFrom,
    staleTime: 10 * 60_000,
  });
  const { isError, isFetching, data, refetch } = people;
  const askPeople = useCallback(() => {
    setAsked(true);
    // A read that failed is tried again when the names are reached for again.
    if (isError) void refetch();
  }, [isError, refetch]);
  // What a search by name can count on now: the names on their way, or a read that failed.
  const names: NamesState = isFetching && !data ? 'loading' : isError && !isFetching ? 'failed' : 'ready';
  return { people, askPeople, names };
}

/** Whether the school's names are there for a search by surname. */
export type NamesState = 'ready' | 'loading' | 'failed';

const liveWeeks = (answer: ProxyList<unknown>) => readLiveWeeks(answer.data);

/** A student's week through /liveschedule, as grid slots with their options. */
export function useLiveWeek(
  enabled: boolean,
  student: string,
  week: IsoWeek,
  project: number | undefined,
  pollSeconds: number,
) {
  const connectionId = useConnectionId();
  return useQuery({
    ...liveScheduleOptions(connectionId, student, week, project ?? 0),
    enabled: enabled && project !== undefined,
    select: liveWeeks,
    // Statuses and free places change while enrolment is open.
    refetchInterval: pollSeconds * 1000,
    refetchIntervalInBackground: false,
  });
}

/** The week of a view as an ICS calendar file (the server reads it the same way as the page). */
export const icsUrl = (viewQuery: string) => `/api/timetable/ics?${viewQuery}`;
