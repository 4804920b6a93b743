'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import { filterRows, type MatrixRow } from '@/lib/timetable/overview/matrix';
import { NARROW, useMediaQuery } from '@/lib/browser/use-media.client';
import { serverToday, shownDay, type FirstPaint } from '@/lib/timetable/shown-day';
import { useNow } from '@/lib/timetable/use-now.client';
import { useOverview, type OverviewSettings } from '@/lib/timetable/overview/use-overview.client';
import { useOverviewUrl } from '@/lib/timetable/overview/use-overview-url.client';
import type { FreeAt } from '@/lib/timetable/overview/view';
import { addWeeks, formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import type { Appointment } from '@/lib/timetable/appointment';
import { useAppointmentDetails } from '@/lib/timetable/api.client';
import { blockTitle, detailsTitle } from '@/lib/timetable/labels';
import { useWeekKeys } from '@/lib/timetable/use-week-keys.client';
import { viewQuery } from '@/lib/timetable/view';
import { useBlockWords } from '@/components/timetable/appointment-block';
import type { FieldKinds } from '@/components/timetable/details-dialog';
import { onDemand } from '@/components/ui/on-demand';
import { GridSkeleton } from '@/components/timetable/grid-skeleton';
import { MissingRights, TimetableStatus } from '@/components/timetable/timetable-status';
import { ApiErrorState } from '@/components/ui/upstream-error';
import { RefreshFailed } from '@/components/timetable/refresh-failed';
import { DayTabs } from '@/components/ui/day-tabs';
import { FreeRooms } from './free-rooms';
import { OtherItems } from './other-items';
import { OverviewGrid } from './overview-grid';
import { useGridTexts } from './grid-texts';
import { OverviewLegend } from './overview-legend';
import { OverviewToolbar } from './overview-toolbar';
import { PrintTables, usePrinting } from './print-tables';
import './overview.css';
import { cardClass } from '@/components/ui/card';

// An appointment's details are drawn when one is opened: their code is fetched then, not with the
// page (as on the timetable).
const DetailsDialog = onDemand(() => import('@/components/timetable/details-dialog').then((m) => m.DetailsDialog), {
  floating: true,
});

export interface OverviewConfig extends OverviewSettings, FirstPaint {
  /** This week in the school's zone, as the server saw it. */
  today: IsoWeek;
  fieldKinds: FieldKinds;
}

interface Open {
  row: MatrixRow;
  column: number;
  item: number;
}

/** /timetable/overview: the week of every teacher, group or room as one matrix. */
export function OverviewScreen({ config }: { config: OverviewConfig }) {
  const { view, go, replace } = useOverviewUrl(config.today);
  const t = useTranslations('overview');
  const words = useBlockWords();
  const formats = useFormats();
  const title = useCallback((a: Appointment) => blockTitle(a, words), [words]);
  const data = useOverview(config, view, title);
  const { matrix } = data;
  const names = view.by === 'teacher' ? data.people.data : undefined;
  const narrow = useMediaQuery(NARROW, config.handheld);
  const now = useNow(config.zone);
  const printing = usePrinting();

  useWeekKeys({
    previous: () => go({ ...view, week: addWeeks(view.week, -1) }),
    next: () => go({ ...view, week: addWeeks(view.week, 1) }),
    today: () => go({ ...view, week: config.today }),
  });

  const thisWeek = now !== null && formatIsoWeek(now.week) === formatIsoWeek(view.week);
  // One day at a time on a narrow screen: the chosen one, else today, else the first.
  const day = shownDay(view.day, narrow, matrix.days, now ?? serverToday(config), view.week);
  const indexes = useMemo(
    () => matrix.columns.flatMap((c, i) => (day === null || c.weekday === day ? [i] : [])),
    [matrix.columns, day],
  );
  const rows = useMemo(
    () => filterRows(matrix.rows, view.query, view.changesOnly, (code) => names?.get(code)?.name),
    [matrix.rows, view.query, view.changesOnly, names],
  );
  const projectsKey = view.projects.join(',');
  const { year, week: weekNumber } = view.week;
  const hrefOf = useCallback(
    (code: string) => {
      const projects = projectsKey ? projectsKey.split(',').map(Number) : [];
      const week = { year, week: weekNumber };
      const subject = { kind: view.by, code };
      return `/timetable?${viewQuery({ week, subject, projects, allVersions: false, live: false, day: null })}`;
    },
    [year, weekNumber, view.by, projectsKey],
  );
  const texts = useGridTexts(view.by);

  const nowAt = useMemo<FreeAt | null>(() => {
    if (!thisWeek) return null;
    const p = matrix.periods.find((p) => now.minute >= p.start && now.minute < p.end);
    return p && matrix.days.some((d) => d.weekday === now.weekday) ? { weekday: now.weekday, period: p.name } : null;
  }, [thisWeek, now, matrix.periods, matrix.days]);
  const firstAt =
    matrix.days[0] && matrix.periods[0] ? { weekday: matrix.days[0].weekday, period: matrix.periods[0].name } : null;
  const freeAt = view.free ?? nowAt ?? firstAt;

  const [open, setOpen] = useState<Open | null>(null);
  const openItems = open ? (open.row.cells[open.column] ?? []) : [];
  const openItem = openItems[open?.item ?? 0];
  const details = useAppointmentDetails(
    openItem?.appointment.id ?? null,
    config.rights.readFields,
    config.rights.filterFields.includes('id'),
    data.input,
  );
  const openRecord =
    details.data ??
    (openItem?.appointment.id != null ? (data.week.data?.byId.get(openItem.appointment.id) ?? null) : null);

  const { start, end } = weekWindow(view.week, config.zone);
  const range = formats.weekRange(start, end, config.zone);
  const heading = t('status.heading', {
    week: String(view.week.week),
    year: String(view.week.year),
    range,
    kind: t(`kind.${view.by}`),
  });
  const changedSinceLoad = data.week.data?.changedSinceLoad;
  const changes = useMemo(
    () => (changedSinceLoad ? data.shown.filter((a) => a.id !== null && changedSinceLoad.has(a.id)).length : 0),
    [data.shown, changedSinceLoad],
  );
  const { error, isPending, refetch } = data.week;
  const counts = useMemo(
    () => ({
      rows: matrix.rows.length,
      changed: matrix.rows.filter((r) => r.changed).length,
      clashes: matrix.rows.filter((r) => r.clashes > 0).length,
    }),
    [matrix.rows],
  );

  return (
    <div className="space-y-3">
      <OverviewToolbar view={view} today={config.today} projects={config.projects} go={go} replace={replace} />
      <TimetableStatus
        heading={heading}
        live={false}
        loading={isPending}
        week={data.week.data}
        changes={changes}
        weekOf={view.week}
        plan={data.plan}
        zone={config.zone}
      />
      <MissingRights plan={data.plan} />
      {data.plan.cannotSelect ? null : error && !data.week.data ? (
        <ApiErrorState title={words.t('screen.readFailed')} error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <GridSkeleton />
      ) : data.shown.length === 0 ? (
        <p role="status" className={cardClass('roomy', 'text-center text-sm text-ink-muted')}>
          {t('status.empty', { week: String(view.week.week), year: String(view.week.year), range })}
        </p>
      ) : (
        <>
          {error ? <RefreshFailed error={error} onRetry={() => void refetch()} /> : null}
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs print:hidden">
            <p className="text-ink-muted" data-testid="overview-counts">
              {t('status.counts', counts)}
              {rows.length !== matrix.rows.length
                ? ` · ${t('status.filtered', { shown: rows.length, rows: matrix.rows.length })}`
                : ''}
            </p>
            <OverviewLegend kind={view.by} />
          </div>
          <DayTabs
            days={matrix.days}
            day={day}
            wholeWeek={!narrow}
            onDay={(weekday) => go({ ...view, day: weekday })}
          />
          {view.by === 'location' ? (
            <FreeRooms
              matrix={matrix}
              at={freeAt}
              now={nowAt}
              locale={words.locale}
              hrefOf={hrefOf}
              onChange={(at) => replace({ ...view, free: at })}
            />
          ) : null}
          {rows.length === 0 ? (
            <p role="status" className={cardClass('roomy', 'text-center text-sm')}>
              {t('status.noRows')}
            </p>
          ) : (
            <div className="print:hidden">
              <OverviewGrid
                matrix={matrix}
                rows={rows}
                indexes={indexes}
                texts={texts}
                names={names}
                hrefOf={hrefOf}
                label={t('grid.label', { kind: t(`kind.${view.by}`) })}
                onOpen={(row, column, item) => {
                  data.askPeople();
                  setOpen({ row, column, item });
                }}
                narrow={narrow}
              />
            </div>
          )}
          {printing ? (
            <PrintTables
              matrix={matrix}
              rows={rows}
              indexes={indexes}
              perDay={view.print === 'day'}
              heading={heading}
              texts={texts}
              names={names}
            />
          ) : null}
        </>
      )}

      {open && openItem ? (
        <DetailsDialog
          title={detailsTitle(openItem.appointment, words)}
          record={openRecord}
          names={data.people.data}
          loading={details.isFetching}
          note={config.rights.filterFields.includes('id') ? undefined : words.t('screen.noIdFilter')}
          zone={config.zone}
          fieldKinds={config.fieldKinds}
          onClose={() => setOpen(null)}
          extra={
            openItems.length > 1 ? (
              <OtherItems
                items={openItems}
                current={open.item}
                weekday={matrix.columns[open.column]!.weekday}
                texts={texts}
                onPick={(item) => setOpen({ ...open, item })}
              />
            ) : null
          }
        />
      ) : null}
    </div>
  );
}
