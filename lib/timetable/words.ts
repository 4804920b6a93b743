import type { useTranslations } from 'next-intl';
import { longWeekday } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';

// The translators the timetable's pure modules take (they never call hooks): a component passes
// `useTranslations('timetable')` / `useTranslations('labels')`, a route handler the same from
// `getTranslations`, a test `createTranslator` over `messages`.

/** Messages `timetable.*`. */
export type TimetableT = ReturnType<typeof useTranslations<'timetable'>>;
/** Messages `labels.*`: words other areas reuse (appointment types, kinds of change). */
export type LabelsT = ReturnType<typeof useTranslations<'labels'>>;

/** What block words, the screen-reader sentence and the exports need. */
export interface Words {
  t: TimetableT;
  labels: LabelsT;
  locale: AppLocale;
}

/** "Monday" / "maandag" for an ISO weekday (1 = Monday), from Intl in the interface's language. */
export const dayName = (weekday: number, locale: AppLocale): string => longWeekday(weekday, locale);

type Say = (key: string, values?: Record<string, unknown>, formats?: unknown) => string;
type RawMessage = (key: string) => unknown;

/**
 * A message that only puts text values in its places ("lokaal {rooms}"), as its pieces: text,
 * name, text, … ; null for anything ICU must format (plurals, numbers, quotes, rich text).
 */
export function simpleTemplate(message: unknown): string[] | null {
  if (typeof message !== 'string' || /['<>#|]/.test(message)) return null;
  const parts = message.split(/\{([A-Za-z_][A-Za-z0-9_]*)\}/);
  return parts.every((part, i) => i % 2 === 1 || !/[{}]/.test(part)) ? parts : null;
}

/**
 * A translator that remembers what it said: a grid asks for "lokaal 102" and "docent abc" for
 * thousands of blocks, and each of next-intl's calls formats anew (its formatter cache keys every
 * call with JSON.stringify of its options). A message that only puts text in its places is filled
 * in directly; any other is formatted by the translator once per message and plain values (text,
 * numbers). Rich text and other values go to the translator as they are.
 */
export function remembering<T extends TimetableT | LabelsT>(t: T): T {
  const say = t as unknown as Say;
  const raw = t.raw as unknown as RawMessage;
  const has = t.has as unknown as (key: string) => boolean;
  const said = new Map<string, string>();
  const templates = new Map<string, string[] | null>();
  const remembered: Say = (key, values, formats) => {
    if (formats !== undefined) return say(key, values, formats);
    let id = key;
    let onlyText = true;
    for (const name in values) {
      const value = values[name];
      if (typeof value === 'string') id += `\u0000${name}\u0001${value}`;
      else if (typeof value === 'number') {
        id += `\u0000${name}\u0002${value}`;
        onlyText = false;
      } else return say(key, values);
    }
    let text = said.get(id);
    if (text !== undefined) return text;
    let parts = templates.get(key);
    if (parts === undefined) {
      parts = has(key) ? simpleTemplate(raw(key)) : null;
      templates.set(key, parts);
    }
    if (parts && onlyText && parts.every((part, i) => i % 2 === 0 || typeof values?.[part] === 'string')) {
      text = parts[0]!;
      for (let i = 1; i < parts.length; i += 2) text += (values![parts[i]!] as string) + parts[i + 1]!;
    } else text = say(key, values);
    if (said.size >= 20_000) said.clear();
    said.set(id, text);
    return text;
  };
  return Object.assign(remembered, { rich: t.rich, markup: t.markup, raw: t.raw, has: t.has }) as unknown as T;
}
