'use client';

import { useSearchParams } from 'next/navigation';
import { pushQuery } from '@/lib/url-state';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, apiFetchFile } from '@/lib/api-client';
import { attachmentName, downloadBlob, downloadCsv } from '@/lib/csv/download';
import { addWeeks, formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { DateTime } from 'luxon';
import { useAppointmentDetails, useUserNames, useWeekAppointments } from '@/lib/timetable/api';
import { toAppointment, visible, type Appointment } from '@/lib/timetable/appointment';
import { WEEK_CSV_HEADER, weekCsvRows } from '@/lib/timetable/export';
import { planWeek, type AppointmentRights } from '@/lib/timetable/fields';
import { layoutWeek } from '@/lib/timetable/layout';
import { useLiveSchedule } from '@/lib/timetable/live-schedule';
import { describeSubject, readView, viewQuery, type TimetableView } from '@/lib/timetable/view';
import { UpstreamError } from '@/components/ui/upstream-error';
import { DetailsDialog, type FieldKinds } from './details-dialog';
import { LiveAlternatives } from './live-alternatives';
import { GridSkeleton } from './grid-skeleton';
import { subjectOptions } from './subject-options';
import { SubjectPicker } from './subject-picker';
import { WeekGrid } from './week-grid';

export interface TimetableConfig {
  connectionId: string;
  zone: string;
  pollSeconds: number;
  /** This week in the school's zone, as the server saw it. */
  today: IsoWeek;
  /** Supported/unsupported and timestamp flags of the granted fields (the catalogue stays on the server). */
  fieldKinds: FieldKinds;
  rights: AppointmentRights;
  canReadUsers: boolean;
  liveSchedule: boolean;
  projects: { id: number; label: string }[];
}

/** The timetable page: the view from the URL, the week's data, the grid, details and exports. */
export function TimetableScreen({ config }: { config: TimetableConfig }) {
  const search = useSearchParams();
  const today = config.today;
  const view = readView(search, today);
  const go = useCallback((next: TimetableView) => pushQuery(viewQuery(next)), []);

  const plan = useMemo(() => planWeek(view.subject, config.rights), [view.subject, config.rights]);
  const input = { week: view.week, zone: config.zone, projects: view.projects, plan };
  const week = useWeekAppointments(config.connectionId, input, config.pollSeconds);
  const useLive = view.live && config.liveSchedule && view.subject.kind === 'student';
  const live = useLiveSchedule(
    useLive,
    view.subject.kind === 'student' ? view.subject.code : '',
    view.week,
    view.projects[0] ?? config.projects.at(-1)?.id,
  );
  const names = useUserNames(config.canReadUsers);

  const appointments = useMemo<Appointment[]>(() => {
    if (useLive) return (live.data ?? []).map((l) => l.appointment);
    return [...(week.data?.byId.values() ?? [])].map(toAppointment).filter((a): a is Appointment => a !== null);
  }, [useLive, live.data, week.data]);
  const shown = useMemo(
    () => (useLive ? appointments : visible(appointments, view.subject, view.allVersions)),
    [useLive, appointments, view.subject, view.allVersions],
  );
  const layout = useMemo(
    () => layoutWeek(shown, view.week, config.zone, appointments),
    [shown, view.week, config.zone, appointments],
  );
  const options = useMemo(() => subjectOptions(appointments, names.data), [appointments, names.data]);
  const changed = week.data?.changedSinceLoad ?? new Set<number>();

  const [openId, setOpenId] = useState<number | null>(null);
  const details = useAppointmentDetails(
    openId,
    config.rights.readFields,
    config.rights.filterFields.includes('id'),
    input,
  );

  // ← → change the week and T goes to today, unless typing or moving between blocks.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        target.closest('input, select, textarea, [role="dialog"], [data-appointment-id]')
      )
        return;
      if (event.key === 'ArrowLeft') go({ ...view, week: addWeeks(view.week, -1, config.zone) });
      else if (event.key === 'ArrowRight') go({ ...view, week: addWeeks(view.week, 1, config.zone) });
      else if (event.key === 't' || event.key === 'T') go({ ...view, week: today });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const { start, end } = weekWindow(view.week, config.zone);
  const range = `${DateTime.fromSeconds(start, { zone: config.zone }).toFormat('d LLL')} – ${DateTime.fromSeconds(end - 1, { zone: config.zone }).toFormat('d LLL yyyy')}`;
  const fileStem = `timetable-${formatIsoWeek(view.week)}-${view.subject.kind === 'school' ? 'school' : view.subject.code}`;
  const [exportError, setExportError] = useState<string | null>(null);
  const exportIcs = async () => {
    setExportError(null);
    try {
      const res = await apiFetchFile(`/api/timetable/ics?${viewQuery(view)}`);
      downloadBlob(attachmentName(res, `${fileStem}.ics`), await res.blob());
    } catch (e) {
      setExportError(e instanceof Error ? e.message : 'The calendar file could not be made.');
    }
  };

  const error = useLive ? live.error : week.error;
  const pending = useLive ? live.isPending : week.isPending;
  const openRecord =
    openId === null ? null : (details.data ?? (useLive ? null : (week.data?.byId.get(openId) ?? null)));
  const openLive = openId === null || !useLive ? undefined : live.data?.find((l) => l.appointment.id === openId);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 print:hidden" role="toolbar" aria-label="Week and view">
        <button
          type="button"
          className="btn"
          onClick={() => go({ ...view, week: addWeeks(view.week, -1, config.zone) })}
          aria-label="Previous week"
        >
          ←
        </button>
        <label className="sr-only" htmlFor="week-input">
          Week
        </label>
        <input
          id="week-input"
          type="week"
          className="rounded-md border border-surface-line px-2 py-1 text-sm"
          value={formatIsoWeek(view.week)}
          onChange={(e) => {
            const w = /^(\d{4})-W(\d{2})$/.exec(e.target.value);
            if (w) go({ ...view, week: { year: Number(w[1]), week: Number(w[2]) } });
          }}
        />
        <button
          type="button"
          className="btn"
          onClick={() => go({ ...view, week: addWeeks(view.week, 1, config.zone) })}
          aria-label="Next week"
        >
          →
        </button>
        <button type="button" className="btn" onClick={() => go({ ...view, week: today })}>
          Today
        </button>
        <SubjectPicker
          options={options}
          value={view.subject}
          onChange={(subject) => go({ ...view, subject, live: false })}
        />
        <label className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={view.allVersions}
            onChange={(e) => go({ ...view, allVersions: e.target.checked })}
          />{' '}
          All versions
        </label>
        {view.subject.kind === 'student' && config.liveSchedule ? (
          <label className="flex items-center gap-1 text-sm">
            <input type="checkbox" checked={view.live} onChange={(e) => go({ ...view, live: e.target.checked })} /> Live
            schedule with enrolment choices
          </label>
        ) : null}
        {config.projects.length > 1 ? (
          <select
            aria-label="Projects"
            className="max-w-[14rem] rounded-md border border-surface-line px-2 py-1 text-sm"
            value={view.projects.join(',')}
            onChange={(e) => go({ ...view, projects: e.target.value ? e.target.value.split(',').map(Number) : [] })}
          >
            <option value="">All projects</option>
            {config.projects.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.label}
              </option>
            ))}
          </select>
        ) : null}
        <span className="ml-auto flex gap-2">
          <button
            type="button"
            className="btn"
            disabled={shown.length === 0}
            onClick={() =>
              downloadCsv(`${fileStem}.csv`, WEEK_CSV_HEADER, weekCsvRows(shown, config.zone), { delimiter: ';' })
            }
          >
            Export CSV
          </button>
          <button type="button" className="btn" disabled={shown.length === 0 || useLive} onClick={exportIcs}>
            Export ICS
          </button>
          <button type="button" className="btn" onClick={() => window.print()}>
            Print
          </button>
        </span>
      </div>

      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <h2 className="font-semibold">
          Week {view.week.week} of {view.week.year} · {range} · {describeSubject(view.subject)}
        </h2>
        <p aria-live="polite" className="text-ink-muted" data-testid="live-status">
          {useLive
            ? 'Live schedule (read-only)'
            : week.data
              ? `Updated ${DateTime.fromMillis(week.data.updatedAt, { zone: config.zone }).toFormat('HH:mm')} · ${week.data.changedSinceLoad.size} ${week.data.changedSinceLoad.size === 1 ? 'change' : 'changes'}${plan.incremental ? '' : ' · full refresh every poll (your rights lack lastModified or modifiedSince)'}`
              : ''}
        </p>
      </div>

      {plan.missing.length > 0 ? (
        <div
          className="rounded-md border border-surface-line bg-surface p-3 text-sm print:hidden"
          data-testid="missing-rights"
        >
          <p className="font-medium">The grid works with what your rights give. Missing fields would add:</p>
          <ul className="mt-1 list-disc pl-5 text-ink-muted">
            {plan.missing.map((m) => (
              <li key={m.field}>
                <code>{m.field}</code>: {m.adds}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {exportError ? (
        <p role="alert" className="text-sm text-state-danger">
          {exportError}
        </p>
      ) : null}

      {error && (useLive ? !live.data : !week.data) ? (
        <UpstreamError
          title="The week could not be read"
          message={error.message}
          eventId={error instanceof ApiError ? error.eventId : null}
          onRetry={() => void (useLive ? live.refetch() : week.refetch())}
        />
      ) : pending ? (
        <GridSkeleton />
      ) : (
        <>
          {error ? (
            <p
              role="alert"
              className="rounded-md border border-state-warn bg-state-warn-bg p-2 text-sm text-state-warn"
            >
              Could not refresh: {error.message}
              {error instanceof ApiError && error.eventId ? ` (portal event ${error.eventId})` : ''}. Showing the week
              as read before.{' '}
              <button type="button" className="underline" onClick={() => void week.refetch()}>
                Try again
              </button>
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p
              role="status"
              className="rounded-lg border border-surface-line bg-surface p-6 text-center text-sm text-ink-muted"
            >
              No appointments in week {view.week.week} of {view.week.year} ({range}) for {describeSubject(view.subject)}
              .
            </p>
          ) : (
            <WeekGrid layout={layout} subject={view.subject} changed={changed} zone={config.zone} onOpen={setOpenId} />
          )}
        </>
      )}

      {openId !== null ? (
        <DetailsDialog
          record={openRecord ?? (openLive ? { ...openLive.appointment } : null)}
          loading={details.isFetching}
          note={
            config.rights.filterFields.includes('id')
              ? undefined
              : 'Your rights do not allow filtering on id, so only the fields the grid reads are shown.'
          }
          zone={config.zone}
          fieldKinds={config.fieldKinds}
          onClose={() => setOpenId(null)}
          extra={openLive ? <LiveAlternatives live={openLive} zone={config.zone} /> : null}
        />
      ) : null}
    </div>
  );
}
