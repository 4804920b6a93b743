'use client';

import { DateTime } from 'luxon';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { WeekNav } from '@/components/ui/week-nav';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import { filterRows, type MatrixRow } from '@/lib/overview/matrix';
import { useOverview, type OverviewSettings } from '@/lib/overview/use-overview.client';
import { OVERVIEW_KINDS, overviewQuery, readOverview, type FreeAt, type OverviewView } from '@/lib/overview/view';
import { addWeeks, formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import type { Appointment } from '@/lib/timetable/appointment';
import { useAppointmentDetails } from '@/lib/timetable/api.client';
import { blockTitle } from '@/lib/timetable/labels';
import { useWeekKeys } from '@/lib/timetable/use-week-keys.client';
import { viewQuery } from '@/lib/timetable/view';
import { dayName } from '@/lib/timetable/words';
import { pushQuery, replaceQuery } from '@/lib/url-state.client';
import { useBlockWords } from '@/components/timetable/appointment-block';
import { DetailsDialog, type FieldKinds } from '@/components/timetable/details-dialog';
import { GridSkeleton } from '@/components/timetable/grid-skeleton';
import { MissingRights, TimetableStatus } from '@/components/timetable/timetable-status';
import { ProjectSelect } from '@/components/ui/project-select';
import { ApiErrorState } from '@/components/ui/upstream-error';
import { RefreshFailed } from '@/components/timetable/refresh-failed';
import { FreeRooms } from './free-rooms';
import { CHANGED_TEXT, itemLabel, OverviewGrid, useGridTexts } from './overview-grid';
import { PrintTables, usePrinting } from './print-tables';
import './overview.css';

export interface OverviewConfig extends OverviewSettings {
  /** This week in the school's zone, as the server saw it. */
  today: IsoWeek;
  fieldKinds: FieldKinds;
}

const NARROW = '(max-width: 1023px)';
const subscribeNarrow = (change: () => void) => {
  const media = window.matchMedia(NARROW);
  media.addEventListener('change', change);
  return () => media.removeEventListener('change', change);
};
const isNarrow = () => window.matchMedia(NARROW).matches;
const notNarrow = () => false;

/** The current ISO weekday and minute in the school's zone, once mounted (never on the server). */
function useNow(zone: string) {
  const [now, setNow] = useState<{ week: IsoWeek; weekday: number; minute: number } | null>(null);
  useEffect(() => {
    const read = () => {
      const t = DateTime.now().setZone(zone);
      setNow({ week: { year: t.weekYear, week: t.weekNumber }, weekday: t.weekday, minute: t.hour * 60 + t.minute });
    };
    read();
    const timer = setInterval(read, 60_000);
    return () => clearInterval(timer);
  }, [zone]);
  return now;
}

/**
 * The view in React state for instant updates (typing in the search never waits for the router),
 * written to the address bar on every change; back/forward and links to another view read it again.
 */
function useOverviewUrl(today: IsoWeek) {
  const search = useSearchParams();
  const searchKey = search.toString();
  const [state, setState] = useState(() => ({
    view: readOverview(search, today),
    seen: searchKey,
    written: [searchKey],
  }));
  // The router reports addresses a moment later than they were written: only an address this
  // page did not write (a link, back or forward) replaces the view.
  if (searchKey !== state.seen) {
    setState({
      view: state.written.includes(searchKey) ? state.view : readOverview(search, today),
      seen: searchKey,
      written: state.written,
    });
  }
  useEffect(() => {
    const onPop = () => {
      const params = new URLSearchParams(window.location.search);
      setState((s) => ({ ...s, view: readOverview(params, today), written: [...s.written, params.toString()] }));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [today]);
  const write = useCallback((next: OverviewView, push: boolean) => {
    const query = overviewQuery(next);
    setState((s) => ({ ...s, view: next, written: [...s.written.slice(-30), query] }));
    (push ? pushQuery : replaceQuery)(query);
  }, []);
  const go = useCallback((next: OverviewView) => write(next, true), [write]);
  const replace = useCallback((next: OverviewView) => write(next, false), [write]);
  return { view: state.view, go, replace };
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
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, notNarrow);
  const now = useNow(config.zone);
  const printing = usePrinting();

  useWeekKeys({
    previous: () => go({ ...view, week: addWeeks(view.week, -1, config.zone) }),
    next: () => go({ ...view, week: addWeeks(view.week, 1, config.zone) }),
    today: () => go({ ...view, week: config.today }),
  });

  const thisWeek = now !== null && formatIsoWeek(now.week) === formatIsoWeek(view.week);
  // One day at a time on a narrow screen: the chosen one, else today, else the first.
  const day =
    view.day ??
    (narrow
      ? ((thisWeek && matrix.days.some((d) => d.weekday === now.weekday) ? now.weekday : null) ??
        matrix.days[0]?.weekday ??
        null)
      : null);
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
      <Toolbar
        view={view}
        today={config.today}
        zone={config.zone}
        projects={config.projects}
        go={go}
        replace={replace}
      />
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
        <p
          role="status"
          className="rounded-lg border border-surface-line bg-surface p-6 text-center text-sm text-ink-muted"
        >
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
            <Legend kind={view.by} />
          </div>
          <DayTabs view={view} days={matrix.days} day={day} narrow={narrow} go={go} />
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
            <p role="status" className="rounded-lg border border-surface-line bg-surface p-6 text-center text-sm">
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
                onOpen={(row, column, item) => setOpen({ row, column, item })}
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
          title={`${blockTitle(openItem.appointment, words)}${openItem.appointment.id !== null ? ` · ${openItem.appointment.id}` : ''}`}
          record={openRecord}
          names={data.people.data}
          loading={details.isFetching}
          note={config.rights.filterFields.includes('id') ? undefined : words.t('screen.noIdFilter')}
          zone={config.zone}
          fieldKinds={config.fieldKinds}
          onClose={() => setOpen(null)}
          extra={
            openItems.length > 1 ? (
              <div className="mt-4">
                <h3 className="text-sm font-semibold text-ink-muted">{t('details.others')}</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {openItems.map((item, k) =>
                    k === open.item ? null : (
                      <li key={`${item.appointment.key}:${k}`}>
                        <button
                          type="button"
                          className="text-left underline"
                          onClick={() => setOpen({ ...open, item: k })}
                        >
                          {itemLabel(item, matrix.columns[open.column]!.weekday, texts)}
                        </button>
                      </li>
                    ),
                  )}
                </ul>
              </div>
            ) : null
          }
        />
      ) : null}
    </div>
  );
}

