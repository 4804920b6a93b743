'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { ApiError, apiFetchFile } from '@/lib/api/http.client';
import { attachmentName, downloadBlob, downloadCsv } from '@/lib/csv/download';
import { weekRange } from '@/lib/format/dates';
import { addWeeks, formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { useAppointmentDetails } from '@/lib/timetable/api.client';
import { WEEK_CSV_HEADER, weekCsvRows } from '@/lib/timetable/export';
import { blockTitle } from '@/lib/timetable/labels';
import { useTimetable, type TimetableSettings } from '@/lib/timetable/use-timetable.client';
import { useWeekKeys } from '@/lib/timetable/use-week-keys.client';
import { pushQuery } from '@/lib/url-state.client';
import { describeSubject, readView, viewQuery, type TimetableView } from '@/lib/timetable/view';
import { UpstreamError } from '@/components/ui/upstream-error';
import { DetailsDialog, type FieldKinds } from './details-dialog';
import { GridSkeleton } from './grid-skeleton';
import { LiveAlternatives } from './live-alternatives';
import { subjectOptions } from './subject-options';
import { MissingRights, TimetableStatus } from './timetable-status';
import { TimetableToolbar } from './timetable-toolbar';
import { WeekGrid } from './week-grid';

/** /liveschedule fields are not in the spec: all of them are shown as the portal sent them. */
const NO_KINDS: FieldKinds = {};

export interface TimetableConfig extends TimetableSettings {
  /** This week in the school's zone, as the server saw it. */
  today: IsoWeek;
  /** Supported/unsupported and timestamp flags of the granted fields (the catalogue stays on the server). */
  fieldKinds: FieldKinds;
}

/** The timetable page: the view from the URL, the week's data, the grid, details and exports. */
export function TimetableScreen({ config }: { config: TimetableConfig }) {
  const search = useSearchParams();
  const view = readView(search, config.today);
  const go = useCallback((next: TimetableView) => pushQuery(viewQuery(next)), []);
  const t = useTimetable(config, view);
  const people = t.people.data;
  const summary = t.week.data?.summary;
  const options = useMemo(() => subjectOptions(t.appointments, people, summary), [t.appointments, people, summary]);

  const [openKey, setOpenKey] = useState<string | null>(null);
  const openAppointment = openKey === null ? undefined : t.appointments.find((a) => a.key === openKey);
  const details = useAppointmentDetails(
    openAppointment?.id ?? null,
    config.rights.readFields,
    config.rights.filterFields.includes('id') && !t.live,
    t.input,
  );
  const openSlot = t.live ? t.slots.find((s) => s.appointment.key === openKey) : undefined;
  const openRecord =
    details.data ??
    (openAppointment?.id != null ? (t.week.data?.byId.get(openAppointment.id) ?? null) : null) ??
    openSlot?.record ??
    null;

  useWeekKeys({
    previous: () => go({ ...view, week: addWeeks(view.week, -1, config.zone) }),
    next: () => go({ ...view, week: addWeeks(view.week, 1, config.zone) }),
    today: () => go({ ...view, week: config.today }),
  });

  const { start, end } = weekWindow(view.week, config.zone);
  const range = weekRange(start, end, config.zone);
  const who = describeSubject(view.subject, people);
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
  const { error, isPending, refetch } = t.source;
  const ready = !isPending && !!t.source.data;

  return (
    <div className="space-y-3">
      <TimetableToolbar
        view={view}
        today={config.today}
        zone={config.zone}
        options={options}
        canLive={config.liveSchedule}
        projects={config.projects}
        canExport={{ csv: ready && t.shown.length > 0, ics: ready && t.shown.length > 0 && !t.live }}
        onChange={go}
        onExportCsv={() =>
          downloadCsv(`${fileStem}.csv`, WEEK_CSV_HEADER, weekCsvRows(t.shown, config.zone), { delimiter: ';' })
        }
        onExportIcs={exportIcs}
      />
      <TimetableStatus
        heading={`Week ${view.week.week} of ${view.week.year} · ${range} · ${who}`}
        live={t.live}
        loading={isPending}
        week={t.week.data}
        changes={t.changes}
        plan={t.plan}
        zone={config.zone}
      />
      {t.live ? null : <MissingRights plan={t.plan} />}
      {exportError ? (
        <p role="alert" className="text-sm text-state-danger">
          {exportError}
        </p>
      ) : null}

      {t.plan.cannotSelect && !t.live ? (
        <p
          role="status"
          className="rounded-lg border border-surface-line bg-surface p-6 text-center text-sm"
          data-testid="cannot-select"
        >
          {t.plan.cannotSelect}
        </p>
      ) : error && !t.source.data ? (
        <UpstreamError
          title="The week could not be read"
          message={error.message}
          eventId={error instanceof ApiError ? error.eventId : null}
          onRetry={() => void refetch()}
        />
      ) : isPending ? (
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
              <button type="button" className="underline" onClick={() => void refetch()}>
                Try again
              </button>
            </p>
          ) : null}
          {t.shown.length === 0 ? (
            <p
              role="status"
              className="rounded-lg border border-surface-line bg-surface p-6 text-center text-sm text-ink-muted"
            >
              No appointments in week {view.week.week} of {view.week.year} ({range}) for {who}.
            </p>
          ) : (
            <WeekGrid
              layout={t.layout}
              subject={view.subject}
              changed={t.week.data?.changedSinceLoad ?? new Set<number>()}
              zone={config.zone}
              onOpen={setOpenKey}
            />
          )}
        </>
      )}

      {openKey !== null ? (
        <DetailsDialog
          title={
            openAppointment
              ? `${blockTitle(openAppointment)}${openAppointment.id !== null ? ` · ${openAppointment.id}` : ''}`
              : 'Appointment'
          }
          record={openRecord}
          otherHeading={t.live ? 'As the live schedule sent it' : undefined}
          loading={details.isFetching}
          note={
            config.rights.filterFields.includes('id') || t.live
              ? undefined
              : 'Your rights do not allow filtering on id, so only the fields the grid reads are shown.'
          }
          zone={config.zone}
          fieldKinds={t.live ? NO_KINDS : config.fieldKinds}
          onClose={() => setOpenKey(null)}
          extra={openSlot ? <LiveAlternatives live={openSlot} zone={config.zone} /> : null}
        />
      ) : null}
    </div>
  );
}
