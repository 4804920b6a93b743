// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTable, getCoreRowModel, getSortedRowModel, type SortingState } from '@tanstack/react-table';
import { createTranslator } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '@/components/data-table/data-table';
import { forgetLoadedCode } from '@/lib/browser/use-code-on-demand.client';
import { columnDefs } from '@/components/data-table/table-engine';
import type { TableRow } from '@/components/data-table/types';
import { nameSortKey, type NameParts } from '@/lib/people/names';
import { messages } from '@/messages';
import { renderWithIntl } from '@/tests/support/intl';
import { absenceColumns } from './absence-columns';
import { NAME_SORT_KEY } from './columns';
import { contractColumns } from './contract-columns';

// The address as Next reads it, history writes included (the table keeps its sort there).
vi.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(window.location.search),
  useRouter: () => ({ refresh: () => undefined }),
}));

afterEach(cleanup);
// Every table below opens as on a first visit: its sorting code not yet loaded.
beforeEach(forgetLoadedCode);

const ZONE = 'Europe/Amsterdam';
const staff = (locale: 'nl' | 'en') => createTranslator({ locale, messages: messages[locale], namespace: 'staffing' });
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

  it('in the Dutch table: "Naam" header, names under their surname, rows counted in Dutch', async () => {
    window.history.replaceState(null, '', '?sort=_name.asc');
    renderContracts('nl');
    expect(screen.getByRole('columnheader', { name: /^Naam/ }).getAttribute('aria-sort')).toBe('ascending');
    // The address asks for a sort: the engine loads, and until then no unsorted row is shown.
    expect(shownNames()).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('4 van 4 rijen'));
    expect(shownNames()).toEqual(['Eva van den Berg', 'Alisa de Bruijn', 'Piet Dekker', 'Jan van Dijk']);
    expect(screen.getByRole('button', { name: 'CSV exporteren' }).hasAttribute('disabled')).toBe(false);
  });

  it('in English the texts stay as they were', () => {
    window.history.replaceState(null, '', '?');
    renderContracts('en');
    expect(screen.getByTestId('row-count').textContent).toBe('4 of 4 rows');
    // The tools in English, inside the one toolbar.
    const tools = within(screen.getByRole('toolbar', { name: 'Table tools' }));
    expect(tools.getByPlaceholderText('Search…').getAttribute('type')).toBe('search');
    expect(tools.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: /^Start/ }).getAttribute('title')).toBe(
      'Sort (shift-click to add a second sort)',
    );
  });
});

describe('the table before its sorting code has loaded', () => {
  it('shows the rows as they come, and sorts by a header clicked before the code arrived', async () => {
    window.history.replaceState(null, '', '?');
    renderContracts('en');
    // The first view: every row at once, in the order given, with no sort engine asked for.
    expect(shownNames()).toEqual(rows.map((r) => r._name));
    expect(screen.getByTestId('row-count').textContent).toBe('4 of 4 rows');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(shownNames()).toEqual(['Eva van den Berg', 'Alisa de Bruijn', 'Piet Dekker', 'Jan van Dijk']),
    );
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('does every click made before the code arrived, in order: twice on a header sorts descending', async () => {
    window.history.replaceState(null, '', '?');
    renderContracts('en');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending'),
    );
    expect(shownNames()).toEqual(['Jan van Dijk', 'Piet Dekker', 'Alisa de Bruijn', 'Eva van den Berg']);
    expect(window.location.search).toBe('?sort=_name.desc');
  });
});

/** The first cell (the name) of each body row with cells. */
function shownNames(): (string | null)[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .flatMap((r) => within(r).queryAllByRole('cell').slice(0, 1))
    .map((c) => c.textContent)
    .filter((text) => text !== '');
}

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
