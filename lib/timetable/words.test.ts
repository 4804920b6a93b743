import { createTranslator } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@/messages';
import { remembering, simpleTemplate, type TimetableT } from './words';

describe('remembering', () => {
  const t = createTranslator({ locale: 'nl', messages: messages.nl, namespace: 'timetable' }) as unknown as TimetableT;

  it('says what the translator says, asking it once per message and values ICU must format', () => {
    const spy = vi.fn(t);
    const said = remembering(Object.assign(spy, t) as unknown as TimetableT);
    expect(said('block.room', { rooms: '102' })).toBe(t('block.room', { rooms: '102' }));
    expect(said('block.room', { rooms: '102' })).toBe('lokaal 102');
    expect(said('block.room', { rooms: '103' })).toBe('lokaal 103');
    expect(said('block.choice', { count: 1 })).toBe(t('block.choice', { count: 1 }));
    expect(said('block.choice', { count: 3 })).toBe(t('block.choice', { count: 3 }));
    expect(said('block.clash')).toBe(t('block.clash'));
    said('block.clash');
    said('block.choice', { count: 3 });
    // Only the plurals went to the translator, once each; the rest were filled in from the message.
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('keeps the translator’s other functions', () => {
    const said = remembering(t);
    expect(said.has('block.room')).toBe(true);
    expect(said.raw('block.room')).toBe('lokaal {rooms}');
  });
});

describe('simpleTemplate', () => {
  it('takes messages that only put text in their places, and nothing ICU must format', () => {
    expect(simpleTemplate('lokaal {rooms}')).toEqual(['lokaal ', 'rooms', '']);
    expect(simpleTemplate('invaller {after} voor {before}')).toEqual(['invaller ', 'after', ' voor ', 'before', '']);
    expect(simpleTemplate('botsing')).toEqual(['botsing']);
    expect(simpleTemplate('Keuze-uur: {count, plural, one {# optie} other {# opties}}')).toBeNull();
    expect(simpleTemplate("it's {x}")).toBeNull();
    expect(simpleTemplate('<b>{x}</b>')).toBeNull();
    expect(simpleTemplate({ nested: 'x' })).toBeNull();
  });

  it.each([
    ['en', 'timetable'],
    ['nl', 'timetable'],
    ['en', 'labels'],
    ['nl', 'labels'],
  ] as const)('fills every simple message of %s %s as next-intl does', (locale, namespace) => {
    const t = createTranslator({ locale, messages: messages[locale], namespace }) as unknown as TimetableT;
    const say = t as unknown as (key: string, values?: Record<string, string>) => string;
    const again = remembering(t) as unknown as typeof say;
    let simple = 0;
    const walk = (node: unknown, path: string[]): void => {
      if (typeof node !== 'string') {
        for (const [k, v] of Object.entries(node as object)) walk(v, [...path, k]);
        return;
      }
      const parts = simpleTemplate(node);
      if (!parts) return;
      simple++;
      const values = Object.fromEntries(parts.filter((_, i) => i % 2 === 1).map((name) => [name, `«${name}»`]));
      expect(again(path.join('.'), values)).toBe(say(path.join('.'), values));
    };
    walk(messages[locale][namespace], []);
    expect(simple).toBeGreaterThan(10);
  });
});
