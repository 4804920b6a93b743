import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { absenceColumns } from '@/components/staffing/absence-columns';
import { contractColumns } from '@/components/staffing/contract-columns';
import { fieldColumns } from '@/lib/data-table/columns';
import { endpointSpecs } from '@/lib/partner-api/catalog';
import { messages } from '@/messages';
import { tableCsv } from './table-csv';

const translators = (locale: 'nl' | 'en') => ({
  staffing: createTranslator({ locale, messages: messages[locale], namespace: 'staffing' }),
  table: createTranslator({ locale, messages: messages[locale], namespace: 'table' }),
});
const ZONE = 'Europe/Amsterdam';
const absence = {
  _name: 'Alisa de Bruijn',
  employee: 'abr',
  start: 1_794_783_600, // 16-11-2026 00:00 in Amsterdam
  end: 1_794_814_200,
  absenceDuration: 8.5,
  _type: 'ZIEK',
  definitive: true,
};

describe('the table as CSV', () => {
  it('"for people": headers and yes/no in Dutch for nl, dates as Dutch spreadsheets read them', () => {
    const t = translators('nl');
    const csv = tableCsv(absenceColumns(t.staffing, []), [absence], 'human', ZONE, t.table);
    expect(csv.header).toEqual(['Naam', 'Medewerker', 'Begin', 'Einde', 'Duur (uren)', 'Soort', 'Definitief']);
    expect(csv.cells).toEqual([['Alisa de Bruijn', 'abr', '16-11-2026 00:00', '16-11-2026 08:30', 8.5, 'ZIEK', 'ja']]);
    // Contracts: what a team leader reads first (fte and lessons, when granted), then number and email.
    expect(
      tableCsv(
        contractColumns(t.staffing, fieldColumns(endpointSpecs('contracts'), ['fteNet', 'lessonsToPlan']), []),
        [],
        'human',
        ZONE,
        t.table,
      ).header,
    ).toEqual([
      'Naam',
      'Medewerker',
      'Fte',
      'Lessen te plannen',
      'Begin',
      'Einde',
      'Roosterproject',
      'Personeelsnummer',
      'E-mail',
    ]);
  });

  it('"for people" in English keeps the headers and words it always had', () => {
    const t = translators('en');
    const csv = tableCsv(absenceColumns(t.staffing, []), [absence], 'human', ZONE, t.table);
    expect(csv.header).toEqual(['Name', 'Employee', 'Start', 'End', 'Duration (hours)', 'Type', 'Definitive']);
    expect(csv.cells[0]![6]).toBe('yes');
  });

  it('raw: the values as the portal sends them, in any language', () => {
    const t = translators('nl');
    const csv = tableCsv(
      absenceColumns(t.staffing, fieldColumns(endpointSpecs('employeeabsences'), ['employee', 'start', 'reason'])),
      [absence],
      'raw',
      ZONE,
      t.table,
    );
    expect(csv.cells[0]!.slice(0, 7)).toEqual([
      'Alisa de Bruijn',
      'abr',
      1_794_783_600,
      1_794_814_200,
      8.5,
      'ZIEK',
      true,
    ]);
    expect(csv.header.at(-1)).toBe('reason'); // a portal field keeps its name
  });
});
