import { clockTime } from '@/lib/format/dates';
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
  const status =
    plan.cannotSelect && !live
      ? ''
      : loading
        ? 'Reading the week…'
        : live
          ? 'Live schedule (read-only)'
          : week
            ? `Updated ${clockTime(week.updatedAt / 1000, zone)} · ${changes} ${changes === 1 ? 'change' : 'changes'}${
                plan.incremental ? '' : ' · full refresh every poll (your rights lack lastModified or modifiedSince)'
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
  if (plan.missing.length === 0) return null;
  return (
    <div
      className="rounded-md border border-surface-line bg-surface p-3 text-sm print:hidden"
      data-testid="missing-rights"
    >
      <p className="font-medium">The grid works with what your rights give. Missing fields would add:</p>
      <ul className="mt-1 list-disc pl-5 text-ink-muted">
        {plan.missing.map((m) => (
          <li key={m.field}>
            <code>{m.field}</code>: {m.adds}
          </li>
        ))}
      </ul>
    </div>
  );
}
