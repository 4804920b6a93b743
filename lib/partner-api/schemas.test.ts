import { describe, expect, it } from 'vitest';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  fieldValueSchema,
  partnerSchema,
  readRecord,
  recordSchemas,
  tokenResponseSchema,
} from './schemas';
import { fieldSpec } from './catalog';
import { readTypedRecord } from './field-read';

describe('record schemas derived from the catalogue', () => {
  const appointment = recordSchemas.appointments;

  it('normalises the wire forms and keeps unknown fields', () => {
    const parsed = appointment.parse({
      id: 17,
      start: 1_794_817_800_000, // milliseconds
      end: '2026-11-16T10:20:00+01:00', // ISO
      lastModified: '1794800000', // numeric string
      cancelled: 0,
      valid: 'true',
      teachers: ['abc', null],
      content: null,
      brandNewField: { any: 'thing' },
    });
    expect(parsed).toEqual({
      id: 17,
      start: 1_794_817_800,
      end: 1_794_820_800,
      lastModified: 1_794_800_000,
      cancelled: false,
      valid: true,
      teachers: ['abc'],
      content: null,
      brandNewField: { any: 'thing' },
    });
  });

  it('passes a record with only some fields, and one with every field null', () => {
    expect(appointment.parse({ id: 1 })).toEqual({ id: 1 });
    const nulls = Object.fromEntries(['id', 'start', 'groups', 'type', 'udmUUID', 'capacity'].map((k) => [k, null]));
    expect(appointment.parse(nulls)).toEqual(nulls);
  });

  it('reads contract dates in both forms', () => {
    expect(recordSchemas.contracts.parse({ start: '01-08-2026', end: '2027-07-31' })).toEqual({
      start: '2026-08-01',
      end: '2027-07-31',
    });
  });

  it.each([
    ['a number as an object', { id: { value: 1 } }],
    ['an unreadable timestamp', { start: 'soon' }],
    ['a fraction where a long belongs', { id: 1.5 }],
    ['a string where a list belongs', { teachers: 'abc' }],
  ])('refuses %s', (_label, input) => {
    expect(appointment.safeParse(input).success).toBe(false);
  });

  it('reads weeks in wire form', () => {
    expect(fieldValueSchema({ type: 'week' }).parse('2026-W05')).toBe('202605');
    expect(fieldValueSchema({ type: 'week' }).parse(202605)).toBe('202605');
    expect(fieldValueSchema({ type: 'week' }).safeParse('202699').success).toBe(false);
  });
});

describe('envelopes', () => {
  const schema = envelopeSchema(recordSchemas.branches);

  it('parses a success envelope', () => {
    const body = {
      response: {
        status: 200,
        message: '',
        details: '',
        eventId: 0,
        startRow: 0,
        endRow: 1,
        totalRows: 1,
        data: [{ code: 'hoofd', name: 'Hoofdlocatie' }],
      },
    };
    expect(schema.parse(body).response.data).toEqual([{ code: 'hoofd', name: 'Hoofdlocatie' }]);
  });

  it('treats missing or null data as no rows', () => {
    expect(schema.parse({ response: { status: 200, data: null } }).response.data).toEqual([]);
    expect(schema.parse({ response: { status: 200 } }).response.data).toEqual([]);
  });

  it('parses an error envelope and refuses a success as an error', () => {
    const error = {
      response: { status: 403, message: 'Forbidden', details: 'field students not granted', eventId: 48213 },
    };
    expect(errorEnvelopeSchema.parse(error).response).toMatchObject({ status: 403, eventId: 48213 });
    expect(errorEnvelopeSchema.safeParse({ response: { status: 200 } }).success).toBe(false);
  });
});

