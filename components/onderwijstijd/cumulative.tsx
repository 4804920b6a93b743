import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ReportSection } from '@/components/ui/report-section';
import { figureColumn, ReportTable, type ReportColumn } from '@/components/ui/report-table';
import { schoolYearName as yearName, type Formats } from '@/lib/format/dates';
import type { CumulativeKlasRow, CumulativeStudentRow } from '@/lib/onderwijstijd/cumulative';
import type { OnderwijstijdCumulative } from '@/lib/onderwijstijd/onderwijstijd.server';
import { belowNormColumn, klasColumn } from './tables';

// Onderwijstijd over the opleiding (issue 48), drawn on the server after the year's figures (the
// page streams it: each earlier year is a school year of reads): per klas its mean student's
// earlier years, this year to date and the two together against the norm over the same years, or a
// klas's students one by one, a column per school year. Where no earlier year is granted, said.

type T = Awaited<ReturnType<typeof getTranslations<'onderwijstijd'>>>;

export async function CumulativeSection({
  over,
  klas,
  f,
}: {
  over: OnderwijstijdCumulative;
  klas: string | null;
  f: Formats;
}) {
  const t = await getTranslations('onderwijstijd');
  const title = t('cumulative.title');
  const { meta } = over;
  const empty = meta.empty.map((e) => yearName(e.schoolYear)).join(', ');
  const unreadable = meta.earlier.reduce((n, e) => n + e.unreadable, 0);
  // Klassen read by their groups (no student lists): nobody in them can be followed from year to year.
  const unfollowed =
    klas === null && meta.earlier.length > 0
      ? (over.data as CumulativeKlasRow[]).filter((r) => r.students === 0).map((r) => r.group)
      : [];
  return (
    <ReportSection id="cumulative" title={title}>
      <div className="space-y-1 text-sm" data-testid="cumulative-summary" data-years={meta.schoolYears.join(' ')}>
        <p>
          {meta.earlier.length > 0
            ? t('cumulative.counted', {
                years: meta.schoolYears.map(yearName).join(', '),
                current: yearName(meta.schoolYear),
              })
            : empty
              ? t('cumulative.emptyOnly', { years: empty })
              : t('cumulative.thisYearOnly')}
        </p>
        {empty && meta.earlier.length > 0 ? (
          <p className="text-ink-muted">{t('cumulative.empty', { years: empty })}</p>
        ) : null}
        {unreadable > 0 ? <p className="text-state-danger">{t('unreadable', { count: unreadable })}</p> : null}
        {unfollowed.length > 0 ? (
          <p className="text-ink-muted">{t('cumulative.notFollowed', { klassen: unfollowed.join(', ') })}</p>
        ) : null}
        <p className="text-xs text-ink-muted">{t('cumulative.explain')}</p>
      </div>
      {meta.earlier.length === 0 ? null : klas === null ? (
        <CumulativeKlasTable
          rows={over.data as CumulativeKlasRow[]}
          period={{ from: meta.from, to: meta.to }}
          t={t}
          f={f}
        />
      ) : (
        <CumulativeStudentTable
          rows={over.data as CumulativeStudentRow[]}
          years={meta.schoolYears}
          klas={klas}
          t={t}
          f={f}
        />
      )}
    </ReportSection>
  );
}

function CumulativeKlasTable({
  rows,
  period,
  t,
  f,
}: {
  rows: CumulativeKlasRow[];
  period: { from: string; to: string };
  t: T;
  f: Formats;
}) {
  const columns: ReportColumn<CumulativeKlasRow>[] = [
    klasColumn<CumulativeKlasRow>(t, period, (klas) => t('cumulative.open', { klas }), 'cumulative'),
    {
      label: t('columns.schoolYears'),
      cell: (r) => r.schoolYears.map(yearName).join(', '),
      csv: (r) => r.schoolYears.map(yearName).join(' '),
    },
    figureColumn(t('columns.students'), (r) => r.students, f.count),
    figureColumn(t('columns.earlier'), (r) => r.earlierHours, f.hours),
    figureColumn(t('columns.thisYear'), (r) => r.thisYearHours, f.hours),
    figureColumn(t('columns.together'), (r) => r.realizedHours, f.hours),
    figureColumn(t('columns.normOverOpleiding'), (r) => r.normToDateHours, f.hours),
    figureColumn(t('columns.lowest'), (r) => r.lowestStudentHours, f.hours),
    figureColumn(t('columns.belowNorm'), (r) => r.belowNorm, f.count),
  ];
  return (
    <ReportTable
      label={t('cumulative.tableLabel')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.group}
      csv={{ label: t('csv'), file: t('cumulative.file') }}
      testId="cumulative-klas-table"
      rowProps={(r) => ({ 'data-klas': r.group, 'data-realised': r.realizedHours ?? '' })}
    />
  );
}

function CumulativeStudentTable({
  rows,
  years,
  klas,
  t,
  f,
}: {
  rows: CumulativeStudentRow[];
  years: number[];
  klas: string;
  t: T;
  f: Formats;
}) {
  const part = (r: CumulativeStudentRow, year: number) => r.years.find((y) => y.schoolYear === year);
  const columns: ReportColumn<CumulativeStudentRow>[] = [
    { label: t('columns.student'), cell: (r) => <span translate="no">{r.student}</span>, csv: (r) => r.student },
    // Each school year: the klas the student was in, and what they realised there (this one to date).
    ...years.flatMap((year): ReportColumn<CumulativeStudentRow>[] => [
      {
        label: t('columns.yearKlas', { year: yearName(year) }),
        cell: (r) => <span translate="no">{part(r, year)?.klas ?? '—'}</span>,
        csv: (r) => part(r, year)?.klas ?? '',
      },
      figureColumn(
        year === years.at(-1)
          ? t('columns.yearRealisedToDate', { year: yearName(year) })
          : t('columns.yearRealised', { year: yearName(year) }),
        (r) => part(r, year)?.realizedHours ?? null,
        f.hours,
      ),
    ]),
    figureColumn(t('columns.together'), (r) => r.realizedHours, f.hours),
    figureColumn(t('columns.normOverOpleiding'), (r) => r.normToDateHours, f.hours),
    belowNormColumn<CumulativeStudentRow>(t),
  ];
  return (
    <ReportTable
      label={t('cumulative.studentsLabel', { klas })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.student}
      csv={{ label: t('csv'), file: t('cumulative.studentsFile', { klas }) }}
      testId="cumulative-student-table"
      rowProps={(r) => ({ 'data-student': r.student, 'data-realised': r.realizedHours })}
    />
  );
}

/** While the earlier years are read (`children`: nothing), or why they could not be (a failure said in words). */
export async function CumulativeFrame({ children }: { children?: ReactNode }) {
  const t = await getTranslations('onderwijstijd');
  return (
    <ReportSection id="cumulative" title={t('cumulative.title')}>
      {children ?? (
        <p className="text-sm text-ink-muted" role="status" aria-busy="true">
          {t('cumulative.loading')}
        </p>
      )}
    </ReportSection>
  );
}
