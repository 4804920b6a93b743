import { ReportSection } from '@/components/ui/report-section';
import { PendingLink } from '@/components/ui/pending-link';
import { getTranslations } from 'next-intl/server';
import { schoolYearName, type Formats } from '@/lib/format/dates';
import type { Onderwijstijd } from '@/lib/onderwijstijd/onderwijstijd.server';
import { shareOf, type Opleiding } from '@/lib/onderwijstijd/definitions';
import type { StudentRow, WeekPoint } from '@/lib/onderwijstijd/figures';
import { normPath } from '@/lib/onderwijstijd/norm-path';
import { onderwijstijdPaths } from '@/lib/onderwijstijd/paths';
import { LesuitvalChart, weekShare } from './lesuitval-chart';
import { NormChart } from './norm-chart';
import { CohortTable, KlasTable, StudentTable, WeekTable } from './tables';

// Onderwijstijd as a school leader reads it (issue 48), drawn on the server: what was counted and
// how, then the school (per opleiding and leerjaar, lesuitval week by week, each leerjaar against
// the norm, every klas), or one klas (its students, its weeks beside the school's, its line against
// the norm). Each picture has its figures in a table beside it.

type T = Awaited<ReturnType<typeof getTranslations<'onderwijstijd'>>>;

/** The mean's lesuitval over the weeks that passed, and its highest week. */
function lesuitvalWords(t: T, f: Formats, points: readonly WeekPoint[], year: number) {
  const passed = points.filter((p) => weekShare(p) !== null);
  if (passed.length === 0) return t('lesuitvalChart.none', { year: schoolYearName(year) });
  const toDate = passed.reduce((n, p) => n + p.programmedToDate, 0);
  const cancelled = passed.reduce((n, p) => n + p.cancelled, 0);
  const top = passed.reduce((a, b) => (weekShare(b)! > weekShare(a)! ? b : a));
  return t('lesuitvalChart.label', {
    year: schoolYearName(year),
    lesuitval: f.percent(toDate > 0 ? cancelled / toDate : 0),
    top: f.percent(weekShare(top)!),
    week: top.week.slice(-2),
  });
}

export async function SchoolReport({ answer, f }: { answer: Onderwijstijd; f: Formats }) {
  const t = await getTranslations('onderwijstijd');
  const { figures, meta } = answer;
  const school = figures.series();
  const period = { from: meta.from, to: meta.to };
  const now = meta.now;
  return (
    <div className="space-y-6">
      <ReportSection id="cohorts" title={t('cohorts.title')}>
        <CohortTable rows={figures.cohortRows} f={f} />
      </ReportSection>
      <ReportSection id="lesuitval" title={t('lesuitvalChart.title')} keepTogether>
        <div className="flex flex-col items-start gap-4 lg:flex-row">
          <LesuitvalChart
            bars={school}
            words={{
              label: lesuitvalWords(t, f, school, meta.schoolYear),
              axis: t('lesuitvalChart.axis'),
              bars: t('lesuitvalChart.school'),
              line: null,
              percent: f.percent,
            }}
          />
          <WeekTable bars={school} f={f} />
        </div>
      </ReportSection>
      <ReportSection id="norm" title={t('normChart.title')} keepTogether>
        <p className="text-xs text-ink-muted">{t('normChart.explain')}</p>
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-3" data-testid="norm-charts">
          {figures.cohortRows.map((c) => {
            const codes = [...new Set(c.klassen.flatMap((k) => figures.klassen.get(k) ?? []))];
            const name = t('cohort', { opleiding: t(`opleidingen.${c.opleiding}`), leerjaar: c.leerjaar });
            return (
              <li key={`${c.opleiding}${c.leerjaar}`} data-cohort={`${c.opleiding}${c.leerjaar}`}>
                <NormFigure
                  t={t}
                  f={f}
                  name={name}
                  series={figures.series(codes)}
                  opleiding={c.opleiding}
                  share={shareOf(meta.settings.yearShares, c.opleiding, c.leerjaar)}
                  now={now}
                />
              </li>
            );
          })}
        </ul>
      </ReportSection>
      <ReportSection id="klassen" title={t('klassen.title')}>
        <KlasTable rows={figures.klasRows} f={f} period={period} />
      </ReportSection>
    </div>
  );
}

