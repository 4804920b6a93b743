import { linkClass } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { countChanges } from '@/lib/changes/count';
import { useFormats } from '@/lib/format/use-formats.client';
import { weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import type { WeekPlan } from '@/lib/timetable/fields';
import type { WeekRecords } from '@/lib/lessons/merge';
import { ChangesList, type ChangeItem } from './changes-list';
import { Card } from '@/components/ui/card';

/** The week's heading and what the data's freshness is: never "0 changes" for a week still loading. */
export function TimetableStatus({
  heading,
  live,
  loading,
  week,
  changes,
  weekOf,
  changeList = [],
  plan,
  zone,
  children,
}: {
  heading: string;
  live: boolean;
  loading: boolean;
  week: WeekRecords | undefined;
  /** Changes since the page loaded among the shown appointments. */
  changes: number;
  /** The week shown: its changes are counted as /changes and Vandaag count a day's (lib/changes/count.ts). */
  weekOf: IsoWeek;
  /** Those changes, each linking to its block (the count opens the list); views without blocks pass none. */
  changeList?: ChangeItem[];
  plan: WeekPlan;
  zone: string;
  /** Beside the status: the legend's toggle. */
  children?: React.ReactNode;
}) {
  const t = useTranslations('timetable.status');
  const formats = useFormats();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const canOpen = changeList.length > 0;
  const weekChanges = useMemo(() => {
    if (!week) return 0;
    const { start, end } = weekWindow(weekOf, zone);
    return countChanges(week.byId.values(), start, end).total;
  }, [week, weekOf, zone]);
  const status =
    plan.cannotSelect && !live
      ? ''
      : loading
        ? t('reading')
        : live
          ? t('live')
          : week
            ? t.rich('updated', {
                time: formats.clockTime(week.updatedAt / 1000, zone),
                count: changes,
                week: weekChanges,
                // On paper the changes since the page was opened mean nothing; the week's count stays.
                since: (chunks) => <span className="print:hidden">{chunks}</span>,
                changes: (chunks) =>
                  canOpen ? (
                    <button
                      type="button"
                      className={linkClass('font-medium hover:no-')}
                      aria-expanded={open}
                      aria-controls={open ? listId : undefined}
                      onClick={() => setOpen(!open)}
                    >
                      {chunks}
                    </button>
                  ) : (
                    chunks
                  ),
              })
            : '';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <h2 className="sr-only font-semibold md:not-sr-only">{heading}</h2>
        <div className="flex flex-wrap items-baseline gap-3">
          <p aria-live="polite" className="text-ink-muted" data-testid="live-status">
            {status}
            {week && !loading && !live && !plan.incremental ? ` · ${t('fullRefresh')}` : ''}
          </p>
          {children}
        </div>
      </div>
      {open && canOpen ? <ChangesList id={listId} items={changeList} label={t('changesList')} /> : null}
    </div>
  );
}

/** What the grid would add with more rights. */
export function MissingRights({ plan }: { plan: WeekPlan }) {
  const t = useTranslations('timetable');
  if (plan.missing.length === 0) return null;
  return (
    <Card padding="compact" className="text-sm print:hidden" data-testid="missing-rights">
      <p className="font-medium">{t('status.missingIntro')}</p>
      <ul className="mt-1 list-disc pl-5 text-ink-muted">
        {plan.missing.map((m) => (
          <li key={m.field}>
            <code>{m.field}</code>: {t(`fieldAdds.${m.field}`)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
