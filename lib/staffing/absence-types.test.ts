import { describe, expect, it } from 'vitest';
import { absenceTypeLabel } from './absence-types';

const words = {
  known: (c: string) => ({ ZIEK: 'Ziek', SCHOL: 'Scholing' })[c] ?? c,
  number: (n: string) => `soort ${n}`,
  unknown: 'onbekend',
};

describe('absence types', () => {
  it('name a known code beside the code, keep an unknown one, fall back to the number', () => {
    expect(absenceTypeLabel('ZIEK', 0, words)).toBe('Ziek (ZIEK)');
    expect(absenceTypeLabel('schol', 1, words)).toBe('Scholing (schol)');
    expect(absenceTypeLabel('STUDIE', 9, words)).toBe('STUDIE');
    expect(absenceTypeLabel('', 2, words)).toBe('soort 2');
    expect(absenceTypeLabel(null, null, words)).toBe('onbekend');
  });
});
