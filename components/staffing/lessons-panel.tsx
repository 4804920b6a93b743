'use client';

import { useTranslations } from 'next-intl';
import { ApiErrorState } from '@/components/ui/upstream-error';
import { Dialog } from '@/components/ui/dialog';
import { isoDateAt } from '@/lib/partner-api/calendar';
import { useFormats } from '@/lib/format/use-formats.client';
import { useLessonsBehind } from '@/lib/staffing/api.client';
import type { StaffingScope } from '@/lib/staffing/scope';
import type { LessonBehind, LessonFigure } from '@/lib/lessons/load-figures';
import { RangeProgress } from './staffing-notes';

export interface OpenLessons {
  employee: string;
  name: string;
  figure: LessonFigure;
}

/** The lessons behind a teacher's cancelled, taken-over or cover figure, in a side panel; a cover says for whom. */
export function LessonsPanel({
  scope,
  open,
  scopeText,
  zone,
  onClose,
}: {
  scope: StaffingScope;
  open: OpenLessons;
  scopeText: string;
  zone: string;
  onClose: () => void;
}) {
  const t = useTranslations('staffing.load');
  const tTable = useTranslations('table');
  const f = useFormats();
  const lessons = useLessonsBehind(scope, open);
  return (
    <Dialog title={t('lessonsTitle', { figure: open.figure, name: open.name, scope: scopeText })} onClose={onClose}>
      {lessons.error ? (
        <ApiErrorState title={tTable('readFailed')} error={lessons.error} onRetry={() => void lessons.refetch()} />
      ) : lessons.isPending ? (
        <RangeProgress fetching progress={lessons.progress} />
      ) : lessons.data.data.length === 0 ? (
        <p className="mt-4 text-sm">{t('noLessons')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-surface-line text-sm" data-testid="figure-lessons">
          {lessons.data.data.map((a) => (
            <li key={a.key} className="py-2">
              <span className="font-medium">
                {f.weekdayDayMonth(isoDateAt(a.start, zone))} {f.clockTime(a.start, zone)}–{f.clockTime(a.end, zone)}
              </span>{' '}
              {a.startSlotName ? <span className="text-ink-muted">({a.startSlotName})</span> : null}{' '}
              <span translate="no">
                {[a.subjects.join(', '), a.groups.join(', '), a.locations.join(', ')].filter(Boolean).join(' · ')}
              </span>
              <WhoElse lesson={a} figure={open.figure} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** A cover lesson says for whom it was given; a lesson taken over, by whom. */
function WhoElse({ lesson, figure }: { lesson: LessonBehind; figure: LessonFigure }) {
  const t = useTranslations('staffing.load');
  const who = figure === 'cover' ? lesson.plannedTeachers : figure === 'takenOver' ? lesson.teachers : [];
  if (figure === 'cancelled') return null;
  return (
    <span className="ml-1 text-ink-muted" data-testid="lesson-who">
      {figure === 'cover'
        ? who.length > 0
          ? t('coverFor', { teachers: who.join(', ') })
          : t('coverForUnknown')
        : t('takenOverBy', { teachers: who.join(', ') })}
    </span>
  );
}
