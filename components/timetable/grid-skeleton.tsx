import { useTranslations } from 'next-intl';

/** The loading state: the grid's shape, no invented blocks. */
export function GridSkeleton() {
  const t = useTranslations('timetable.grid');
  return (
    <div
      role="status"
      aria-label={t('loading')}
      className="grid animate-pulse grid-cols-[3.5rem_repeat(5,1fr)] gap-px overflow-hidden rounded-lg border border-surface-line bg-surface-line"
    >
      {Array.from({ length: 6 * 10 }, (_, i) => (
        <div key={i} className="h-12 bg-surface" />
      ))}
    </div>
  );
}
