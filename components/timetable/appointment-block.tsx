import { useLocale, useTranslations } from 'next-intl';
import { Fragment, useMemo, type CSSProperties } from 'react';
import { blockLabel, blockLines, blockText, withTimes } from '@/lib/timetable/labels';
import type { PlacedBlock } from '@/lib/timetable/layout';
import type { VersionChange } from '@/lib/timetable/versions';
import type { Subject } from '@/lib/timetable/view';
import { remembering, type Words } from '@/lib/timetable/words';

/** The background of each appointment type, one palette for the week grid, its legend and the overview. */
export const TYPE_BG: Record<string, string> = {
  lesson: 'bg-appt-lesson',
  exam: 'bg-appt-exam',
  activity: 'bg-appt-activity',
  talk: 'bg-appt-talk',
  meeting: 'bg-appt-meeting',
  interlude: 'bg-appt-interlude',
  choice: 'bg-appt-choice',
  conflict: 'bg-appt-conflict',
};

/** On the week grid a choice slot also has a dashed border (the overview keeps dashes for cancelled). */
export const TYPE_CLASS: Record<string, string> = { ...TYPE_BG, choice: 'bg-appt-choice border-dashed' };

export const REM_PER_MINUTE = 4.5 / 60; // theme spacing grid-hour (4.5rem) per 60 minutes

/** The translators a block's words need, taken once by the grid and handed to every block. */
export function useBlockWords(): Words {
  const t = useTranslations('timetable');
  const labels = useTranslations('labels');
  const locale = useLocale();
  return useMemo(() => ({ t: remembering(t), labels: remembering(labels), locale }), [t, labels, locale]);
}

/** Where the grid's time axis runs, in minutes after midnight: blocks sit at a share of it. */
export interface Axis {
  start: number;
  end: number;
}

export interface BlockOptions {
  /** Changed since the page loaded (a poll brought it). */
  changed: boolean;
  /** The whole school: title and lines as one text node per block. */
  dense: boolean;
  /** The portal's change with the previous version, where one is known. */
  change: VersionChange | null | undefined;
  /** The grid's one tab stop (roving tabindex): every other block is reached with the arrow keys. */
  tabbable: boolean;
  zone: string;
  /** At the same time as another of the subject's appointments: the overview's clash (lib/overview). */
  clash?: boolean;
}

/**
 * Where a block sits in its day column: shares of the axis, so print can fit a day by its height.
 * One `inset` (top, right, bottom, left) rather than four properties: a whole school's grid sets
 * it on thousands of blocks.
 */
export function blockPosition(block: PlacedBlock, axis: Axis): CSSProperties {
  const span = Math.max(1, axis.end - axis.start);
  // The same few periods and columns recur across a week: their shares are written once.
  const vertical = `${block.drawStart} ${block.drawEnd} ${axis.start} ${span}`;
  let v = verticals.get(vertical);
  if (!v) {
    v = {
      top: pct((block.drawStart - axis.start) / span),
      bottom: pct((axis.start + span - block.drawEnd) / span),
      height: pct((block.drawEnd - block.drawStart) / span),
    };
    remember(verticals, vertical, v);
  }
  const horizontal = `${block.column} ${block.columns}`;
  let h = horizontals.get(horizontal);
  if (!h) {
    h = {
      left: `calc(${pct(block.column / block.columns)} + 1px)`,
      right: `calc(${pct(1 - (block.column + 1) / block.columns)} + 1px)`,
    };
    remember(horizontals, horizontal, h);
  }
  return {
    inset: `${v.top} ${h.right} ${v.bottom} ${h.left}`,
    // On paper the height is the least a block takes: it grows rather than cut a line (globals.css).
    ['--block-h' as string]: v.height,
  };
}

const pct = (n: number) => `${n * 100}%`;
const verticals = new Map<string, { top: string; bottom: string; height: string }>();
const horizontals = new Map<string, { left: string; right: string }>();
const remember = <V,>(cache: Map<string, V>, key: string, value: V) => {
  if (cache.size >= 5000) cache.clear();
  cache.set(key, value);
};

/** The clash mark, as the overview draws it: a red outline and a "!". */
export const CLASH_OUTLINE = 'outline outline-2 -outline-offset-2 outline-state-danger';
export const CLASH_MARK = (
  <span aria-hidden className="absolute bottom-0 right-0 bg-state-danger px-0.5 font-bold text-white">
    !
  </span>
);

const classes = new Map<string, string>();

