import { getTranslations } from 'next-intl/server';
import { schoolYearName, type Formats } from '@/lib/format/dates';
import { schoolMeans } from '@/lib/onderwijstijd/figures';
import type { Onderwijstijd } from '@/lib/onderwijstijd/onderwijstijd.server';

// The page's first lines: the period and the school's mean student in it, how who took part was
// read, which klassen have no opleiding (so no norm), and how much of the year was read anew.

export async function OnderwijstijdSummary({ answer, f }: { answer: Onderwijstijd; f: Formats }) {
  const t = await getTranslations('onderwijstijd');
  const { figures, meta } = answer;
  const school = schoolMeans(figures.students.values());
  const unnamed = figures.klasRows.filter((r) => r.educationType === null).map((r) => r.group);
  if (meta.appointments === 0) return <p className="text-sm">{t('empty')}</p>;
  return (
    <div className="space-y-1 text-sm" data-testid="onderwijstijd-summary">
      <p className="text-base font-semibold" role="status">
        {t('summary', {
          year: schoolYearName(meta.schoolYear),
          from: f.date(meta.from),
          to: f.date(meta.to),
          programmed: f.hours(school.programmedHours),
          realised: f.hours(school.realizedHours),
          expected: f.hours(school.expectedHours),
          lesuitval: school.lesuitval === null ? '—' : f.percent(school.lesuitval),
        })}
      </p>
      <p className="text-ink-muted" data-testid="onderwijstijd-participation" data-rule={meta.participation}>
        {t(`participation.${meta.participation}`, { count: meta.viaGroups })}
      </p>
      {meta.unreadable > 0 ? (
        <p className="text-state-danger" data-testid="onderwijstijd-unreadable">
          {t('unreadable', { count: meta.unreadable })}
        </p>
      ) : null}
      {unnamed.length > 0 ? (
        <p className="text-ink-muted">{t('noOpleiding', { klassen: unnamed.join(', ') })}</p>
      ) : null}
      <p className="text-xs text-ink-muted print:hidden">
        {t('reading', { kept: meta.weeksKept, read: meta.weeksRead })}
      </p>
    </div>
  );
}