function Toolbar({
  view,
  today,
  zone,
  projects,
  go,
  replace,
}: {
  view: OverviewView;
  today: IsoWeek;
  zone: string;
  projects: { id: number; label: string }[];
  go: (next: OverviewView) => void;
  replace: (next: OverviewView) => void;
}) {
  const t = useTranslations('overview');
  const toWeek = (week: IsoWeek) => go({ ...view, week });
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" role="toolbar" aria-label={t('toolbar.label')}>
      <WeekNav week={view.week} today={today} zone={zone} inputId="overview-week" onWeek={toWeek} />
      <div
        role="group"
        aria-label={t('toolbar.by')}
        className="flex overflow-hidden rounded-md border border-surface-line"
      >
        {OVERVIEW_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={view.by === kind}
            className={`px-3 py-1.5 text-sm ${view.by === kind ? 'bg-brand-strong font-semibold text-white' : 'bg-surface hover:bg-surface-sunken'}`}
            onClick={() => go({ ...view, by: kind, query: '' })}
          >
            {t(`kind.${kind}`)}
          </button>
        ))}
      </div>
      <span className="ml-auto flex items-center gap-2">
        <label className="flex items-center gap-1 text-sm">
          {t('toolbar.printAs')}
          <select
            className="rounded-md border border-surface-line px-1 py-1 text-sm"
            value={view.print}
            onChange={(e) => replace({ ...view, print: e.target.value === 'day' ? 'day' : 'week' })}
          >
            <option value="week">{t('toolbar.printWeek')}</option>
            <option value="day">{t('toolbar.printDay')}</option>
          </select>
        </label>
        <button type="button" className="btn" onClick={() => window.print()}>
          {t('toolbar.print')}
        </button>
      </span>
      <div className="flex basis-full flex-wrap items-center gap-2">
        <ProjectSelect projects={projects} value={view.projects} onChange={(ids) => go({ ...view, projects: ids })} />
        <label className="sr-only" htmlFor="overview-search">
          {t('toolbar.search')}
        </label>
        <input
          id="overview-search"
          type="search"
          className="w-40 rounded-md border border-surface-line px-2 py-1 text-sm"
          placeholder={t(`toolbar.searchPlaceholder.${view.by}`)}
          value={view.query}
          onChange={(e) => replace({ ...view, query: e.target.value })}
        />
        <label className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={view.changesOnly}
            onChange={(e) => go({ ...view, changesOnly: e.target.checked })}
          />
          {t('toolbar.changesOnly')}
        </label>
      </div>
    </div>
  );
}