/** A block's classes: a few dozen different strings for a whole week, each made once. */
function blockClass(type: string, cancelled: boolean, old: boolean, dense: boolean, changed: boolean, clash: boolean) {
  const key = `${type}|${+cancelled}${+old}${+dense}${+changed}${+clash}`;
  let className = classes.get(key);
  if (className === undefined) {
    const state = cancelled
      ? 'bg-state-cancelled-bg text-state-cancelled line-through decoration-2 border-dashed border-state-cancelled'
      : `${TYPE_CLASS[type] ?? 'bg-appt-unknown'} text-appt-ink border-black/10`;
    // A busy grid (the whole school) leaves out the shadow: painting thousands of them is what costs.
    className = `appointment-block absolute min-h-[0.9rem] overflow-hidden rounded border px-1 text-left text-[0.7rem] leading-tight ${dense ? '' : 'shadow-sm'} focus-visible:z-20 ${state} ${old ? 'appointment-old' : ''} ${changed ? 'z-10 ring-2 ring-state-changed' : ''} ${clash ? CLASH_OUTLINE : ''} ${dense ? 'dense-lines whitespace-pre' : 'block-lines'}`;
    if (classes.size < 1000) classes.set(key, className);
  }
  return className;
}

/**
 * One appointment version on the grid: one element carrying data-appointment-id. A plain function
 * rather than a component: a busy week has thousands of blocks, and each would add a fiber.
 * Positions are shares of the day column, so print can fit any day on one page by its height.
 */
export function appointmentBlock(
  block: PlacedBlock,
  weekday: number,
  axis: Axis,
  subject: Subject,
  words: Words,
  { changed, dense, change, tabbable, zone, clash = false }: BlockOptions,
) {
  const a = block.appointment;
  const text = withTimes(blockText(a, subject, words, change, zone), block);
  const style = blockPosition(block, axis);
  // Whatever does not fit a short period is on hover (and in the details): every line, then the portal's words.
  const tooltip = [blockLines(text).join(' · '), a.changeDescription, a.schedulerRemark].filter(Boolean).join('\n');
  const className = blockClass(a.type, a.cancelled, !a.valid || a.hidden, dense, changed, clash);
  const common = {
    type: 'button' as const,
    'data-appointment-id': a.key,
    'data-cancelled': a.cancelled || undefined,
    'data-changed': changed || undefined,
    'data-clash': clash || undefined,
    'aria-label': blockLabel(block, weekday, changed, words, { text, dense, change, zone, clash }),
    title: tooltip,
    tabIndex: tabbable ? 0 : -1,
    style,
  };
  // A busy grid (the whole school): the same lines, as one text node per block (it keeps a
  // thousand-block week quick), as many as the block's height shows; the rest is on hover.
  if (dense) {
    // The title in an element of its own rather than by `::first-line`, whose style and layout
    // cost a whole school's first paint a tenth of its frame.
    const [title, ...rest] = blockLines(text);
    return (
      <button key={a.key} {...common} className={className}>
        <span className="font-semibold">{title}</span>
        {rest.length > 0 ? `\n${rest.join('\n')}` : null}
      </button>
    );
  }
  // Lines that do not fit wrap into a second column outside the block: only whole lines show.
  return (
    <button key={a.key} {...common} className={className}>
      <span className="block w-full truncate font-semibold">{text.title}</span>{' '}
      {text.lines.map((line, i) => (
        <Fragment key={i}>
          <span
            className={`block w-full truncate ${line.changed && !line.before ? 'font-semibold text-state-changed underline decoration-dotted' : ''}`}
            data-line={line.field}
          >
            {line.before ? (
              <>
                <s className="text-state-was decoration-1">{line.before}</s>{' '}
                <span className="font-semibold text-state-changed">{line.text}</span>
              </>
            ) : (
              line.text
            )}
          </span>{' '}
        </Fragment>
      ))}
      {a.cancelled ? (
        // The word in an inline block: the cancelled block's line-through reaches every box in its
        // lines (each a flex item) but not an atomic inline one, so the word is not struck through.
        <span className="block w-full text-[0.65rem] font-semibold uppercase">
          <span className="inline-block" data-cancelled-label="">
            {words.labels('change.cancelled')}
          </span>
        </span>
      ) : null}
      {clash ? CLASH_MARK : null}
      {a.changeDescription && !a.cancelled ? (
        <span aria-hidden className="absolute right-0.5 top-0.5 text-state-changed">
          ●
        </span>
      ) : null}
    </button>
  );
}
