import { ReportSection } from '@/components/ui/report-section';
import { getTranslations } from 'next-intl/server';
import type { Formats } from '@/lib/format/dates';
import type { StudentRow } from '@/lib/onderwijstijd/figures';
import type { MissedLesson } from '@/lib/onderwijstijd/hours';
import { onderwijstijdPaths } from '@/lib/onderwijstijd/paths';
import { BackLink } from './onderwijstijd-report';
import { MissedTable } from './tables';

// One student of a klas: their hours over the period and the lessons behind their lesuitval,
// each with its time, subject, teacher and why it did not happen.

export async function StudentReport({
  row,
  klas,
  missed,
  read,
  period,
  f,
  zone,
}: {
  row: StudentRow;
  klas: string;
  missed: MissedLesson[];
  read: 'user' | 'weeks';
  period: { from: string; to: string };
  f: Formats;
  zone: string;
}) {
  const t = await getTranslations('onderwijstijd');
  return (
    <div className="space-y-4">
      <BackLink href={onderwijstijdPaths.page({ ...period, group: klas })} label={t('student.back', { klas })} />
      <h2 className="text-xl font-semibold" translate="no">
        {t('student.title', { student: row.student })}
      </h2>
      <p className="text-sm" data-testid="student-summary">
        {t('student.summary', {
          student: row.student,
          klas,
          programmed: f.hours(row.programmedHours),
          realised: f.hours(row.realizedHours),
          cancelled: f.hours(row.cancelledHours),
        })}
      </p>
      <ReportSection id="missed" title={t('student.missed')}>
        <p className="text-sm" role="status">
          {t('student.missedSummary', { count: missed.length })}{' '}
          <span className="text-xs text-ink-muted">{t(`student.readBy.${read}`)}</span>
        </p>
        {missed.length > 0 ? <MissedTable rows={missed} student={row.student} f={f} zone={zone} /> : null}
      </ReportSection>
    </div>
  );
}
