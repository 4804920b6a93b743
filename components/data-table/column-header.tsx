import { useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import type { TableColumn } from './types';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A sortable header (shift-click adds a sort key) with the "unsupported" mark where it applies. */
export function ColumnHeader({
  column,
  sorted,
  index,
  onSort,
}: {
  column: TableColumn;
  sorted: false | 'asc' | 'desc';
  /** Its place among several sort keys (0: the first). */
  index: number;
  onSort: (event: MouseEvent) => void;
}) {
  const t = useTranslations('table');
  return (
    <th
      scope="col"
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
      className="sticky top-0 z-10 whitespace-nowrap border-b print:static print:whitespace-normal print:px-1 print:py-0.5 border-surface-line bg-surface-sunken px-2 py-1.5 text-left text-xs font-semibold text-ink-muted"
    >
      <button
        type="button"
        onClick={onSort}
        className="inline-flex items-center gap-1 text-left hover:text-ink"
        title={t('header.sort')}
      >
        {column.label}
        <span aria-hidden className={sorted ? '' : 'print:hidden'}>
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
        {sorted && index > 0 ? <span className="text-[0.6rem]">{index + 1}</span> : null}
      </button>
      {column.unsupported ? (
        // On paper a star, so a wide table keeps its columns; the page's notes say what it means.
        <span
          className="ml-1 rounded bg-state-warn-bg px-1 text-[0.6rem] font-medium text-state-warn print:ml-0 print:bg-transparent print:px-0 print:text-[0] print:after:text-[8pt] print:after:content-['*']"
          title={t('header.unsupported')}
        >
          {t('unsupported')}
        </span>
      ) : null}
    </th>
  );
}
