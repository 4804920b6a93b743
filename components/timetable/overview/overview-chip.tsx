import type { MatrixItem } from '@/lib/timetable/overview/matrix';
import { CLASH_OUTLINE, TYPE_BG } from '@/components/timetable/appointment-block';
import { CHANGED_TEXT } from './grid-texts';

/** One appointment in a cell: its codes, coded as the week grid codes blocks. */
export function chip(item: MatrixItem, k: number, shared: boolean) {
  const a = item.appointment;
  const cancelled = item.codes.includes('cancelled');
  const added = item.codes.includes('added');
  const changed = !cancelled && !added && item.codes.length > 0;
  const state = cancelled
    ? 'bg-state-cancelled-bg text-ink-muted line-through border-dashed border-state-cancelled'
    : `${TYPE_BG[a.type] ?? 'bg-appt-unknown'} text-appt-ink ${
        changed ? 'border-state-changed' : added ? 'border-state-new border-l-[3px]' : 'border-black/10'
      }`;
  const tooltip = [a.changeDescription, a.schedulerRemark].filter(Boolean).join('\n') || undefined;
  // The usual chip (short codes, none changed) is one text node in the chip itself: a few
  // thousand fewer elements on a busy week, and one less for each row that scrolls into view.
  const plain = !item.lines.some((line) => line.changed || line.text.length > 5);
  return (
    <span
      key={`${a.key}:${k}`}
      data-item={k}
      data-appointment-id={a.key}
      data-cancelled={cancelled || undefined}
      data-change={item.codes.length > 0 ? item.codes.join(' ') : undefined}
      data-clash={item.clash || undefined}
      title={tooltip}
      className={`overview-chip relative min-w-0 flex-1 cursor-pointer ${shared ? 'overflow-hidden' : ''} ${plain ? 'whitespace-pre' : ''} rounded-sm border pl-px ${state} ${
        item.continued ? 'rounded-l-none' : ''
      } ${item.clash ? CLASH_OUTLINE : ''}`}
    >
      {plain
        ? item.lines.map((line) => line.text).join('\n')
        : item.lines.map((line, i) => (
            // Block lines with a space between them as text (a blank between blocks is not drawn).
            <span
              key={i}
              className={`block whitespace-nowrap ${line.text.length > 5 ? 'overview-long' : ''} ${line.changed ? CHANGED_TEXT : ''}`}
            >
              {i > 0 ? ' ' : null}
              {line.text}
            </span>
          ))}
      {item.clash ? (
        <span aria-hidden className="overview-mark absolute right-0 top-0 bg-state-danger px-px font-bold text-white">
          !
        </span>
      ) : null}
    </span>
  );
}