function NormFigure({
  t,
  f,
  name,
  series,
  opleiding,
  share,
  now,
  size = 'small',
}: {
  t: T;
  f: Formats;
  name: string;
  series: WeekPoint[];
  opleiding: Opleiding;
  share: number;
  now: number;
  size?: 'small' | 'large';
}) {
  const path = normPath(series, opleiding, share, now);
  return (
    <NormChart
      path={path}
      size={size}
      words={{
        title: name,
        label: t('normChart.label', {
          name,
          realised: f.hours(path.realisedToDate),
          norm: f.hours(path.normToDate),
          expected: f.hours(path.expected),
          yearNorm: f.hours(path.yearNorm),
        }),
        hours: (n) => f.count(n),
      }}
    />
  );
}

export async function KlasReport({ answer, klas, f }: { answer: Onderwijstijd; klas: string; f: Formats }) {
  const t = await getTranslations('onderwijstijd');
  const { figures, meta } = answer;
  const row = figures.klasRows.find((r) => r.group === klas)!;
  const codes = figures.klassen.get(klas) ?? [];
  const students = codes.map((c) => figures.students.get(c)).filter((s): s is StudentRow => s !== undefined);
  const own = figures.series(codes);
  const school = figures.series();
  const period = { from: meta.from, to: meta.to };
  const cohort = row.educationType
    ? t('cohort', { opleiding: t(`opleidingen.${row.educationType}`), leerjaar: row.yearOfEducation ?? '?' })
    : null;
  return (
    <div className="space-y-6">
      <BackLink href={onderwijstijdPaths.page(period)} label={t('klas.back')} />
      <h2 className="text-xl font-semibold" translate="no">
        {t('klas.title', { klas })}
      </h2>
      <p className="text-sm" data-testid="klas-summary">
        {cohort
          ? t('klas.summary', {
              klas,
              cohort,
              students: row.students,
              realised: f.hours(row.realizedHours),
              norm: f.hours(row.normToDateHours ?? 0),
              below: row.belowNorm,
            })
          : t('klas.noNorm', { klas, students: row.students, realised: f.hours(row.realizedHours) })}
      </p>
      {row.perKlasOnly ? <p className="text-sm text-ink-muted">{t('klas.perKlasOnly', { klas })}</p> : null}
      <ReportSection id="klas-lesuitval" title={t('lesuitvalChart.title')} keepTogether>
        <div className="flex flex-col items-start gap-4 lg:flex-row">
          <LesuitvalChart
            bars={own}
            line={school}
            words={{
              label: `${klas}: ${lesuitvalWords(t, f, own, meta.schoolYear)}`,
              axis: t('lesuitvalChart.axis'),
              bars: klas,
              line: t('lesuitvalChart.school'),
              percent: f.percent,
            }}
          />
          <WeekTable bars={own} line={school} f={f} />
        </div>
      </ReportSection>
      {row.educationType ? (
        <ReportSection id="klas-norm" title={t('normChart.title')} keepTogether>
          <p className="text-xs text-ink-muted">{t('normChart.explain')}</p>
          <NormFigure
            t={t}
            f={f}
            name={klas}
            series={own}
            opleiding={row.educationType}
            share={shareOf(meta.settings.yearShares, row.educationType, row.yearOfEducation)}
            now={meta.now}
            size="large"
          />
        </ReportSection>
      ) : null}
      <ReportSection id="klas-students" title={t('klas.students', { klas })}>
        <StudentTable rows={students} klas={klas} f={f} period={period} />
      </ReportSection>
    </div>
  );
}

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <PendingLink href={href} className="text-sm text-brand-strong underline print:hidden">
      {label}
    </PendingLink>
  );
}
