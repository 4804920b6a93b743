import { describe, expect, it } from 'vitest';
import { compareAnswers, defaultKeyField, fieldChanges, keyFieldFor } from './compare';

describe('compareAnswers', () => {
  it('matches records by id: added, removed, changed field by field, equal ones counted', () => {
    const first = [
      { id: 1, teachers: ['abc'], locations: ['106'], start: 100 },
      { id: 2, teachers: ['def'], locations: ['201'], start: 200 },
      { id: 3, teachers: ['ghi'], locations: ['301'], start: 300 },
    ];
    const second = [
      { id: 3, teachers: ['ghi'], locations: ['301'], start: 300 },
      { id: 1, teachers: ['xyz'], locations: ['108'], start: 100 },
      { id: 4, teachers: ['jkl'], locations: [], start: 400 },
    ];
    const result = compareAnswers(first, second, 'id');
    expect(result.counts).toEqual({ added: 1, removed: 1, changed: 1, same: 1 });
    expect(result.differences.map((d) => [d.kind, d.key])).toEqual([
      ['changed', '1'],
      ['added', '4'],
      ['removed', '2'],
    ]);
    const changed = result.differences[0]!;
    expect(changed.changes).toEqual([
      { field: 'teachers', before: ['abc'], after: ['xyz'], added: ['xyz'], removed: ['abc'] },
      { field: 'locations', before: ['106'], after: ['108'], added: ['108'], removed: ['106'] },
    ]);
  });

  it('keeps records without a key, comparing them by their whole content', () => {
    const first = [{ id: null, name: 'a' }, { name: 'b' }, { id: '', name: 'c' }];
    const second = [{ name: 'a', id: null }, { name: 'b2' }, { id: '', name: 'c' }];
    const result = compareAnswers(first, second, 'id');
    expect(result.counts).toEqual({ added: 1, removed: 1, changed: 0, same: 2 });
    expect(result.unkeyed).toBe(6);
    expect(result.differences.map((d) => [d.kind, d.key, d.after?.name ?? d.before?.name])).toEqual([
      ['added', null, 'b2'],
      ['removed', null, 'b'],
    ]);
  });

  it('pairs duplicate keys in order and shows the extra ones', () => {
    const first = [
      { id: 7, v: 1 },
      { id: 7, v: 2 },
    ];
    const second = [{ id: 7, v: 1 }];
    const result = compareAnswers(first, second, 'id');
    expect(result.counts).toEqual({ added: 0, removed: 1, changed: 0, same: 1 });
    expect(result.differences[0]!.before).toEqual({ id: 7, v: 2 });
  });

  it('names a field that appears or disappears, and a value that turns null', () => {
    expect(fieldChanges({ id: 1, a: 'x', b: 2 }, { id: 1, a: null, c: true })).toEqual([
      { field: 'a', before: 'x', after: null },
      { field: 'b', before: 2, after: undefined },
      { field: 'c', before: undefined, after: true },
    ]);
  });

  it('with no key field, compares whole records', () => {
    const result = compareAnswers([{ a: 1 }, { a: 2 }], [{ a: 2 }, { a: 3 }], null);
    expect(result.counts).toEqual({ added: 1, removed: 1, changed: 0, same: 1 });
  });
});

describe('defaultKeyField', () => {
  it('prefers id, then a field named like a key', () => {
    expect(defaultKeyField(['start', 'id'])).toBe('id');
    expect(defaultKeyField(['start', 'appointmentInstance'])).toBe('appointmentInstance');
    expect(defaultKeyField(['code', 'name'])).toBe('code');
    expect(defaultKeyField(['start', 'end'])).toBeNull();
  });
});

describe('list fields and keys', () => {
  it('names the elements of a list that went and came, objects included, and a reorder as neither', () => {
    const [students] = fieldChanges(
      { id: 1, students: [{ code: 'a' }, { code: 'b' }] },
      { id: 1, students: [{ code: 'a' }, { code: 'c' }] },
    );
    expect(students).toMatchObject({ added: [{ code: 'c' }], removed: [{ code: 'b' }] });
    const [order] = fieldChanges({ id: 1, groups: ['a', 'b'] }, { id: 1, groups: ['b', 'a'] });
    expect(order).toMatchObject({ field: 'groups', added: [], removed: [] });
  });

  it('tells a number id from the same digits as text', () => {
    const result = compareAnswers([{ id: 1, v: 1 }], [{ id: '1', v: 1 }], 'id');
    expect(result.counts).toEqual({ added: 1, removed: 1, changed: 0, same: 0 });
  });

  it('falls back to the default key when the chosen one is not asked for', () => {
    expect(keyFieldFor('teachers', ['id', 'start'])).toBe('id');
    expect(keyFieldFor('start', ['id', 'start'])).toBe('start');
    expect(keyFieldFor(null, ['id'])).toBeNull();
  });
});
