import { PendingLink } from '@/components/ui/pending-link';
import { getTranslations } from 'next-intl/server';
import { figureColumn, ReportTable, type ReportColumn } from '@/components/ui/report-table';
import type { Formats } from '@/lib/format/dates';
import { isoDateAt } from '@/lib/partner-api/calendar';
import type { CohortRow, KlasRow, StudentRow, WeekPoint } from '@/lib/onderwijstijd/figures';
import type { MissedLesson } from '@/lib/onderwijstijd/hours';
import { onderwijstijdPaths } from '@/lib/onderwijstijd/paths';
import { weekShare } from './lesuitval-chart';

// Onderwijstijd's tables, drawn on the server, each with its CSV: per opleiding and leerjaar, per
// klas (each a link to its students), per student (each a link to their lessons that did not
// happen), those lessons, and lesuitval week by week beside its chart.

type Period = { from: string; to: string };
type T = Awaited<ReturnType<typeof getTranslations<'onderwijstijd'>>>;

const hoursColumns = <
  R extends {
    programmedHours: number;
    realizedHours: number;
    expectedHours: number;
    cancelledHours: number;
    lesuitval: number | null;
  },
>(
  t: Awaited<ReturnType<typeof getTranslations<'onderwijstijd'>>>,
  f: Formats,
): ReportColumn<R>[] => [
  figureColumn(t('columns.programmed'), (r) => r.programmedHours, f.hours),
  figureColumn(t('columns.realised'), (r) => r.realizedHours, f.hours),
  figureColumn(t('columns.expected'), (r) => r.expectedHours, f.hours),
  figureColumn(t('columns.cancelled'), (r) => r.cancelledHours, f.hours),
  figureColumn(t('columns.lesuitval'), (r) => r.lesuitval, f.percent),
];

/** A klas, a link to its page for the period (`open`: the link's name for a screen reader). */
export function klasColumn<R extends { group: string }>(
  t: T,
  period: Period,
  open: (klas: string) => string,
  /** The part of the klas's page the link opens at (its id), if not the top. */
  at?: string,
): ReportColumn<R> {
  return {
    label: t('columns.klas'),
    cell: (r) => (
      <PendingLink
        href={`${onderwijstijdPaths.page({ ...period, group: r.group })}${at ? `#${at}` : ''}`}
        className="text-brand-strong underline"
        aria-label={open(r.group)}
        translate="no"
      >
        {r.group}
      </PendingLink>
    ),
    csv: (r) => r.group,
  };
}

/** Whether a student is below the norm to date: yes, no, or — where their klas has no norm. */
export function belowNormColumn<R extends { belowNorm: boolean | null }>(t: T): ReportColumn<R> {
  const word = (r: R) => (r.belowNorm === null ? null : r.belowNorm ? t('yes') : t('no'));
  return { label: t('columns.belowNorm'), cell: (r) => word(r) ?? '—', csv: (r) => word(r) ?? '' };
}

export async function CohortTable({ rows, f }: { rows: CohortRow[]; f: Formats }) {
  const t = await getTranslations('onderwijstijd');
  const columns: ReportColumn<CohortRow>[] = [
    { label: t('columns.opleiding'), cell: (r) => t(`opleidingen.${r.opleiding}`), csv: (r) => r.opleiding },
    figureColumn(t('columns.leerjaar'), (r) => r.leerjaar, String),
    { label: t('columns.klassen'), cell: (r) => r.klassen.join(', '), csv: (r) => r.klassen.join(' ') },
    figureColumn(t('columns.students'), (r) => r.students, f.count),
    ...hoursColumns<CohortRow>(t, f),
    figureColumn(t('columns.normToDate'), (r) => r.normToDateHours, f.hours),
    figureColumn(t('columns.belowNorm'), (r) => r.belowNorm, f.count),
  ];
  return (
    <ReportTable
      label={t('cohorts.tableLabel')}
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.opleiding}${r.leerjaar}`}
      csv={{ label: t('csv'), file: t('cohorts.file') }}
      testId="cohort-table"
      rowProps={(r) => ({ 'data-cohort': `${r.opleiding}${r.leerjaar}` })}
    />
  );
}

export async function KlasTable({ rows, f, period }: { rows: KlasRow[]; f: Formats; period: Period }) {
  const t = await getTranslations('onderwijstijd');
  const columns: ReportColumn<KlasRow>[] = [
    klasColumn<KlasRow>(t, period, (klas) => t('klassen.open', { klas })),
    { label: t('columns.department'), cell: (r) => r.department ?? '—', csv: (r) => r.department ?? '' },
    {
      label: t('columns.opleiding'),
      cell: (r) => (r.educationType ? t(`opleidingen.${r.educationType}`) : '—'),
      csv: (r) => r.educationType ?? '',
    },
    figureColumn(t('columns.students'), (r) => r.students, f.count),
    ...hoursColumns<KlasRow>(t, f),
    figureColumn(t('columns.normToDate'), (r) => r.normToDateHours, f.hours),
    figureColumn(t('columns.lowest'), (r) => r.lowestStudentHours, f.hours),
    figureColumn(t('columns.belowNorm'), (r) => r.belowNorm, f.count),
  ];
  return (
    <ReportTable
      label={t('klassen.tableLabel')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.group}
      csv={{ label: t('csv'), file: t('klassen.file') }}
      testId="klas-table"
      rowProps={(r) => ({ 'data-klas': r.group, 'data-realised': r.realizedHours })}
    />
  );
}

export async function StudentTable({
  rows,
  klas,
  f,
  period,
}: {
  rows: StudentRow[];
  klas: string;
  f: Formats;
  period: Period;
}) {
  const t = await getTranslations('onderwijstijd');
  const columns: ReportColumn<StudentRow>[] = [
    {
      label: t('columns.student'),
      cell: (r) =>
        r.student.startsWith('#') ? (
          klas
        ) : (
          <PendingLink
            href={onderwijstijdPaths.page({ ...period, group: klas, student: r.student })}
            className="text-brand-strong underline"
            translate="no"
          >
            {r.student}
          </PendingLink>
        ),
      csv: (r) => r.student,
    },
    ...hoursColumns<StudentRow>(t, f),
    figureColumn(t('columns.normToDate'), (r) => r.normToDateHours, f.hours),
    belowNormColumn<StudentRow>(t),
  ];
  return (
    <ReportTable
      label={t('klas.tableLabel', { klas })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.student}
      csv={{ label: t('csv'), file: t('klas.file', { klas }) }}
      testId="student-table"
      rowProps={(r) => ({ 'data-student': r.student, 'data-realised': r.realizedHours })}
    />
  );
}

export async function MissedTable({
  rows,
  student,
  f,
  zone,
}: {
  rows: MissedLesson[];
  student: string;
  f: Formats;
  zone: string;
}) {
  const t = await getTranslations('onderwijstijd');
  const columns: ReportColumn<MissedLesson>[] = [
    {
      label: t('columns.date'),
      cell: (r) => f.weekdayDayMonth(isoDateAt(r.start, zone)),
      csv: (r) => isoDateAt(r.start, zone),
    },
    {
      label: t('columns.time'),
      cell: (r) => `${f.clockTime(r.start, zone)}–${f.clockTime(r.end, zone)}`,
      csv: (r) => `${f.clockTime(r.start, zone)}-${f.clockTime(r.end, zone)}`,
    },
    figureColumn(t('columns.hours'), (r) => (r.end - r.start) / 3600, f.hours),
    { label: t('columns.type'), cell: (r) => typeWord(t, r.type), csv: (r) => r.type },
    { label: t('columns.subjects'), cell: (r) => r.subjects.join(', '), csv: (r) => r.subjects.join(' ') },
    { label: t('columns.groups'), cell: (r) => r.groups.join(', '), csv: (r) => r.groups.join(' ') },
    { label: t('columns.teachers'), cell: (r) => r.teachers.join(', '), csv: (r) => r.teachers.join(' ') },
    { label: t('columns.cause'), cell: (r) => t(`causes.${r.cause}`), csv: (r) => r.cause },
  ];
  return (
    <ReportTable
      label={t('student.tableLabel', { student })}
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.id ?? ''}:${r.start}`}
      csv={{ label: t('csv'), file: t('student.file', { student }) }}
      testId="missed-table"
      rowProps={(r) => ({ 'data-lesson': r.id ?? '', 'data-cause': r.cause })}
    />
  );
}

