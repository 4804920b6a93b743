'use client';

import { linkClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import type { ChangesConfig } from '@/lib/changes/config';
import type { AbsentLesson } from '@/lib/lessons/absences';
import type { DayChangesData } from '@/lib/changes/use-day-changes.client';
import { useFormats } from '@/lib/format/use-formats.client';
import { useAbsenceTypeName } from '@/lib/staffing/use-absence-type.client';
import { lessonOf, periodOf } from './change-row';
import { cardClass } from '@/components/ui/card';

// Staff absent that day: who, from when to when, the type ("Ziek (ZIEK)"), and each of their lessons
// that day with what happened to it. Without the right, which right would add this.

export function AbsentSection({ config, data }: { config: ChangesConfig; data: DayChangesData }) {
  const t = useTranslations('changes.absent');
  const f = useFormats();
  const typeName = useAbsenceTypeName();
  const when = (s: number | null) => (s === null ? t('open') : f.dateTime(s, config.zone));
  return (
    <section aria-labelledby="changes-absent-title" className="changes-absent min-w-0">
      <h2 id="changes-absent-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {config.absence === null ? (
        <p className="mt-2 text-sm text-ink-muted" data-testid="absent-no-rights">
          {t('noRights')}
        </p>
      ) : data.absentFailed && !data.absent ? (
        <p role="alert" className="mt-2 text-sm text-state-danger">
          {t('failed', { message: data.absentFailed })}
        </p>
      ) : !data.absent ? (
        <p className="mt-2 text-sm text-ink-muted">{t('reading')}</p>
      ) : data.absent.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('none')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {data.absent.some(({ lessons }) => lessons?.some((l) => l.outcome.kind === 'unresolved')) ? (
            <li className="print:hidden">
              <PendingLink
                href={`/cover?date=${config.date}`}
                className={linkClass('text-sm')}
                data-testid="absent-arrange"
              >
                {t('arrange')}
              </PendingLink>
            </li>
          ) : null}
          {!config.rights.readFields.includes('teachers') ? (
            <li className="text-sm text-ink-muted">{t('noTeachers')}</li>
          ) : null}
          {data.absent.map(({ absence, lessons }) => (
            <li
              key={absence.key}
              data-testid="absent-person"
              data-employee={absence.employee}
              className={cardClass('none', 'break-inside-avoid px-3 py-2 text-sm')}
            >
              <p className="font-semibold">
                {absence.name ? `${absence.name} ` : null}
                <span translate="no">({absence.employee || `#${absence.key}`})</span>
                {absence.typeCode || absence.type !== null ? (
                  <span className="ml-2 rounded bg-surface-sunken px-1 text-xs font-normal" data-testid="absence-type">
                    {typeName(absence)}
                  </span>
                ) : null}
              </p>
              <p className="text-ink-muted">{t('window', { from: when(absence.start), to: when(absence.end) })}</p>
              {lessons === null ? (
                <p className="mt-1 text-ink-muted">{t('lessonsReading')}</p>
              ) : lessons.length === 0 ? (
                <p className="mt-1 text-ink-muted">{t('noLessons')}</p>
              ) : (
                <ul className="mt-1" aria-label={t('lessons')}>
                  {lessons.map((l) => (
                    <AbsentLessonItem key={l.appointment.key} lesson={l} zone={config.zone} />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AbsentLessonItem({ lesson, zone }: { lesson: AbsentLesson; zone: string }) {
  const t = useTranslations('changes.absent.outcome');
  const f = useFormats();
  const { appointment: a, outcome } = lesson;
  const text = outcome.kind === 'covered' ? t('covered', { teachers: outcome.by.join(', ') }) : t(outcome.kind);
  return (
    <li
      tabIndex={0}
      data-testid="absent-lesson"
      data-outcome={outcome.kind}
      data-instance={a.instance ?? ''}
      className={`flex gap-2 ${outcome.kind === 'unresolved' ? 'font-semibold text-state-warn' : ''}`}
    >
      <span className="w-10 shrink-0" translate="no">
        {periodOf(a, f, zone)}
      </span>
      <span className="min-w-0 flex-1" translate="no">
        {lessonOf(a)}
      </span>
      <span>{text}</span>
    </li>
  );
}
