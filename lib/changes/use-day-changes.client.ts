'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import type { PageAnswer } from '@/lib/api/contract';
import { usePageAnswer } from '@/lib/api/page-answer.client';
import { dayChangesOptions } from './api.client';
import type { ChangesConfig } from './config';
import type { DayChange } from './day-changes';
import type { DayChangesAnswer } from './types';

const NONE: ReadonlySet<number> = new Set();

/**
 * The day's changes and absent staff (computed on the server from the week's versions; the first
 * answer comes with the page), polled while the tab is visible, and which versions arrived since
 * the page first had the day.
 */
export function useDayChanges(config: ChangesConfig, first: PageAnswer<DayChangesAnswer> | null) {
  const connectionId = useConnectionId();
  const read = useQuery({
    ...dayChangesOptions(connectionId, config.date, config.pollSeconds),
    enabled: connectionId !== NO_CONNECTION,
    // The answer the server rendered the page with, when it could read it.
    ...usePageAnswer(first, config.date),
  });
  const answer = read.data?.data;
  const changes = answer?.changes ?? null;
  const arrived = useArrived(changes, `${connectionId}:${config.date}`);
  return {
    read,
    changes,
    absent: answer?.absent ?? null,
    absentFailed: answer?.absentFailed ?? null,
    /** Whether the server reads only what changed since (else the whole week each time). */
    incremental: read.data?.meta.incremental ?? true,
    arrived,
  };
}

/** The versions in the day's list that the first answer for this day did not hold: arrived live. */
function useArrived(changes: DayChange[] | null, day: string): ReadonlySet<number> | undefined {
  const [first, setFirst] = useState<{ day: string; ids: ReadonlySet<number> } | null>(null);
  // The first answer of a day is remembered during render (React's way to keep state from props).
  if (changes && first?.day !== day) setFirst({ day, ids: new Set(changes.flatMap((c) => c.ids)) });
  return useMemo(() => {
    if (!changes || !first || first.day !== day) return undefined;
    const arrived = changes.flatMap((c) => c.ids).filter((id) => !first.ids.has(id));
    return arrived.length > 0 ? new Set(arrived) : NONE;
  }, [changes, first, day]);
}

export type DayChangesData = ReturnType<typeof useDayChanges>;