function DayTabs({
  view,
  days,
  day,
  narrow,
  go,
}: {
  view: OverviewView;
  days: { weekday: number; date: string }[];
  day: number | null;
  narrow: boolean;
  go: (next: OverviewView) => void;
}) {
  const t = useTranslations('overview.toolbar');
  const words = useBlockWords();
  const formats = useFormats();
  return (
    <div role="group" aria-label={t('day')} className="flex flex-wrap gap-1 print:hidden">
      {narrow ? null : (
        <button
          type="button"
          aria-pressed={day === null}
          className={`rounded-md border px-2 py-0.5 text-xs ${day === null ? 'border-brand-strong bg-brand-soft font-semibold text-brand-strong' : 'border-surface-line bg-surface'}`}
          onClick={() => go({ ...view, day: null })}
        >
          {t('wholeWeek')}
        </button>
      )}
      {days.map((d) => (
        <button
          key={d.date}
          type="button"
          aria-pressed={day === d.weekday}
          className={`rounded-md border px-2 py-0.5 text-xs ${day === d.weekday ? 'border-brand-strong bg-brand-soft font-semibold text-brand-strong' : 'border-surface-line bg-surface'}`}
          onClick={() => go({ ...view, day: d.weekday })}
        >
          {dayName(d.weekday, words.locale)} {formats.dayMonth(d.date)}
        </button>
      ))}
    </div>
  );
}

function Legend({ kind }: { kind: OverviewView['by'] }) {
  const t = useTranslations('overview.legend');
  const labels = useTranslations('labels');
  const swatch = 'overview-chip inline-block rounded-sm border px-1';
  return (
    <ul aria-label={t('label')} className="flex flex-wrap items-center gap-2" data-testid="overview-legend">
      <li className="flex items-center gap-1">
        <span
          aria-hidden
          className={`${swatch} border-dashed border-state-cancelled bg-state-cancelled-bg text-ink-muted line-through`}
        >
          4h1
        </span>
        {labels('change.cancelled')}
      </li>
      <li className="flex items-center gap-1">
        <span aria-hidden className={`${swatch} border-state-changed bg-appt-lesson`}>
          <span className={CHANGED_TEXT}>102</span>
        </span>
        {t('changed')} ({labels('change.substitute').toLowerCase()}, {labels('change.roomChange').toLowerCase()},{' '}
        {labels('change.moved').toLowerCase()})
      </li>
      <li className="flex items-center gap-1">
        <span aria-hidden className={`${swatch} border-l-[3px] border-state-new bg-appt-lesson`}>
          4h1
        </span>
        {labels('change.added')}
      </li>
      <li className="flex items-center gap-1">
        <span
          aria-hidden
          className={`${swatch} bg-appt-lesson outline outline-2 -outline-offset-2 outline-state-danger`}
        >
          4h1
        </span>
        {t('clash')}
      </li>
      {kind === 'location' ? (
        <li className="flex items-center gap-1">
          <span aria-hidden className={`${swatch} border-surface-line bg-state-ok-bg`}>
            &nbsp;&nbsp;&nbsp;
          </span>
          {t('free')}
        </li>
      ) : null}
    </ul>
  );
}
