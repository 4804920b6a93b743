import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { typeLabel } from '@/lib/timetable/labels';
import type { LabelsT } from '@/lib/timetable/words';
import { TYPE_CLASS } from './appointment-block';
import { cardClass } from '@/components/ui/card';

/** The legend's toggle, beside the status line; the legend itself is `GridLegend`. */
export function LegendToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  const t = useTranslations('timetable.legend');
  return (
    <Button
      className="px-2 py-0.5 text-xs print:hidden"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {t('toggle')}
    </Button>
  );
}

const swatch = 'inline-block h-4 min-w-8 rounded border px-1 text-[0.7rem] leading-tight';

/**
 * What every colour and mark on the grid means: the types of this week's blocks, then the states.
 * Shown when toggled; always printed, so a week on paper explains itself.
 */
export function GridLegend({
  id,
  open,
  types,
  labels,
}: {
  id: string;
  open: boolean;
  /** The appointment types on the grid this week. */
  types: string[];
  labels: LabelsT;
}) {
  const t = useTranslations('timetable.legend');
  const section = useRef<HTMLElement>(null);
  // It opens under the grid, often below the window: brought into view, else the button seems to do nothing.
  useEffect(() => {
    if (open) section.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  return (
    <section
      ref={section}
      id={id}
      aria-label={t('title')}
      className={cardClass('none', `${open ? 'block' : 'hidden'} grid-legend p-2 text-xs print:block`)}
      data-testid="grid-legend"
    >
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
        {/* Paper shows blocks white with black borders (greyscale printers), so type colours are not printed. */}
        {types.map((type) => (
          <li key={type} className="flex items-center gap-1.5 print:hidden">
            <span aria-hidden className={`${swatch} ${TYPE_CLASS[type] ?? 'bg-appt-unknown'} border-black/10`} />
            {typeLabel(type, labels)}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden
            className={`${swatch} border-dashed border-state-cancelled bg-state-cancelled-bg font-semibold uppercase text-state-cancelled line-through`}
          >
            {labels('change.cancelled')}
          </span>
          {t('cancelled')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className={`${swatch} border-black/10 bg-surface`}>
            <s className="text-state-was">yve</s> <span className="font-semibold text-state-changed">mja</span>
          </span>
          {t('beforeAfter')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className={`${swatch} border-black/10 bg-surface`}>
            {t('movedSample')}
          </span>
          {t('moved')}
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden
            className={`${swatch} border-black/10 bg-surface font-semibold text-state-changed underline decoration-dotted`}
          >
            106
          </span>
          {t('mark')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="text-state-changed">
            ●
          </span>
          {t('description')}
        </li>
        <li className="flex items-center gap-1.5 print:hidden">
          <span aria-hidden className={`${swatch} border-black/10 bg-appt-lesson ring-2 ring-state-changed`} />
          {t('updated')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className={`${swatch} appointment-old border-black/20 bg-appt-lesson`} />
          {t('old')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className={`${swatch} grid-break border-black/10`} />
          {t('break')}
        </li>
        <li className="flex items-center gap-1.5 print:hidden">
          <span aria-hidden className="inline-block w-8 border-t-2 border-state-danger" />
          {t('now')}
        </li>
      </ul>
    </section>
  );
}