const TYPES = new Set(['lesson', 'exam', 'activity', 'talk', 'meeting', 'interlude']);
const typeWord = (t: Awaited<ReturnType<typeof getTranslations<'onderwijstijd'>>>, type: string) =>
  TYPES.has(type) ? t(`types.${type as 'lesson'}`) : type;

/** Lesuitval week by week (the weeks that have passed), beside its chart. */
export async function WeekTable({ bars, line, f }: { bars: WeekPoint[]; line?: WeekPoint[]; f: Formats }) {
  const t = await getTranslations('onderwijstijd');
  const school = new Map((line ?? []).map((p) => [p.week, p]));
  const passed = bars.filter((p) => p.programmedToDate > 0);
  const columns: ReportColumn<WeekPoint>[] = [
    { label: t('columns.week'), cell: (p) => p.week, csv: (p) => p.week },
    figureColumn(t('columns.programmed'), (p) => p.programmedToDate, f.hours),
    figureColumn(t('columns.cancelled'), (p) => p.cancelled, f.hours),
    {
      label: t('columns.lesuitval'),
      cell: (p) => f.percent(weekShare(p) ?? 0),
      csv: (p) => weekShare(p) ?? '',
      figure: true,
    },
    ...(line
      ? [
          {
            label: `${t('columns.lesuitval')} (${t('lesuitvalChart.school')})`,
            cell: (p: WeekPoint) => {
              const s = school.get(p.week);
              return s && weekShare(s) !== null ? f.percent(weekShare(s)!) : '—';
            },
            csv: (p: WeekPoint) => {
              const s = school.get(p.week);
              return s ? (weekShare(s) ?? '') : '';
            },
            figure: true,
          },
        ]
      : []),
  ];
  return (
    <ReportTable
      label={t('lesuitvalChart.tableLabel')}
      columns={columns}
      rows={passed}
      rowKey={(p) => p.week}
      csv={{ label: t('csv'), file: t('lesuitvalChart.file') }}
      testId="week-table"
      rowProps={(p) => ({ 'data-week': p.week })}
    />
  );
}
