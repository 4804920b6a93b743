import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { MatrixRow } from '@/lib/timetable/overview/matrix';

// The grid's one tab stop (roving tabindex): arrow keys, Page Up/Down, Home/End (with Ctrl: the
// corners) move it; Enter or Space opens the cell's first appointment; the row header is a link.

/** The cell an event happened in: its element and place, or null outside the cells. */
export function cellOf(target: EventTarget | null) {
  const el = (target as HTMLElement | null)?.closest<HTMLElement>('[data-cell]');
  if (!el) return null;
  const [r, c] = el.dataset.cell!.split(':').map(Number) as [number, number];
  return { el, row: r, col: c };
}

export function useGridKeys(
  scrollRef: RefObject<HTMLDivElement | null>,
  rows: readonly MatrixRow[],
  indexes: number[],
  onOpen: (row: MatrixRow, column: number, item: number) => void,
  rowPx: number,
) {
  const [active, setActive] = useState({ row: 0, col: 1 });
  const focusPending = useRef(false);
  const lastCol = indexes.length;
  const activeRow = Math.max(0, Math.min(active.row, rows.length - 1));
  const activeCol = Math.max(0, Math.min(active.col, lastCol));

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${activeRow}:${activeCol}"]`)?.focus();
  }, [activeRow, activeCol, scrollRef]);

  const move = (row: number, col: number) => {
    focusPending.current = true;
    const next = { row: Math.max(0, Math.min(row, rows.length - 1)), col: Math.max(0, Math.min(col, lastCol)) };
    setActive(next);
    if (next.row === activeRow && next.col === activeCol) {
      focusPending.current = false;
      scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${next.row}:${next.col}"]`)?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const cell = cellOf(event.target);
    if (!cell || event.altKey || event.metaKey) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / rowPx) - 3);
    const { row, col } = cell;
    switch (event.key) {
      case 'ArrowDown':
        move(row + 1, col);
        break;
      case 'ArrowUp':
        move(row - 1, col);
        break;
      case 'ArrowRight':
        move(row, col + 1);
        break;
      case 'ArrowLeft':
        move(row, col - 1);
        break;
      case 'PageDown':
        move(row + page, col);
        break;
      case 'PageUp':
        move(row - page, col);
        break;
      case 'Home':
        if (event.ctrlKey) move(0, 0);
        else move(row, 0);
        break;
      case 'End':
        if (event.ctrlKey) move(rows.length - 1, lastCol);
        else move(row, lastCol);
        break;
      case 'Enter':
      case ' ': {
        // The row header is a link: Enter follows it.
        if (col === 0) return;
        const r = rows[row];
        if (r && r.cells[indexes[col - 1]!]?.length) onOpen(r, indexes[col - 1]!, 0);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const onFocus = (event: FocusEvent) => {
    const cell = cellOf(event.target);
    if (cell && (cell.row !== activeRow || cell.col !== activeCol)) setActive({ row: cell.row, col: cell.col });
  };

  return { activeRow, activeCol, onKeyDown, onFocus };
}
