'use client';

import { Button } from '@/components/ui/button';
import type { Column, Table } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { Fragment } from 'react';
import type { DateRange } from '@/lib/data-table/table-state';
import type { TableColumn, TableRow } from './types';
import { useFormats } from '@/lib/format/use-formats.client';
import { Input } from '@/components/ui/control';

/**
 * Per-column filters: text, facets with counts for enums and booleans, date ranges. Part of the
 * table's engine (it needs the rows' facets), shown in the toolbar's filter popover.
 */
export function FilterFields({
  table,
  columns,
  active,
}: {
  table: Table<TableRow>;
  columns: readonly TableColumn[];
  active: number;
}) {
  const t = useTranslations('table.filters');
  return (
    <div className="space-y-3">
      {columns.flatMap((c) => {
        const column = table.getColumn(c.id);
        return column ? [<ColumnFilter key={c.id} column={column} />] : [];
      })}
      {active > 0 ? <Button onClick={() => table.resetColumnFilters()}>{t('clearAll')}</Button> : null}
    </div>
  );
}

function ColumnFilter({ column }: { column: Column<TableRow, unknown> }) {
  const t = useTranslations('table.filters');
  const common = useTranslations('common');
  const { count } = useFormats();
  const meta = column.columnDef.meta as TableColumn;
  const id = `filter-${column.id}`;
  if (meta.kind === 'enum' || meta.kind === 'boolean') {
    const selected = (column.getFilterValue() as string[] | undefined) ?? [];
    const facets = [...column.getFacetedUniqueValues().entries()]
      .map(([value, n]) => ({
        value: value === null || value === undefined ? '' : String(value),
        count: n as number,
      }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 30);
    return (
      <fieldset>
        <legend className="font-medium">{meta.label}</legend>
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {facets.map((f) => (
            <label key={f.value} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={selected.includes(f.value)}
                onChange={(e) => {
                  const next = e.target.checked ? [...selected, f.value] : selected.filter((v) => v !== f.value);
                  column.setFilterValue(next.length > 0 ? next : undefined);
                }}
              />
              {f.value || common('empty')} <span className="text-ink-muted">{count(f.count)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (meta.kind === 'date') {
    const range = (column.getFilterValue() as DateRange | undefined) ?? {};
    const set = (patch: DateRange) => {
      const next = { ...range, ...patch };
      column.setFilterValue(next.from || next.to ? next : undefined);
    };
    return (
      <fieldset>
        <legend className="font-medium">{meta.label}</legend>
        <div className="mt-1 flex items-center gap-2">
          {(['from', 'to'] as const).map((end) => (
            <Fragment key={end}>
              {end === 'to' ? <span>{t('between')}</span> : null}
              <label className="sr-only" htmlFor={`${id}-${end}`}>
                {t(end, { label: meta.label })}
              </label>
              <Input
                id={`${id}-${end}`}
                type="date"
                value={range[end] ?? ''}
                onChange={(e) => set({ [end]: e.target.value || undefined })}
                size="compact"
              />
            </Fragment>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {meta.label}
      </label>
      <Input
        id={id}
        type="search"
        value={(column.getFilterValue() as string | undefined) ?? ''}
        onChange={(e) => column.setFilterValue(e.target.value || undefined)}
        className="mt-1 w-full"
      />
    </div>
  );
}
