import type { FieldType } from './catalog-types';
import { formatWireWeek, parseWeek, readDate, readTimestamp } from './values';

// How one value of each field type is read from a portal's messy answer (numbers as strings, 0/1
// for booleans, nulls in lists, dates in two forms): one reader per type, `undefined` when the
// value cannot be read. The server's zod schemas are built on these readers (schemas.ts), and the
// browser reads a streamed answer with them directly, so it needs neither zod nor the catalogue:
// the server names the asked-for fields' types beside the answer.

type Reader = (value: unknown) => unknown;

const NUMERIC = /^-?\d+(\.\d+)?$/;

const numberLike =
  (integer: boolean) =>
  (value: unknown): number | undefined => {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && NUMERIC.test(value) ? Number(value) : NaN;
    return Number.isFinite(n) && (!integer || Number.isInteger(n)) ? n : undefined;
  };

const booleanLike = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 'false') return false;
  if (value === 1 || value === 'true') return true;
  return undefined;
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const texts = (value: unknown): string[] | undefined => {
  if (!Array.isArray(value) || !value.every((x) => x === null || typeof x === 'string')) return undefined;
  return value.includes(null) ? value.filter((x): x is string => x !== null) : (value as string[]);
};

const whole = numberLike(true);
const wholes = (value: unknown): number[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  const read = value.map(whole);
  return read.includes(undefined) ? undefined : (read as number[]);
};

const week = (value: unknown): string | null | undefined => {
  if (value === '') return null;
  const parsed = parseWeek(value);
  return parsed ? formatWireWeek(parsed) : undefined;
};

/** The reader of a present, non-null value of each type. */
export const fieldReaders = {
  long: whole,
  integer: whole,
  float: numberLike(false),
  percentage: numberLike(false),
  boolean: booleanLike,
  string: text,
  uuid: text,
  'string[]': texts,
  'long[]': wholes,
  json: (value) => value,
  'json[]': (value) => (Array.isArray(value) ? value : undefined),
  timestamp: readTimestamp,
  date: readDate,
  week,
} satisfies Record<FieldType, Reader>;

/**
 * A record read field by field with the given types (fields without a type are kept as sent);
 * the same object where nothing needed reading, a copy where something did, `undefined` when a
 * value cannot be read (the record is then counted unreadable, never dropped silently).
 */
export function readTypedRecord(
  raw: unknown,
  typeOf: (field: string) => FieldType | undefined,
): Record<string, unknown> | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const record = raw as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key in record) {
    const value = record[key];
    if (value === null || value === undefined) continue;
    const type = typeOf(key);
    if (!type) continue;
    const read = fieldReaders[type](value);
    if (read === undefined) return undefined;
    if (read !== value) (copy ??= { ...record })[key] = read;
  }
  return copy ?? record;
}
