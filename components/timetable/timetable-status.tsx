import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import type { WeekPlan } from '@/lib/timetable/fields';
import type { WeekRecords } from '@/lib/timetable/merge';

/** The week's heading and what the data's freshness is: never "0 changes" for a week still loading. */
export function TimetableStatus({
  heading,
  live,
  loading,
  week,
  changes,
  plan,
  zone,
}: {
  heading: string;
  live: boolean;
  loading: boolean;
  week: WeekRecords | undefined;
  /** Changes since the page loaded among the shown appointments. */
  changes: number;
  plan: WeekPlan;
  zone: string;
}) {
  const t = useTranslations('timetable.status');
  const formats = useFormats();
  const status =
    plan.cannotSelect && !live
      ? ''
      : loading
        ? t('reading')
        : live
          ? t('live')
          : week
            ? `${t('updated', { time: formats.clockTime(week.updatedAt / 1000, zone), count: changes })}${
                plan.incremental ? '' : ` · ${t('fullRefresh')}`
              }`
            : '';
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
      <h2 className="font-semibold">{heading}</h2>
      <p aria-live="polite" className="text-ink-muted" data-testid="live-status">
        {status}
      </p>
    </div>
  );
}

/** What the grid would add with more rights. */
export function MissingRights({ plan }: { plan: WeekPlan }) {
  const t = useTranslations('timetable');
  if (plan.missing.length === 0) return null;
  return (
    <div
      className="rounded-md border border-surface-line bg-surface p-3 text-sm print:hidden"
      data-testid="missing-rights"
    >
      <p className="font-medium">{t('status.missingIntro')}</p>
      <ul className="mt-1 list-disc pl-5 text-ink-muted">
        {plan.missing.map((m) => (
          <li key={m.field}>
            <code>{m.field}</code>: {t(`fieldAdds.${m.field}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
