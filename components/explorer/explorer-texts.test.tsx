// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@/messages';
import { renderWithIntl } from '@/tests/support/intl';
import { FilterInput } from './filter-input';

afterEach(cleanup);

const explorer = (locale: 'nl' | 'en') =>
  createTranslator({ locale, messages: messages[locale], namespace: 'explorer' });
const tags = { count: (c: string) => `[${c}]`, strong: (c: string) => `*${c}*` };

describe('the explorer’s texts', () => {
  it('sum up an answer as before in English, and in Dutch with Dutch numbers', () => {
    expect(explorer('en').markup('answer.summary', { total: 12345, ms: '87', ...tags })).toBe(
      '[12,345] rows in *87 ms* at the portal.',
    );
    expect(explorer('en').markup('answer.summaryUnreadable', { total: 3, ms: '87', unreadable: 2, ...tags })).toBe(
      '[3] rows in *87 ms* at the portal; 2 rows could not be read as the spec describes.',
    );
    expect(explorer('nl').markup('answer.summary', { total: 12345, ms: '87', ...tags })).toBe(
      '[12.345] rijen in *87 ms* bij het portal.',
    );
    expect(explorer('nl').markup('answer.summary', { total: 1, ms: '5', ...tags })).toBe(
      '[1] rij in *5 ms* bij het portal.',
    );
  });

  it('tell how a streamed export went', () => {
    expect(explorer('en')('rangeExport.done', { total: 10 })).toBe('Exported 10 weeks.');
    expect(explorer('nl')('rangeExport.done', { total: 1 })).toBe('1 week geëxporteerd.');
    expect(explorer('en')('rangeExport.failedWeekEvent', { week: '2026-W51', message: 'Boom', eventId: '42' })).toBe(
      'The export failed in week 2026-W51: Boom (portal event 42). No file was saved.',
    );
  });

  it('label a filter’s input in the interface’s language', () => {
    renderWithIntl(
      <FilterInput name="teachers" spec={undefined} value="" zone="Europe/Amsterdam" onChange={() => {}} />,
    );
    expect(screen.getByRole('textbox', { name: 'teachers value' }).getAttribute('placeholder')).toBe(
      'value, or several comma-separated',
    );
    cleanup();
    renderWithIntl(
      <FilterInput name="teachers" spec={undefined} value="" zone="Europe/Amsterdam" onChange={() => {}} />,
      'nl',
    );
    expect(screen.getByRole('textbox', { name: 'Waarde van teachers' }).getAttribute('placeholder')).toBe(
      "waarde, of meerdere gescheiden door komma's",
    );
  });
});
