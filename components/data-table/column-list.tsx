'use client';

import { useTranslations } from 'next-intl';
import { orderedColumns, type TablePrefs } from './use-table-prefs';
import type { TableColumn } from './types';

/** Which columns show, and in what order (remembered per table): the toolbar's column popover. */
export function ColumnList({
  columns,
  prefs,
  onChange,
}: {
  columns: readonly TableColumn[];
  prefs: TablePrefs;
  onChange: (next: TablePrefs) => void;
}) {
  const t = useTranslations('table');
  const sorted = orderedColumns(columns, prefs.order);
  const move = (i: number, step: number) => {
    const j = i + step;
    if (j < 0 || j >= sorted.length) return;
    const order = sorted.map((c) => c.id);
    [order[i], order[j]] = [order[j]!, order[i]!];
    // Places of columns this view lacks (an explorer request without that field) are kept.
    onChange({ ...prefs, order: [...order, ...prefs.order.filter((id) => !order.includes(id))] });
  };
  return (
    <ul>
      {sorted.map((c, i) => (
        <li key={c.id} className="flex items-center gap-2 py-0.5">
          <label className="flex min-w-0 flex-1 items-center gap-2">
            <input
              type="checkbox"
              checked={prefs.visibility[c.id] !== false}
              onChange={(e) => onChange({ ...prefs, visibility: { ...prefs.visibility, [c.id]: e.target.checked } })}
            />
            <span className="truncate">{c.label}</span>
            {c.unsupported ? (
              <span className="shrink-0 whitespace-nowrap rounded bg-state-warn-bg px-1 text-[0.6rem] text-state-warn">
                {t('unsupported')}
              </span>
            ) : null}
          </label>
          <button
            type="button"
            className="px-1 text-ink-muted hover:text-ink"
            aria-label={t('columns.moveLeft', { label: c.label })}
            onClick={() => move(i, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="px-1 text-ink-muted hover:text-ink"
            aria-label={t('columns.moveRight', { label: c.label })}
            onClick={() => move(i, 1)}
          >
            ↓
          </button>
        </li>
      ))}
    </ul>
  );
}
