import { useLocale, useTranslations } from 'next-intl';
import { useMemo, type CSSProperties } from 'react';
import { blockLabel, blockText } from '@/lib/timetable/labels';
import type { PlacedBlock } from '@/lib/timetable/layout';
import type { Subject } from '@/lib/timetable/view';
import type { Words } from '@/lib/timetable/words';

const TYPE_CLASS: Record<string, string> = {
  lesson: 'bg-appt-lesson',
  exam: 'bg-appt-exam',
  activity: 'bg-appt-activity',
  talk: 'bg-appt-talk',
  meeting: 'bg-appt-meeting',
  interlude: 'bg-appt-interlude',
  choice: 'bg-appt-choice border-dashed',
  conflict: 'bg-appt-conflict',
};

export const REM_PER_MINUTE = 4.5 / 60; // theme spacing grid-hour (4.5rem) per 60 minutes

/** The translators a block's words need, taken once by the grid and handed to every block. */
export function useBlockWords(): Words {
  const t = useTranslations('timetable');
  const labels = useTranslations('labels');
  const locale = useLocale();
  return useMemo(() => ({ t, labels, locale }), [t, labels, locale]);
}

/**
 * One appointment version on the grid: one element carrying data-appointment-id. A plain function
 * rather than a component: a busy week has thousands of blocks, and each would add a fiber.
 */
export function appointmentBlock(
  block: PlacedBlock,
  weekday: number,
  axisStart: number,
  subject: Subject,
  changed: boolean,
  dense: boolean,
  words: Words,
) {
  const a = block.appointment;
  const text = blockText(a, subject, words);
  const style: CSSProperties = {
    top: `${(block.startMinute - axisStart) * REM_PER_MINUTE}rem`,
    height: `${Math.max(0.9, (block.endMinute - block.startMinute) * REM_PER_MINUTE)}rem`,
    left: `calc(${(block.column / block.columns) * 100}% + 1px)`,
    width: `calc(${100 / block.columns}% - 2px)`,
  };
  const tooltip = [a.changeDescription, a.schedulerRemark].filter(Boolean).join('\n') || undefined;
  const state = a.cancelled
    ? 'bg-state-cancelled-bg text-state-cancelled line-through decoration-2 border-dashed border-state-cancelled'
    : `${TYPE_CLASS[a.type] ?? 'bg-appt-unknown'} text-appt-ink border-black/10`;
  // A busy grid (the whole school) leaves out the shadow: painting thousands of them is what costs.
  const className = `appointment-block absolute overflow-hidden rounded border px-1 text-left text-[0.7rem] leading-tight ${dense ? '' : 'shadow-sm'} focus-visible:z-20 ${state} ${!a.valid || a.hidden ? 'opacity-60' : ''} ${changed ? 'z-10 ring-2 ring-state-changed' : ''}`;
  const common = {
    type: 'button' as const,
    'data-appointment-id': a.key,
    'data-cancelled': a.cancelled || undefined,
    'data-changed': changed || undefined,
    'aria-label': blockLabel(block, weekday, changed, words),
    title: tooltip,
    style,
  };
  // A busy grid (the whole school) shows the subject only: one text node per block keeps it quick.
  if (dense) {
    return (
      <button key={a.key} {...common} className={`${className} whitespace-nowrap font-semibold`}>
        {text.title}
      </button>
    );
  }
  return (
    <button key={a.key} {...common} className={className}>
      <span className="block truncate font-semibold">{text.title}</span>
      {text.lines.map((line, i) => (
        <span
          key={i}
          className={`block truncate ${line.changed ? 'font-semibold text-state-changed underline decoration-dotted' : ''}`}
        >
          {line.text}
        </span>
      ))}
      {a.cancelled ? (
        <span className="block text-[0.65rem] font-semibold uppercase no-underline">
          {words.labels('change.cancelled')}
        </span>
      ) : null}
      {a.changeDescription && !a.cancelled ? (
        <span aria-hidden className="absolute right-0.5 top-0.5 text-state-changed">
          ●
        </span>
      ) : null}
    </button>
  );
}
