'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useId, useMemo, useState } from 'react';
import { ApiError, apiFetchFile } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { attachmentName, downloadBlob } from '@/lib/csv/download';
import { useCsvDownload } from '@/lib/csv/use-csv-download.client';
import { useFormats } from '@/lib/format/use-formats.client';
import { addWeeks, formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { icsUrl, useAppointmentDetails } from '@/lib/timetable/api.client';
import type { FirstWeek } from '@/lib/timetable/week-params';
import { weekCsvHeader, weekCsvRows } from '@/lib/timetable/export';
import { cannotSelectText } from '@/lib/timetable/fields';
import { changeSentences, detailsTitle, timeRange } from '@/lib/timetable/labels';
import { clashesWith } from '@/lib/timetable/overview/clashes';
import { useStartReads, useTimetable, type TimetableSettings } from '@/lib/timetable/use-timetable.client';
import { useWeekKeys } from '@/lib/timetable/use-week-keys.client';
import { pushQuery } from '@/lib/url-state.client';
import { describeSubject, readView, viewQuery, type TimetableView } from '@/lib/timetable/view';
import { ApiErrorState } from '@/components/ui/upstream-error';
import { onDemand } from '@/components/ui/on-demand';
import { RefreshFailed } from '@/components/timetable/refresh-failed';
import { useBlockWords } from './appointment-block';
import type { FieldKinds } from './details-dialog';
import { changeItems } from './changes-list';
import { GridLegend, LegendToggle } from './grid-legend';
import { GridSkeleton } from './grid-skeleton';
import { subjectOptions } from './subject-options';
import { MissingRights, TimetableStatus } from './timetable-status';
import { TimetableToolbar } from './timetable-toolbar';
import { WeekGrid } from './week-grid';
import { DayTabs } from '@/components/ui/day-tabs';
import { PHONE, useMediaQuery } from '@/lib/browser/use-media.client';
import { dayOf } from '@/lib/timetable/layout';
import { serverToday, shownDay, type FirstPaint } from '@/lib/timetable/shown-day';
import { useNow } from '@/lib/timetable/use-now.client';
import { cardClass } from '@/components/ui/card';

/** /liveschedule fields are not in the spec: all of them are shown as the portal sent them. */
const NO_KINDS: FieldKinds = {};

// An appointment's details (and a live slot's alternatives in them) are drawn when one is opened:
// their code is fetched then, not with the page.
const DetailsDialog = onDemand(() => import('./details-dialog').then((m) => m.DetailsDialog), { floating: true });
const LiveAlternatives = onDemand(() => import('./live-alternatives').then((m) => m.LiveAlternatives));
const NO_IDS: ReadonlySet<number> = new Set();

export interface TimetableConfig extends TimetableSettings, FirstPaint {
  /** This week in the school's zone, as the server saw it. */
  today: IsoWeek;
  /** Supported/unsupported and timestamp flags of the granted fields (the catalogue stays on the server). */
  fieldKinds: FieldKinds;
}

/**
 * The timetable page: the view from the URL, the week's data, the grid, details and exports.
 * `first`: the week the page came with, read on the server (drawn in the page's HTML).
 */
export function TimetableScreen({ config, first = null }: { config: TimetableConfig; first?: FirstWeek | null }) {
  const errorText = useApiErrorText();
  const search = useSearchParams();
  const view = readView(search, config.today);
  const startReads = useStartReads(config);
  const go = useCallback(
    (next: TimetableView) => {
      startReads(next);
      pushQuery(viewQuery(next));
    },
    [startReads],
  );
  const words = useBlockWords();
  const tt = words.t;
  const formats = useFormats();
  const t = useTimetable(config, view, first);
  const people = t.people.data;
  const summary = t.weekData?.summary;
  const options = useMemo(
    () => subjectOptions(t.appointments, people, tt, summary),
    [t.appointments, people, tt, summary],
  );

  const [openKey, setOpenKey] = useState<string | null>(null);
  const { askPeople } = t;
  // The details name the people beside their codes.
  const openDetails = useCallback(
    (key: string) => {
      askPeople();
      setOpenKey(key);
    },
    [askPeople],
  );
  const openAppointment = openKey === null ? undefined : t.appointments.find((a) => a.key === openKey);
  const details = useAppointmentDetails(
    openAppointment?.id ?? null,
    config.rights.readFields,
    config.rights.filterFields.includes('id') && !t.live,
    t.input,
  );
  // What changed, in words with the previous version where it is known (the block may show only part).
  const openChange = openAppointment
    ? changeSentences(openAppointment, t.versionChanges.get(openAppointment.key), words, config.zone)
    : [];
  // What it clashes with, by the rule the grid marks it by (its red outline and "!").
  // Each named as in the details' title, with its times as the grid shows them (its placed block).
  const openClashes = openAppointment
    ? clashesWith(openAppointment, t.shown, view.subject).map((c) => {
        const placed = t.layout.blocks.find((b) => b.appointment === c);
        return placed ? `${detailsTitle(c, words)} ${timeRange(placed)}` : detailsTitle(c, words);
      })
    : [];
  const openSlot = t.live ? t.slots.find((s) => s.appointment.key === openKey) : undefined;
  const openRecord =
    details.data ??
    (openAppointment?.id != null ? (t.weekData?.byId.get(openAppointment.id) ?? null) : null) ??
    openSlot?.record ??
    null;

  useWeekKeys({
    previous: () => go({ ...view, week: addWeeks(view.week, -1) }),
    next: () => go({ ...view, week: addWeeks(view.week, 1) }),
    today: () => go({ ...view, week: config.today }),
  });

  const { start, end } = weekWindow(view.week, config.zone);
  const range = formats.weekRange(start, end, config.zone);
  const who = describeSubject(view.subject, tt, people);
  const fileStem = `timetable-${formatIsoWeek(view.week)}-${view.subject.kind === 'school' ? 'school' : view.subject.code}`;
  const [exportError, setExportError] = useState<string | null>(null);
  const csvFile = useCsvDownload();
  const exportIcs = async () => {
    setExportError(null);
    try {
      const res = await apiFetchFile(icsUrl(viewQuery(view)));
      downloadBlob(attachmentName(res, `${fileStem}.ics`), await res.blob());
    } catch (e) {
      setExportError(e instanceof ApiError ? errorText(e) : tt('screen.exportFailed'));
    }
  };
  const { error, isPending, refetch } = t.source;
  const ready = !isPending && !!t.source.data;
  const showGrid = !(t.plan.cannotSelect && !t.live) && !isPending && !!t.source.data && t.shown.length > 0;
  const [legendOpen, setLegendOpen] = useState(false);
  const legendId = useId();
  const changedIds = t.weekData?.changedSinceLoad ?? NO_IDS;
  const changeList = useMemo(
    () => changeItems(t.layout, changedIds, t.versionChanges, words, config.zone),
    [t.layout, changedIds, t.versionChanges, words, config.zone],
  );
  const types = useMemo(() => [...new Set(t.shown.map((a) => a.type))].sort(), [t.shown]);
  // On a phone one day at a time: the one in the URL, else today in this week, else the first.
  const phone = useMediaQuery(PHONE, config.handheld);
  const now = useNow(config.zone);
  const day = shownDay(view.day, phone, t.layout.days, now ?? serverToday(config), view.week);
  const layout = useMemo(() => dayOf(t.layout, day), [t.layout, day]);

  return (
    <div className="space-y-3">
      <TimetableToolbar
        view={view}
        today={config.today}
        options={options}
        canLive={config.liveSchedule}
        projects={config.projects}
        canExport={{ csv: ready && t.shown.length > 0, ics: ready && t.shown.length > 0 && !t.live }}
        onChange={go}
        onPickerIntent={t.askPeople}
        names={t.names}
        onExportCsv={() =>
          void csvFile.download(`${fileStem}.csv`, weekCsvHeader(tt), weekCsvRows(t.shown, config.zone, words), {
            delimiter: ';',
          })
        }
        onExportIcs={exportIcs}
      />
      <TimetableStatus
        heading={tt('status.heading', { week: String(view.week.week), year: String(view.week.year), range, who })}
        live={t.live}
        loading={isPending}
        week={t.weekData}
        changes={t.changes}
        weekOf={view.week}
        changeList={changeList}
        plan={t.plan}
        zone={config.zone}
      >
        {showGrid ? (
          <LegendToggle open={legendOpen} controls={legendId} onToggle={() => setLegendOpen(!legendOpen)} />
        ) : null}
      </TimetableStatus>
      {t.live ? null : <MissingRights plan={t.plan} />}
      {exportError || csvFile.error ? (
        <p role="alert" className="text-sm text-state-danger">
          {exportError ?? csvFile.error}
        </p>
      ) : null}

      {t.plan.cannotSelect && !t.live ? (
        <p role="status" className={cardClass('roomy', 'text-center text-sm')} data-testid="cannot-select">
          {cannotSelectText(t.plan.cannotSelect, tt)}
        </p>
      ) : error && !t.source.data ? (
        <ApiErrorState title={tt('screen.readFailed')} error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <GridSkeleton />
      ) : (
        <>
          {error ? <RefreshFailed error={error} onRetry={() => void refetch()} /> : null}
          {t.shown.length === 0 ? (
            <p role="status" className={cardClass('roomy', 'text-center text-sm text-ink-muted')}>
              {tt('screen.empty', { week: String(view.week.week), year: String(view.week.year), range, who })}
            </p>
          ) : (
            <>
              {phone || view.day !== null ? (
                <DayTabs
                  days={t.layout.days}
                  day={day}
                  wholeWeek={!phone}
                  onDay={(weekday) => go({ ...view, day: weekday })}
                />
              ) : null}
              <WeekGrid
                layout={layout}
                subject={view.subject}
                changed={changedIds}
                changes={t.versionChanges}
                zone={config.zone}
                onOpen={openDetails}
              />
              <GridLegend id={legendId} open={legendOpen} types={types} labels={words.labels} />
            </>
          )}
        </>
      )}

      {openKey !== null ? (
        <DetailsDialog
          title={openAppointment ? detailsTitle(openAppointment, words) : tt('screen.appointment')}
          record={openRecord}
          names={people}
          otherHeading={t.live ? tt('screen.liveFields') : undefined}
          loading={details.isFetching}
          note={config.rights.filterFields.includes('id') || t.live ? undefined : tt('screen.noIdFilter')}
          zone={config.zone}
          fieldKinds={t.live ? NO_KINDS : config.fieldKinds}
          onClose={() => setOpenKey(null)}
          extra={
            openSlot ? (
              <LiveAlternatives live={openSlot} zone={config.zone} />
            ) : openChange.length > 0 || openClashes.length > 0 ? (
              <>
                {openChange.length > 0 ? (
                  <p
                    className="rounded-md bg-state-changed-bg p-2 text-sm text-state-changed"
                    data-testid="details-change"
                  >
                    {openChange.join(', ')}
                  </p>
                ) : null}
                {openClashes.length > 0 ? (
                  <p
                    className="rounded-md bg-state-danger-bg p-2 text-sm text-state-danger"
                    data-testid="details-clash"
                  >
                    {tt('screen.clashesWith', {
                      list: openClashes.join('; '),
                    })}
                  </p>
                ) : null}
              </>
            ) : null
          }
        />
      ) : null}
    </div>
  );
}
