'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportProgress } from '@/lib/api/contract';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { apiFetch, fetchProgress } from '@/lib/api/http.client';
import type { PageAnswer } from '@/lib/api/contract';
import { usePageAnswer } from '@/lib/api/page-answer.client';
import { staffingParams, type StaffingScope } from './scope';
import type { AbsenceCost, GroupsAnswer, StaffingAnswer } from './types';
import type { LessonBehind, LessonFigure, TeacherLoad } from '@/lib/lessons/load-figures';

/** Rooster's own staffing tables, computed on the server. */
export type StaffingTable = 'teachers' | 'groups' | 'absences' | 'lessons';

export const staffingPaths = {
  table: (table: StaffingTable, params: URLSearchParams) => `/api/staffing/${table}?${params}`,
};

export const staffingKeys = {
  table: (connectionId: string, table: StaffingTable, params: URLSearchParams) =>
    [connectionId, 'staffing', table, params.toString()] as const,
};

// The staffing pages' reads (fetcher + queryOptions + hook), keyed by the connection id first.
// A range is one request that the server reads a week at a time; its progress is polled beside it.

function staffingOptions<T>(connectionId: string, table: StaffingTable, params: URLSearchParams, progress?: string) {
  const sent = new URLSearchParams(params);
  if (progress) sent.set('progress', progress);
  return queryOptions({
    queryKey: staffingKeys.table(connectionId, table, params),
    queryFn: ({ signal }) => apiFetch<T>(staffingPaths.table(table, sent), { signal, connectionId }),
    staleTime: 60_000,
  });
}

const newProgressId = () => crypto.randomUUID().toLowerCase();

/**
 * A staffing read; a range also reports how many of its weeks are read. `first`: the answer the
 * server sent the page with, keyed by its query (`staffingParams`), taken while the page asks for it.
 */
function useStaffing<T>(table: StaffingTable, params: URLSearchParams, enabled = true, first?: PageAnswer<T> | null) {
  const connectionId = useConnectionId();
  const isRange = params.has('from');
  const [progressId] = useState(newProgressId);
  const given = usePageAnswer(first, params.toString());
  const query = useQuery({
    ...staffingOptions<T>(connectionId, table, params, isRange ? progressId : undefined),
    enabled: enabled && connectionId !== NO_CONNECTION,
    ...given,
  });
  const progress = useProgress(connectionId, isRange && query.isFetching ? progressId : null);
  return { ...query, progress };
}

/** Polls a range's progress while it is read. */
function useProgress(connectionId: string, id: string | null): ExportProgress | null {
  const query = useQuery({
    queryKey: [connectionId, 'progress', id] as const,
    queryFn: ({ signal }) => fetchProgress(id!, { signal, connectionId }),
    enabled: id !== null,
    refetchInterval: 500,
    retry: false,
  });
  return id === null ? null : (query.data ?? null);
}

export const useTeacherLoad = (scope: StaffingScope, first?: PageAnswer<StaffingAnswer<TeacherLoad>> | null) =>
  useStaffing<StaffingAnswer<TeacherLoad>>('teachers', staffingParams(scope), true, first);

export const useStaffingGroups = (projects: number[], first?: PageAnswer<GroupsAnswer> | null) =>
  useStaffing<GroupsAnswer>('groups', staffingParams({ projects }), true, first);

export const useAbsenceCosts = (scope: StaffingScope, enabled: boolean) =>
  useStaffing<StaffingAnswer<AbsenceCost>>('absences', staffingParams(scope), enabled);

/** The lessons behind a teacher's cancelled, taken-over or cover figure (only while its list is open). */
export const useLessonsBehind = (scope: StaffingScope, open: { employee: string; figure: LessonFigure } | null) =>
  useStaffing<StaffingAnswer<LessonBehind>>(
    'lessons',
    staffingParams(scope, open ? { employee: open.employee, figure: open.figure } : {}),
    open !== null,
  );
