import { describe, expect, it } from 'vitest';
import { compareNames, displayName, nameSortKey, sortedName } from './names';

describe('Dutch names', () => {
  const bruijn = { firstName: 'Alisa', prefix: 'de', lastName: 'Bruijn' };

  it('read "Alisa de Bruijn" in lists and "Bruijn, Alisa de" sorted', () => {
    expect(displayName(bruijn)).toBe('Alisa de Bruijn');
    expect(sortedName(bruijn)).toBe('Bruijn, Alisa de');
    expect(sortedName({ firstName: 'Sem', lastName: 'Jansen' })).toBe('Jansen, Sem');
    expect(displayName({ firstName: null, prefix: '', lastName: undefined })).toBe('');
  });

  it('sort by surname without the prefix: de Bruijn under B, van den Berg under B, before Dekker', () => {
    const people = [
      { firstName: 'Piet', lastName: 'Dekker' },
      bruijn,
      { firstName: 'Eva', prefix: 'van den', lastName: 'Berg' },
      { firstName: 'Ömer', lastName: 'Aydın' },
      { firstName: 'Jan', lastName: 'van Dijk' }, // prefix left inside lastName by the portal
    ];
    expect(people.sort(compareNames).map(displayName)).toEqual([
      'Ömer Aydın',
      'Eva van den Berg',
      'Alisa de Bruijn',
      'Piet Dekker',
      'Jan van Dijk',
    ]);
    expect(sortedName({ firstName: 'Jan', lastName: 'van Dijk' })).toBe('Dijk, Jan van');
  });

  it('a surname that is only a prefix-like word stays whole', () => {
    expect(nameSortKey({ lastName: 'Van' }).startsWith('Van')).toBe(true);
    expect(sortedName({ firstName: 'Lisa', lastName: 'Ter' })).toBe('Ter, Lisa');
  });

  it('a shorter surname that is a prefix of a longer one comes first, whatever the first names', () => {
    const people = [
      { firstName: 'Anna', lastName: 'Bosch' },
      { firstName: 'Zeger', prefix: 'van den', lastName: 'Bos' },
      { firstName: 'Bram', lastName: 'Bos' },
      { firstName: 'Aart', lastName: 'Boschma' },
    ];
    expect(people.sort(compareNames).map(displayName)).toEqual([
      'Bram Bos',
      'Zeger van den Bos',
      'Anna Bosch',
      'Aart Boschma',
    ]);
  });
});
