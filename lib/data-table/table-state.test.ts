import { describe, expect, it } from 'vitest';
import { dayOf, inRange, readTableState, writeTableState } from './table-state';

const kinds = new Map([
  ['lastName', 'text'],
  ['type', 'enum'],
  ['start', 'date'],
  ['definitive', 'boolean'],
] as const);

describe('table state in the URL', () => {
  it('round-trips sort, search and every filter kind', () => {
    const params = new URLSearchParams(
      'week=2026-W47&sort=lastName.asc,start.desc&q=jan&f.type=lesson,exam&f.start=2026-11-01..2026-11-30&f.lastName=berg&f.definitive=true',
    );
    const state = readTableState(params, kinds);
    expect(state).toEqual({
      sorting: [
        { id: 'lastName', desc: false },
        { id: 'start', desc: true },
      ],
      search: 'jan',
      filters: [
        { id: 'type', value: ['lesson', 'exam'] },
        { id: 'start', value: { from: '2026-11-01', to: '2026-11-30' } },
        { id: 'lastName', value: 'berg' },
        { id: 'definitive', value: ['true'] },
      ],
    });
    expect(writeTableState(new URLSearchParams('week=2026-W47&q=old'), state).toString()).toBe(
      'week=2026-W47&sort=lastName.asc%2Cstart.desc&q=jan&f.type=lesson%2Cexam&f.start=2026-11-01..2026-11-30&f.lastName=berg&f.definitive=true',
    );
  });

  it('keeps a second table on the page apart by a prefix', () => {
    const params = new URLSearchParams('sort=start.asc&q=main&cmp.sort=type.desc&cmp.q=other&cmp.f.type=exam');
    const second = readTableState(params, kinds, 'cmp.');
    expect(second).toEqual({
      sorting: [{ id: 'type', desc: true }],
      search: 'other',
      filters: [{ id: 'type', value: ['exam'] }],
    });
    expect(readTableState(params, kinds).search).toBe('main');
    expect(writeTableState(params, { ...second, search: '' }, 'cmp.').toString()).toBe(
      'sort=start.asc&q=main&cmp.sort=type.desc&cmp.f.type=exam',
    );
  });

  it('ignores unknown columns and malformed sorts', () => {
    expect(readTableState(new URLSearchParams('sort=nope.asc,lastName.sideways&f.nope=1'), kinds)).toEqual({
      sorting: [],
      search: '',
      filters: [],
    });
  });

  it('compares days of dates and timestamps in the school’s zone', () => {
    expect(dayOf('2026-11-16', 'Europe/Amsterdam')).toBe('2026-11-16');
    expect(dayOf(1_794_783_600 - 1, 'Europe/Amsterdam')).toBe('2026-11-15'); // 23:59:59 local
    expect(inRange('2026-11-16', { from: '2026-11-16' })).toBe(true);
    expect(inRange('2026-11-15', { from: '2026-11-16', to: '2026-11-20' })).toBe(false);
    expect(inRange(null, {})).toBe(false);
  });
});