describe('authentication', () => {
  it('reads the token object bare or enveloped', () => {
    const token = { access_token: 'abcd1234', token_type: 'bearer', expires_in: 94_608_000 };
    expect(tokenResponseSchema.parse(token)).toMatchObject(token);
    expect(tokenResponseSchema.parse({ response: { status: 200, data: [token] } })).toMatchObject(token);
    expect(tokenResponseSchema.parse({ ...token, token_type: 'Bearer' }).access_token).toBe('abcd1234');
    expect(tokenResponseSchema.safeParse({ token_type: 'bearer' }).success).toBe(false);
    expect(tokenResponseSchema.safeParse({ access_token: 'x', token_type: 'mac' }).success).toBe(false);
  });

  const me = {
    name: 'Roostermaker BV',
    token: {
      expirationDate: '21-11-2029',
      expires: 1_890_000_000,
      token: 'abcd****',
      creationDate: '21-11-2026',
      created: 1_795_000_000,
    },
    endpoints: [
      {
        endpoint: 'appointments',
        readFields: ['id', 'start'],
        writeFields: [],
        filterFields: ['fields', 'schoolInSchoolYear', 'start'],
      },
    ],
    schoolInSchoolYears: [{ id: 712, schoolYear: 2026, school: { id: 3, name: 'Het Baken' } }],
  };

  it('reads /partners/~me inside the envelope or bare, with day-month-year dates', () => {
    for (const body of [{ response: { status: 200, data: [me] } }, me]) {
      const partner = partnerSchema.parse(body);
      expect(partner.name).toBe('Roostermaker BV');
      expect(partner.token?.expirationDate).toBe('2029-11-21');
      expect(partner.endpoints[0]?.readFields).toEqual(['id', 'start']);
      expect(partner.schoolInSchoolYears[0]?.school?.name).toBe('Het Baken');
    }
  });

  it('tolerates nulls and missing lists in /partners/~me', () => {
    const partner = partnerSchema.parse({
      name: 'X',
      token: null,
      endpoints: [{ endpoint: 'users', readFields: null }],
      schoolInSchoolYears: null,
    });
    expect(partner.endpoints[0]).toMatchObject({ readFields: [], writeFields: [], filterFields: [] });
    expect(partner.schoolInSchoolYears).toEqual([]);
  });
});

describe('the canonical fast path', () => {
  it('returns canonical records untouched and sends the rest through the lenient schema', async () => {
    const { readRecord } = await import('./schemas');
    const canonical = {
      id: 1,
      start: 1_794_817_800,
      teachers: ['abc'],
      cancelled: false,
      content: null,
      newField: 'x',
    };
    expect(readRecord('appointments', canonical)).toBe(canonical);
    expect(readRecord('appointments', { id: 1, start: 1_794_817_800_000 })).toEqual({ id: 1, start: 1_794_817_800 });
    expect(readRecord('contracts', { start: '01-08-2026' })).toEqual({ start: '2026-08-01' });
    expect(readRecord('appointments', { id: { nested: true } })).toBeUndefined();
    expect(readRecord('appointments', 'not a record')).toBeUndefined();
  });
});

describe('the browser reads a record as the server does', () => {
  // The browser reads a streamed answer with the readers alone (field-read.ts), typed by the
  // catalogue's types the server sends; the server with zod schemas built on the same readers.
  const messy: unknown[] = [
    { id: 1, start: 1_763_278_200, end: '1763281200', cancelled: 'true', teachers: ['a', null], locations: [] },
    { id: '2', start: '2026-11-16T08:30:00Z', valid: 0, hidden: 1, groups: null, subjects: ['wi'] },
    { id: 3.5 },
    { id: 'x' },
    { start: 'tomorrow' },
    { teachers: 'abc' },
    { cancelled: 2 },
    { appointmentInstance: '', startTimeSlot: '3', unknownField: { any: 'thing' } },
    null,
    [],
    'text',
  ];
  it('gives the same record, or none, for every messy record', () => {
    const typeOf = (name: string) => fieldSpec('appointments', name)?.type;
    for (const raw of messy)
      expect(readTypedRecord(raw, typeOf), JSON.stringify(raw)).toEqual(readRecord('appointments', raw));
  });
});
