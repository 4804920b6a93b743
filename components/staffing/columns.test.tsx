// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { createTable, getCoreRowModel, getSortedRowModel, type SortingState } from '@tanstack/react-table';
import { createTranslator } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnDefs, DataTable } from '@/components/data-table/data-table';
import type { TableRow } from '@/components/data-table/types';
import { nameSortKey, type NameParts } from '@/lib/people/names';
import { messages } from '@/messages';
import { renderWithIntl } from '@/tests/support/intl';
import { absenceColumns, contractColumns, NAME_SORT_KEY } from './columns';

let search = '';
vi.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(search),
  useRouter: () => ({ refresh: () => undefined }),
}));

afterEach(cleanup);

const ZONE = 'Europe/Amsterdam';
const staff = (locale: 'nl' | 'en') => createTranslator({ locale, messages: messages[locale], namespace: 'staff' });
const table = (locale: 'nl' | 'en') => createTranslator({ locale, messages: messages[locale], namespace: 'table' });

const people: (NameParts & { employee: string })[] = [
  { employee: 'pde', firstName: 'Piet', lastName: 'Dekker' },
  { employee: 'abr', firstName: 'Alisa', prefix: 'de', lastName: 'Bruijn' },
  { employee: 'jdi', firstName: 'Jan', lastName: 'van Dijk' },
  { employee: 'evb', firstName: 'Eva', prefix: 'van den', lastName: 'Berg' },
];
// Rows as the screens build them: the shown name, and its sort key beside it.
const rows: TableRow[] = people.map((p) => ({
  ...p,
  _name: [p.firstName, p.prefix, p.lastName].filter(Boolean).join(' '),
  [NAME_SORT_KEY]: nameSortKey(p),
}));

function sortedNames(columns: ReturnType<typeof contractColumns>, sorting: SortingState): string[] {
  let state = { sorting };
  const t = createTable<TableRow>({
    data: rows,
    columns: columnDefs(columns, ZONE, table('en')),
    state,
    onStateChange: (u) => (state = typeof u === 'function' ? u(state as never) : (u as never)),
    renderFallbackValue: null,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return t.getRowModel().rows.map((r) => String(r.getValue('_name')));
}

describe('the staff name column', () => {
  it('sorts the Dutch way: by surname without prefix, shown as written', () => {
    for (const columns of [contractColumns(staff('nl'), [], []), absenceColumns(staff('en'), [])]) {
      expect(sortedNames(columns, [{ id: '_name', desc: false }])).toEqual([
        'Eva van den Berg',
        'Alisa de Bruijn',
        'Piet Dekker',
        'Jan van Dijk',
      ]);
      expect(sortedNames(columns, [{ id: '_name', desc: true }])[3]).toBe('Eva van den Berg');
    }
  });

  it('in the Dutch table: "Naam" header, names under their surname, rows counted in Dutch', () => {
    search = 'sort=_name.asc';
    renderContracts('nl');
    expect(screen.getByRole('columnheader', { name: /^Naam/ }).getAttribute('aria-sort')).toBe('ascending');
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Eva van den Berg', 'Alisa de Bruijn', 'Piet Dekker', 'Jan van Dijk']);
    expect(screen.getByTestId('row-count').textContent).toBe('4 van 4 rijen');
    expect(screen.getByRole('button', { name: 'CSV exporteren' })).toBeTruthy();
  });

  it('in English the texts stay as they were', () => {
    search = '';
    renderContracts('en');
    expect(screen.getByTestId('row-count').textContent).toBe('4 of 4 rows');
    expect(screen.getByPlaceholderText('Search…')).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Table tools' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Start/ }).getAttribute('title')).toBe(
      'Sort (shift-click to add a second sort)',
    );
  });
});

/** The contracts table as the page renders it, in one language. */
function renderContracts(locale: 'nl' | 'en') {
  return renderWithIntl(
    <DataTable
      tableId={`contracts-test-${locale}`}
      columns={contractColumns(staff(locale), [], [])}
      rows={rows}
      loading={false}
      error={null}
      onRetry={() => undefined}
      empty="–"
      exportName={{ endpoint: 'contracts', project: 'all' }}
      zone={ZONE}
    />,
    locale,
  );
}
