'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useReducer, useRef, type RefObject } from 'react';
import { ROW_HEIGHT, tableRow, type CellView, type ShownRow } from './table-row';
import type { TableColumn } from './types';

/**
 * A long table's rows: only those in view (and a few around) are in the page. Its own component, so
 * a shorter table has no virtualizer (whose state would render every row again when it changes).
 */
export function VirtualRows({
  rows,
  columns,
  cell,
  scroller,
}: {
  rows: readonly ShownRow[];
  columns: readonly TableColumn[];
  cell: CellView;
  scroller: RefObject<HTMLDivElement | null>;
}) {
  // Mounted once its code has loaded, up to 300 ms after React rendered it (Suspense reveals in
  // batches): the person may have scrolled meanwhile, and the virtualizer, mounting, scrolls to the
  // offset it read when it rendered. The place at mount is kept before and given back after.
  const kept = useRef<number | null>(null);
  useLayoutEffect(() => {
    kept.current = scroller.current?.scrollTop ?? null;
  }, [scroller]);
  // eslint-disable-next-line react-hooks/incompatible-library -- as above, for TanStack Virtual
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  useLayoutEffect(() => {
    if (kept.current) virtualizer.scrollToOffset(kept.current);
    kept.current = null;
  }, [virtualizer]);
  // The scroller is an ancestor: on the first commit its ref is set after this component's layout
  // effects, where the virtualizer looks for it, so it is told once more when it is there.
  const [, retry] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (scroller.current && !virtualizer.scrollElement) retry();
  }, [scroller, virtualizer]);
  const items = virtualizer.getVirtualItems();
  // The whole height always, rows or not: a table that shrank for one frame would throw the scroll back to the top.
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {padTop > 0 ? <tr aria-hidden style={{ height: padTop }} /> : null}
      {items.map((i) => tableRow(rows[i.index]!, columns, cell))}
      {padBottom > 0 ? <tr aria-hidden style={{ height: padBottom }} /> : null}
    </>
  );
}
