import { describe, expect, it } from 'vitest';
import { pickLocale } from './locales';

describe('the interface language', () => {
  it('is Dutch unless the browser prefers English', () => {
    expect(pickLocale(undefined, undefined)).toBe('nl');
    expect(pickLocale(undefined, 'nl-NL,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(pickLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(pickLocale(undefined, 'de-DE,en;q=0.5,nl;q=0.4')).toBe('en');
    expect(pickLocale(undefined, 'fr-FR')).toBe('nl');
    expect(pickLocale(undefined, '*;;;=bad')).toBe('nl');
  });

  it('follows the switch (the cookie) over the browser, and ignores a cookie it does not know', () => {
    expect(pickLocale('en', 'nl-NL')).toBe('en');
    expect(pickLocale('nl', 'en-US')).toBe('nl');
    expect(pickLocale('__proto__', 'en-US')).toBe('en');
  });
});
