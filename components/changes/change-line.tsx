'use client';

import { useTranslations } from 'next-intl';
import type { DayChange } from '@/lib/changes/day-changes';
import type { Formats } from '@/lib/format/dates';
import { lessonOf, NewMark, periodOf, useBeforeAfter, withoutOutcome } from './change-row';

// One change on one line (lesuur and time, the lesson, what changed and to what), the rest (every
// before → after, the portal's note, when it was changed) behind a click: a day of 60 changes
// reads in one screen or two instead of seven. A native <details>, so keyboard and screen readers
// know it, and the lines print closed.

export function ChangeLine({
  change,
  f,
  zone,
  showPeriod = true,
  groupTime = null,
  isNew,
  arrived,
}: {
  change: DayChange;
  f: Formats;
  zone: string;
  /** False under a lesuur's own heading: the line leaves out what the heading says. */
  showPeriod?: boolean;
  /** The heading's time: a line at another time (a double lesson) still says its own. */
  groupTime?: string | null;
  isNew: boolean;
  arrived: boolean;
}) {
  const t = useTranslations('changes');
  const beforeAfter = useBeforeAfter();
  const a = change.shown;
  const kinds = change.kinds.map((k) => t(`kind.${k}`)).join(', ');
  const summary = beforeAfter(withoutOutcome(change), f, zone).join('; ');
  const lines = beforeAfter(change, f, zone);
  const gone = change.kinds.includes('cancelled') || change.kinds.includes('removed');
  const time = `${f.clockTime(a.start, zone)}–${f.clockTime(a.end, zone)}`;
  return (
    <li
      data-testid="change-row"
      data-key={change.key}
      data-kinds={change.kinds.join(' ')}
      data-new={isNew ? '' : undefined}
      data-arrived={arrived ? '' : undefined}
      className={`change-row border-t border-surface-line first:border-t-0 ${isNew || arrived ? 'bg-state-changed-bg' : ''}`}
    >
      <details className="group">
        {/* Whole lines: on a phone the lesson and the change wrap under each other, never cut off. */}
        <summary
          data-testid="change-summary"
          className="flex cursor-pointer list-none items-baseline gap-x-2 px-2 py-0.5 text-sm hover:bg-surface-sunken focus-visible:outline-offset-[-2px] [&::-webkit-details-marker]:hidden"
        >
          <span aria-hidden="true" className="w-3 shrink-0 text-ink-faint transition-transform group-open:rotate-90">
            ▸
          </span>
          {showPeriod ? (
            <span className="w-9 shrink-0 whitespace-nowrap sm:w-28">
              <span className="font-medium" translate="no">
                {periodOf(a, f, zone)}
              </span>{' '}
              <span className="hidden text-xs text-ink-muted sm:inline">{time}</span>
            </span>
          ) : null}
          <span className="min-w-0 flex-1 sm:grid sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)] sm:gap-x-2">
            <span className={`mr-2 sm:mr-0 ${gone ? 'text-ink-muted' : ''}`} translate="no">
              {lessonOf(a)}
              {!showPeriod && groupTime !== null && time !== groupTime ? (
                <span className="ml-1 text-xs text-ink-muted">{time}</span>
              ) : null}
            </span>
            <span>
              <span className={`font-semibold ${gone ? 'change-gone' : ''}`} data-kind-label>
                {kinds}
              </span>
              {summary ? <span>: {summary}</span> : null}
              <NewMark isNew={isNew} arrived={arrived} />
            </span>
          </span>
        </summary>
        <div
          className="grid grid-cols-[1rem_minmax(0,6rem)_minmax(0,1fr)] gap-x-2 px-2 pb-2 text-sm sm:grid-cols-[1rem_7.5rem_minmax(0,1fr)]"
          data-testid="change-detail"
        >
          <span className="sm:hidden" />
          <span className="text-ink-muted sm:hidden">{t('list.time')}</span>
          <span className="sm:hidden">
            {f.clockTime(a.start, zone)}–{f.clockTime(a.end, zone)}
          </span>
          <span />
          <span className="text-ink-muted">{t('list.beforeAfter')}</span>
          <span>
            {lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </span>
          {change.description ? (
            <>
              <span />
              <span className="text-ink-muted">{t('list.description')}</span>
              <span translate="no">{change.description}</span>
            </>
          ) : null}
          {change.changedAt !== null ? (
            <>
              <span />
              <span className="text-ink-muted">{t('list.changedAt')}</span>
              <span>{f.dateTime(change.changedAt, zone)}</span>
            </>
          ) : null}
        </div>
      </details>
    </li>
  );
}
