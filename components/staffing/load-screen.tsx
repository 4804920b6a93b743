'use client';

import { DateField } from '@/components/ui/date-field';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CodeFailed } from '@/components/ui/code-failed';
import { useCodeOnDemand } from '@/lib/browser/use-code-on-demand.client';
import { DataTable } from '@/components/data-table/data-table';
import { ProjectSelect } from '@/components/ui/project-select';
import { WeekNav } from '@/components/ui/week-nav';
import { useBackgroundValue } from '@/lib/browser/use-background-value.client';
import { plusDays } from '@/lib/partner-api/calendar';
import { useFormats } from '@/lib/format/use-formats.client';
import { formatIsoWeek, mondayOf, type IsoWeek } from '@/lib/partner-api/weeks';
import { useTeacherLoad } from '@/lib/staffing/api.client';
import { computesSomething, matchesFilter, type LoadFilter } from '@/lib/staffing/figures';
import { usePageParams } from '@/lib/browser/page-params.client';
import type { PageAnswer } from '@/lib/api/contract';
import { LOAD_PARAMS, loadScope } from '@/lib/staffing/load-scope';
import type { StaffingAnswer } from '@/lib/staffing/types';
import type { TeacherLoad } from '@/lib/lessons/load-figures';
import { loadColumns, loadRow, type LoadLinks } from './load-columns';
import { LoadTotals, LoadTotalsSkeleton } from './load-totals';
import type { OpenLessons } from './lessons-panel';
import { RangeProgress, StaffingNotes } from './staffing-notes';
import { Select } from '@/components/ui/control';
import { cardClass } from '@/components/ui/card';
import { Toggle } from '@/components/ui/toggle';

// Its code loads when a figure is first opened: the page's first view shows none.
const loadLessonsPanel = () => import('./lessons-panel');

export interface LoadConfig {
  zone: string;
  today: IsoWeek;
  /** The first day of the current school year and today (ISO), for "school year to date". */
  schoolYear: { from: string; to: string };
  projects: { id: number; label: string }[];
}

const FILTERS: LoadFilter[] = ['over', 'under', 'absent', 'doubt'];

/**
 * Each teacher's load in a week or range against the contract: `/staffing/load?week=2026-W47`.
 * `first`: the week's figures as the server read them for the page (its table in the HTML), or null.
 */
