'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { PartnerRecord } from '@/lib/partner-api/schemas';
import { formatWireWeek, readTimestamp, type IsoWeek } from '@/lib/partner-api/values';
import type { Appointment } from './appointment';
import { toAppointment } from './appointment';

// A student's week through /liveschedule (wire-facts shape), with each slot's enrolment
// alternatives and status messages. Read-only: the `post` links are shown, never used.

export interface StatusMessage {
  code: number;
  nl: string;
  en: string;
}

export interface Alternative {
  appointment: Appointment;
  availableSpace: number | null;
  allowed: boolean;
  status: StatusMessage[];
  post: string | null;
}

export interface LiveAppointment {
  appointment: Appointment;
  status: StatusMessage[];
  alternatives: Alternative[];
}

const messages = (v: unknown): StatusMessage[] =>
  Array.isArray(v)
    ? v
        .filter((m): m is StatusMessage => typeof m === 'object' && m !== null && 'code' in m)
        .map((m) => ({ code: Number(m.code), nl: String(m.nl ?? ''), en: String(m.en ?? '') }))
    : [];

function fromLive(raw: Record<string, unknown>): Appointment | null {
  return toAppointment({
    ...raw,
    type: raw.appointmentType ?? raw.type,
    start: readTimestamp(raw.start),
    end: readTimestamp(raw.end),
    valid: true,
  } as PartnerRecord);
}

export function readLiveSchedule(rows: unknown[]): LiveAppointment[] {
  const out: LiveAppointment[] = [];
  for (const week of rows as { appointments?: unknown[] }[]) {
    for (const raw of (week.appointments ?? []) as Record<string, unknown>[]) {
      const appointment = fromLive(raw);
      if (!appointment) continue;
      const alternatives = ((raw.actions as Record<string, unknown>[] | undefined) ?? []).flatMap((action) => {
        const alt = action.appointment as Record<string, unknown> | undefined;
        const a = alt ? fromLive(alt) : null;
        if (!a) return [];
        return [
          {
            appointment: a,
            availableSpace: typeof alt?.availableSpace === 'number' ? alt.availableSpace : null,
            allowed: action.allowed === true,
            status: messages(action.status),
            post: typeof action.post === 'string' ? action.post : null,
          },
        ];
      });
      out.push({ appointment, status: messages(raw.status), alternatives });
    }
  }
  return out;
}

export function useLiveSchedule(enabled: boolean, student: string, week: IsoWeek, project: number | undefined) {
  return useQuery({
    queryKey: ['liveschedule', student, formatWireWeek(week), project],
    enabled: enabled && project !== undefined,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ student, week: formatWireWeek(week), schoolInSchoolYear: String(project) });
      return readLiveSchedule(
        (await apiFetch<{ data: unknown[] }>(`/api/partner/liveschedule?${params}`, { signal })).data,
      );
    },
  });
}
