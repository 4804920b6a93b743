'use client';

import type { PageAnswer } from '@/lib/api/contract';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ApiErrorState } from '@/components/ui/upstream-error';
import { useBackgroundValue } from '@/lib/browser/use-background-value.client';
import { useCoverDay } from '@/lib/cover/api.client';
import type { CoverAnswer, CoverLesson, CoverMeta } from '@/lib/cover/types';
import { byPeriod } from '@/lib/cover/words';
import { useFormats } from '@/lib/format/use-formats.client';
import { usePageParams } from '@/lib/browser/page-params.client';
import { isWeekend } from '@/lib/partner-api/calendar';
import { CoverDayBar } from './cover-day-bar';
import { CoverPeriod } from './cover-period';
import { CoverLessonCard } from './cover-lesson';
import { CoverSettingsPanel } from './cover-settings';
import { CoverHandOff } from './cover-hand-off';
import { PendingLink } from '@/components/ui/pending-link';
import { Invallijst } from './invallijst';
import { cardClass } from '@/components/ui/card';

export interface CoverConfig {
  zone: string;
  /** Today and the next school days (ISO), one click away. */
  days: string[];
}

/**
 * The day's cover planning: `/cover?date=2026-11-18`, drawn with the server's first answer when the
 * page came with it (it paints before the scripts run), kept fresh after that.
 */
export function CoverScreen({ config, first }: { config: CoverConfig; first: PageAnswer<CoverAnswer> | null }) {
  const t = useTranslations('cover');
  const f = useFormats();
  const page = usePageParams();
  const date = page.get('date') ?? config.days[0]!;
  // No lessons to cover on a Saturday or Sunday: said as such, not read (the route would refuse it).
  const weekend = isWeekend(date);
  const day = useCoverDay(date, first, !weekend);
  // The day's answer follows in a transition: its render (every open lesson with its candidates, the
  // cover list) comes after the urgent one, in parts the browser can interleave with its own work.
  // Never another day's answer while it catches up: the progress stands meanwhile.
  const deferred = useBackgroundValue(day.data);
  const answer = day.data !== undefined && deferred?.meta.date === date ? deferred : undefined;
  // What is still to arrange, per lesuur; what the portal shows arranged (ingevuld, vervalt) folded below.
  const periods = useMemo(() => byPeriod((answer?.data ?? []).filter((l) => l.state === 'open')), [answer]);
  const arranged = useMemo(() => (answer?.data ?? []).filter((l) => l.state !== 'open'), [answer]);
  // On a phone one lesuur at a time.
  const [phonePeriod, setPhonePeriod] = useState(0);
  const meta = answer?.meta;

  return (
    <div className="space-y-3">
      {/* The day to plan, and once it is read the day's tools and the school's settings beside it. */}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <CoverDayBar days={config.days} date={date} onDate={(d) => page.set({ date: d })} />
        {answer && !weekend && !day.error ? (
          <div className="flex flex-wrap items-start gap-2 print:hidden">
            <Button onClick={() => window.print()}>{t('print')}</Button>
            <CoverHandOff answer={answer} zone={config.zone} />
            <CoverSettingsPanel zone={config.zone} />
          </div>
        ) : null}
      </div>
      {weekend ? (
        <p className={cardClass('default', 'text-sm')} role="status" data-testid="cover-weekend">
          {t('weekend', { date: f.longDate(date) })}
        </p>
      ) : day.error ? (
        <ApiErrorState title={t('page.title')} error={day.error} onRetry={() => void day.refetch()} />
      ) : !answer ? (
        <CoverProgress progress={day.progress} />
      ) : (
        <>
          <div className="space-y-1" data-testid="cover-summary">
            <p className="text-lg font-semibold" role="status">
              {t('counts', meta!.counts)}
            </p>
            <p className="text-sm">
              {meta!.counts.open > 0
                ? `${t('proposalLine', {
                    proposed: meta!.counts.proposed,
                    open: meta!.counts.open,
                    nobody: meta!.counts.nobody,
                    byRule: meta!.counts.byRule,
                  })} `
                : null}
              <span data-testid="cover-proposes-only">{t('proposesOnly')}</span>
            </p>
            {meta!.proposal.solver === 'greedy' ? (
              <p className="text-sm" data-testid="cover-greedy">
                {t('greedy')}
              </p>
            ) : null}
            <p className="text-xs text-ink-muted">
              {t('window', { from: f.longDate(meta!.window.from), to: f.longDate(meta!.window.to) })}
              {meta!.window.fellBack ? ` ${t('windowFellBack')}` : null} ·{' '}
              <span data-testid="cover-fte-source">{t(`fteSource.${meta!.fte}`)}</span> ·{' '}
              <PendingLink href="/cover/fairness" className="text-brand-strong underline print:hidden">
                {t('fairness.link')}
              </PendingLink>
            </p>
          </div>
          {answer.data.length === 0 ? (
            <p className={cardClass('default', 'text-sm')}>{t('empty', { date: f.longDate(date) })}</p>
          ) : periods.length > 0 ? (
            <div className={cardClass('none', 'space-y-4 md:space-y-0 print:hidden')} data-testid="cover-periods">
              <PhonePeriodNav count={periods.length} at={phonePeriod} onAt={setPhonePeriod} />
              {periods.map(([period, lessons], i) => (
                <CoverPeriod
                  key={period}
                  period={period}
                  lessons={lessons}
                  meta={meta!}
                  date={date}
                  zone={config.zone}
                  phoneHidden={i !== phonePeriod}
                />
              ))}
            </div>
          ) : null}
          <ArrangedLessons lessons={arranged} meta={meta!} date={date} zone={config.zone} />
          <Invallijst answer={answer} zone={config.zone} />
        </>
      )}
    </div>
  );
}

