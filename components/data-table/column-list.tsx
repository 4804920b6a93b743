'use client';

import type { Table } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { Popover } from '@/components/ui/popover';
import type { TableColumn, TableRow } from './types';

/** Which columns show, and in what order (remembered per table). */
export function ColumnPicker({ table }: { table: Table<TableRow> }) {
  const t = useTranslations('table');
  const columns = table.getAllLeafColumns();
  const order = table.getState().columnOrder.length > 0 ? table.getState().columnOrder : columns.map((c) => c.id);
  const move = (id: string, step: number) => {
    const i = order.indexOf(id);
    const j = i + step;
    if (i < 0 || j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j]!, next[i]!];
    table.setColumnOrder(next);
  };
  const sorted = [...columns].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return (
    <Popover label={t('columns.button')} align="end" panelClassName="w-[26rem] max-w-[calc(100vw-2rem)] p-2">
      <ul>
        {sorted.map((c) => {
          const meta = c.columnDef.meta as TableColumn;
          return (
            <li key={c.id} className="flex items-center gap-2 py-0.5">
              <label className="flex min-w-0 flex-1 items-center gap-2">
                <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />
                <span className="truncate">{meta.label}</span>
                {meta.unsupported ? (
                  <span className="shrink-0 whitespace-nowrap rounded bg-state-warn-bg px-1 text-[0.6rem] text-state-warn">
                    {t('unsupported')}
                  </span>
                ) : null}
              </label>
              <button
                type="button"
                className="px-1 text-ink-muted hover:text-ink"
                aria-label={t('columns.moveLeft', { label: meta.label })}
                onClick={() => move(c.id, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="px-1 text-ink-muted hover:text-ink"
                aria-label={t('columns.moveRight', { label: meta.label })}
                onClick={() => move(c.id, 1)}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ul>
    </Popover>
  );
}