export function LoadScreen({
  config,
  first,
}: {
  config: LoadConfig;
  first: PageAnswer<StaffingAnswer<TeacherLoad>> | null;
}) {
  const t = useTranslations('staffing');
  const f = useFormats();
  const page = usePageParams();
  const [askedFrom, askedTo, askedWeek, askedProject] = LOAD_PARAMS.map((key) => page.get(key));
  // Memoised on the address' values: the screen's later memos may rest on what it returns.
  const { scope, week, isRange, from, to, projects } = useMemo(
    () => loadScope({ from: askedFrom, to: askedTo, week: askedWeek, project: askedProject }, config.today),
    [askedFrom, askedTo, askedWeek, askedProject, config.today],
  );
  const filter = (FILTERS as string[]).includes(page.get('show') ?? '') ? (page.get('show') as LoadFilter) : null;
  // Titles in the school's words: "week 47", "2 nov – 29 nov".
  const scopeText = isRange ? `${f.dayMonth(from!)} – ${f.dayMonth(to!)}` : t('load.weekTitle', { week: week.week });
  const load = useTeacherLoad(scope, first);
  // The figures follow in a transition: the render of a hundred rows of links and figures (and
  // their totals, in the same commit) yields to the browser instead of one long task when the
  // week arrives. Never another week's or range's figures while they catch up.
  const scopeKey = JSON.stringify(scope);
  const latest = useMemo(() => (load.data ? { scopeKey, answer: load.data } : undefined), [load.data, scopeKey]);
  const later = useBackgroundValue(latest);
  const data = latest && later?.scopeKey === latest.scopeKey ? later.answer : undefined;
  const reading = load.isPending || (load.data !== undefined && data === undefined);
  const [open, setOpen] = useState<OpenLessons | null>(null);
  const { module: lessonsCode, failed: lessonsFailed, ask: askLessons } = useCodeOnDemand(loadLessonsPanel);
  const meta = data?.meta;
  const weeks = meta?.weeks.length ?? 1;

  const gridWeek = isRange ? (meta?.weeks[0] ?? formatIsoWeek(week)) : formatIsoWeek(week);
  const monday = mondayOf(week);
  const firstDay = isRange ? from! : monday;
  const lastDay = isRange ? to! : plusDays(monday, 6);
  const links = useMemo<LoadLinks>(
    () => ({
      week: (code) => `/timetable?${new URLSearchParams({ week: gridWeek, teacher: code })}`,
      contract: (code) => `/staffing/contracts?${new URLSearchParams({ employee: code, active: firstDay })}`,
      absences: (code) => `/staffing/absences?${new URLSearchParams({ from: firstDay, to: lastDay, q: code })}`,
      openLessons: (employee, name, figure) => {
        askLessons();
        setOpen({ employee, name, figure });
      },
    }),
    [gridWeek, firstDay, lastDay, setOpen, askLessons],
  );
  const shown = useMemo(() => (data?.data ?? []).filter((l) => matchesFilter(l, filter)), [data, filter]);
  const rows = useMemo(() => shown.map(loadRow), [shown]);
  const columns = useMemo(() => loadColumns(t, f, meta, links, weeks), [t, f, meta, links, weeks]);
  const nothing = meta !== undefined && !computesSomething(meta);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 print:hidden" role="group" aria-label={t('load.filter')}>
        <Toggle pressed={!isRange} onClick={() => page.set({ from: null, to: null, week: formatIsoWeek(week) })}>
          {t('load.week')}
        </Toggle>
        <Toggle pressed={isRange} onClick={() => page.set({ week: null, ...config.schoolYear })}>
          {t('load.schoolYear')}
        </Toggle>
        {isRange ? (
          <RangeInputs from={from!} to={to!} onChange={(patch) => page.set(patch)} />
        ) : (
          <WeekNav
            week={week}
            today={config.today}
            inputId="load-week"
            onWeek={(w) => page.set({ week: formatIsoWeek(w) })}
          />
        )}
        <label className="flex items-center gap-1 text-sm">
          {t('load.filter')}
          <Select value={filter ?? ''} onChange={(e) => page.set({ show: e.target.value || null })}>
            <option value="">{t('load.all')}</option>
            {FILTERS.map((k) => (
              <option key={k} value={k}>
                {t(`load.${k}`)}
              </option>
            ))}
          </Select>
        </label>
        <ProjectSelect
          projects={config.projects}
          value={projects}
          onChange={(ids) => page.set({ project: ids.join(',') })}
        />
      </div>
      {isRange ? <RangeProgress fetching={load.isFetching} progress={load.progress} /> : null}
      <StaffingNotes
        meta={meta}
        assumptions={[
          t('load.assumptions'),
          ...(isRange ? [t('load.sums')] : []),
          ...(meta?.skipped?.length ? [t('load.skipped', { weeks: meta.skipped.join(', ') })] : []),
        ]}
        source={t('load.source')}
      />
      {nothing ? (
        <p className={cardClass('default', 'text-sm')} role="status">
          {t('load.nothing')}
        </p>
      ) : (
        <>
          {data ? <LoadTotals loads={shown} /> : reading ? <LoadTotalsSkeleton /> : null}
          <DataTable
            tableId="teacher-load"
            columns={columns}
            rows={rows}
            loading={reading}
            error={load.error}
            onRetry={() => void load.refetch()}
            empty={t('load.empty', { scope: scopeText })}
            exportName={{
              endpoint: `lesbelasting-${isRange ? `${from}-${to}` : formatIsoWeek(week)}`,
              project: projects.length === 1 ? String(projects[0]) : 'all',
            }}
            zone={config.zone}
          />
        </>
      )}
      {open && lessonsCode ? (
        <lessonsCode.LessonsPanel
          scope={scope}
          open={open}
          scopeText={scopeText}
          zone={config.zone}
          onClose={() => setOpen(null)}
        />
      ) : open && lessonsFailed ? (
        <CodeFailed onRetry={askLessons} />
      ) : null}
    </div>
  );
}

/** The range's first and last day; only a real date is taken. */
function RangeInputs({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (patch: Record<string, string>) => void;
}) {
  const t = useTranslations('staffing.load');
  return (['from', 'to'] as const).map((key) => (
    <DateField
      key={key}
      label={t(key)}
      value={key === 'from' ? from : to}
      onChange={(d) => d && onChange({ [key]: d })}
    />
  ));
}