/**
 * The lessons the portal shows arranged (ingevuld, vervalt), folded with their counts; covers
 * entered against a hard rule are said first, in red, their rows a fold of their own.
 */
function ArrangedLessons({
  lessons,
  meta,
  date,
  zone,
}: {
  lessons: CoverLesson[];
  meta: CoverMeta;
  date: string;
  zone: string;
}) {
  const t = useTranslations('cover');
  if (lessons.length === 0) return null;
  // A cover entered that breaks a rule is not folded away: it comes first, to be checked.
  const flagged = lessons.filter((l) => l.conflicts);
  const rows = (list: CoverLesson[]) =>
    list.map((l) => (
      <CoverLessonCard key={`${l.id}-${l.start}-${l.groups.join()}`} lesson={l} meta={meta} date={date} zone={zone} />
    ));
  return (
    <>
      {flagged.length > 0 ? (
        // Said in red above the fold, its rows one click away: what is still to arrange stays on one screen.
        <details className={cardClass('none', 'text-sm print:hidden')} data-testid="cover-flagged">
          <summary className="cursor-pointer px-3 py-1.5 font-semibold text-state-danger">
            ⚠ {t('flagged', { count: flagged.length })}
          </summary>
          <ul className="border-t border-surface-line">{rows(flagged)}</ul>
        </details>
      ) : null}
      <details className={cardClass('none', 'text-sm print:hidden')} data-testid="cover-arranged">
        <summary className="cursor-pointer px-3 py-1.5 font-semibold">
          {t('arranged', { covered: meta.counts.covered, cancelled: meta.counts.cancelled })}
        </summary>
        <ul className="border-t border-surface-line">{rows(lessons.filter((l) => !l.conflicts))}</ul>
      </details>
    </>
  );
}

/** While the day and the window's past weeks are read: which week of the window is counted. */
function CoverProgress({ progress }: { progress: { done: number; total: number } | null }) {
  const t = useTranslations('cover');
  const words = progress && progress.total > 0 ? t('reading', progress) : t('readingStart');
  return (
    <div role="status" className="flex items-center gap-2 text-sm" data-testid="cover-progress">
      <progress
        className="h-2 w-48"
        max={Math.max(progress?.total ?? 1, 1)}
        value={progress?.done ?? 0}
        aria-label={words}
      />
      <span>{words}</span>
    </div>
  );
}

/** On a phone: one lesuur at a time, with buttons to the previous and next. */
function PhonePeriodNav({ count, at, onAt }: { count: number; at: number; onAt: (i: number) => void }) {
  const t = useTranslations('cover');
  return (
    <div className="flex items-center justify-between gap-2 md:hidden" data-testid="phone-period-nav">
      <Button className="min-h-11" disabled={at === 0} onClick={() => onAt(at - 1)}>
        ← {t('phonePrevious')}
      </Button>
      <span className="text-sm tabular-nums">
        {at + 1} / {count}
      </span>
      <Button className="min-h-11" disabled={at >= count - 1} onClick={() => onAt(at + 1)}>
        {t('phoneNext')} →
      </Button>
    </div>
  );
}
