'use client';

import { useTranslations } from 'next-intl';
import type { MatrixItem } from '@/lib/timetable/overview/matrix';
import { itemLabel, type GridTexts } from './grid-texts';

/** In the details of one appointment of a shared cell: the cell's others, each a button to open it. */
export function OtherItems({
  items,
  current,
  weekday,
  texts,
  onPick,
}: {
  items: MatrixItem[];
  current: number;
  weekday: number;
  texts: GridTexts;
  onPick: (item: number) => void;
}) {
  const t = useTranslations('overview');
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-ink-muted">{t('details.others')}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {items.map((item, k) =>
          k === current ? null : (
            <li key={`${item.appointment.key}:${k}`}>
              <button type="button" className="text-left underline" onClick={() => onPick(k)}>
                {itemLabel(item, weekday, texts)}
              </button>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
