'use client';

import { memo } from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import type { MatrixColumn } from '@/lib/timetable/overview/matrix';
import { clock } from '@/lib/timetable/layout';
import { dayName } from '@/lib/timetable/words';
import type { GridTexts } from './grid-texts';

/** The two header rows (days, periods), sticky at the top; rendered again only when the columns change. */
export const GridHeader = memo(function GridHeader({
  columns,
  days,
  template,
  texts,
  stickyLeft,
}: {
  columns: MatrixColumn[];
  days: { day: number; first: number; span: number }[];
  template: string;
  texts: GridTexts;
  stickyLeft: boolean;
}) {
  const formats = useFormats();
  return (
    <div role="rowgroup" className="sticky top-0 z-20 bg-surface">
      <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: template }}>
        <div
          role="columnheader"
          aria-colindex={1}
          className={`${stickyLeft ? 'sticky left-0 z-10' : ''} border-b border-r border-surface-line bg-surface px-2 py-0.5 text-xs font-semibold`}
        >
          {texts.kindOne}
        </div>
        {days.map((d) => {
          const c = columns[d.first]!;
          return (
            <div
              key={c.date}
              role="columnheader"
              aria-colindex={d.first + 2}
              aria-colspan={d.span}
              style={{ gridColumn: `span ${d.span}` }}
              className="overflow-hidden whitespace-nowrap border-b border-l-2 border-surface-line border-l-ink-faint/40 px-1 py-0.5 text-xs font-semibold"
              data-day={c.date}
            >
              {dayName(c.weekday, texts.words.locale)}{' '}
              <span className="font-normal text-ink-muted">{formats.dayMonth(c.date)}</span>
            </div>
          );
        })}
      </div>
      <div role="row" aria-rowindex={2} className="grid" style={{ gridTemplateColumns: template }}>
        <div
          role="columnheader"
          aria-colindex={1}
          className={`${stickyLeft ? 'sticky left-0 z-10' : ''} border-b border-r border-surface-line bg-surface px-2 text-[0.65rem] text-ink-muted`}
        >
          <span className="sr-only">{texts.kindOne}</span>
        </div>
        {columns.map((c, i) => (
          <div
            key={c.key}
            role="columnheader"
            aria-colindex={i + 2}
            title={c.period === null ? texts.extraLong : `${c.period} ${clock(c.start)}–${clock(c.end)}`}
            aria-label={c.period === null ? texts.extraLong : undefined}
            className={`overflow-hidden whitespace-nowrap border-b border-surface-line text-center text-[0.65rem] font-semibold text-ink-muted ${
              i === 0 || columns[i - 1]!.day !== c.day ? 'border-l-2 border-l-ink-faint/40' : 'border-l'
            }`}
            data-period={c.period ?? ''}
          >
            {c.period ?? '+'}
          </div>
        ))}
      </div>
    </div>
  );
});
