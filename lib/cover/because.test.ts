import { describe, expect, it } from 'vitest';
import { explainProposal, type BecauseInput, type ExplainedLesson } from './because';
import { becauseWords, type CoverSay } from './words';
import { messages } from '@/messages';
import { createTranslator } from 'next-intl';

// Why a proposal is not the obvious choice, rule by rule, and the sentence that says it.

const H = 3600;
const lesson = (
  key: string,
  hour: number,
  candidates: string[],
  proposed: string | null,
  extra: Partial<ExplainedLesson> = {},
): ExplainedLesson => ({
  key,
  id: Number(key),
  start: hour * H,
  end: hour * H + 45 * 60,
  period: `u${hour - 7}`,
  groups: ['1a'],
  candidates: candidates.map((employee, i) => ({ employee, name: employee, score: 50 - i * 10, reasons: [] })),
  proposed,
  pinned: false,
  lesuren: 1,
  ...extra,
});
const input = (lessons: ExplainedLesson[], over: Partial<BecauseInput> = {}): BecauseInput => ({
  lessons,
  perDay: 2,
  perWindow: 6,
  coversToday: new Map(),
  coversSoFar: new Map(),
  days: new Map(),
  limits: { lessonsPerDay: 7, inRow: 5 },
  ...over,
});

describe('why a proposal is not the best-ranked candidate', () => {
  it('says nothing where it is; names the cap the best one reached', () => {
    const why = explainProposal(
      input(
        [
          lesson('1', 9, ['mbi', 'kbe'], 'mbi'),
          lesson('2', 11, ['mbi', 'kbe'], 'mbi', { groups: ['2b'] }),
          lesson('3', 13, ['mbi', 'kbe'], 'kbe', { groups: ['3c'] }),
        ],
        { coversToday: new Map([['xyz', 1]]) },
      ),
    );
    expect(why.has('1')).toBe(false);
    expect(why.get('3')).toEqual({ rule: 'perDay', employee: 'mbi', count: 2 });
  });

  it('the best one is needed elsewhere then; their day would be full; the window cap', () => {
    const why = explainProposal(
      input(
        [
          lesson('1', 10, ['dme', 'aaa'], 'dme', { groups: ['3h1'] }),
          lesson('2', 10, ['dme', 'bbb'], 'bbb', { groups: ['4a'] }),
          lesson('3', 12, ['eko', 'ccc'], 'ccc', { groups: ['5b'] }),
          lesson('4', 14, ['wnd', 'ddd'], 'ddd', { groups: ['6c'] }),
        ],
        {
          perDay: 5,
          days: new Map([
            [
              'eko',
              [8, 9, 10, 11, 13, 14, 15].map((h) => ({
                key: `e${h}`,
                start: h * H,
                end: h * H + 2700,
                lesuren: 1,
                kind: 'lesson' as const,
              })),
            ],
          ]),
          coversSoFar: new Map([['wnd', 6]]),
        },
      ),
    );
    expect(why.get('2')).toMatchObject({
      rule: 'neededElsewhere',
      employee: 'dme',
      lesson: { id: 1, groups: ['3h1'] },
    });
    expect(why.get('3')).toEqual({ rule: 'lessonsPerDay', employee: 'eko', count: 7 });
    expect(why.get('4')).toEqual({ rule: 'perWindow', employee: 'wnd', count: 6 });
  });

  it('one reliever kept for the group’s consecutive lessons; a pin; a lesson a pin moved', () => {
    const kept = explainProposal(
      input([
        lesson('1', 9, ['kbe'], 'kbe', { groups: ['4m.gsD'] }),
        lesson('2', 10, ['mbi', 'kbe'], 'kbe', { groups: ['4m.gsD'] }),
      ]),
    );
    expect(kept.get('2')).toMatchObject({ rule: 'sameAsGroup', employee: 'kbe', lesson: { id: 1, period: 'u2' } });
    const pinned = explainProposal(
      input(
        [
          lesson('1', 9, ['mme', 'ndi'], 'ndi', { pinned: true }),
          lesson('2', 11, ['dme', 'mme'], 'dme', { groups: ['5h.inC'] }),
          lesson('3', 13, ['xxx'], 'xxx', { groups: ['6a'] }),
        ],
        {
          unpinned: new Map([
            ['1', 'mme'],
            ['2', 'mme'],
            ['3', 'xxx'],
          ]),
        },
      ),
    );
    expect(pinned.get('1')).toEqual({ rule: 'pinned', employee: 'ndi' });
    expect(pinned.get('2')).toEqual({ rule: 'movedByPin', employee: 'dme', pins: ['ndi'], was: 'mme' });
    expect(pinned.has('3')).toBe(false);
  });

  it('is said in one short sentence in Dutch and English', () => {
    const say = (locale: 'nl' | 'en'): CoverSay =>
      createTranslator({ locale, messages: messages[locale], namespace: 'cover' }) as unknown as CoverSay;
    const clock = (s: number) =>
      `${String(Math.floor(s / H)).padStart(2, '0')}:${String((s % H) / 60).padStart(2, '0')}`;
    const nl = say('nl');
    expect(becauseWords({ rule: 'perDay', employee: 'mbi', count: 2 }, nl, clock)).toBe(
      'mbi heeft vandaag al 2 invallessen (maximum)',
    );
    expect(
      becauseWords(
        { rule: 'sameAsGroup', employee: 'kbe', lesson: { id: 1, period: 'u7', groups: ['4m.gsD'], start: 0 } },
        nl,
        clock,
      ),
    ).toBe('zelfde invaller als u7 (4m.gsD)');
    expect(
      becauseWords(
        { rule: 'neededElsewhere', employee: 'dme', lesson: { id: 1, period: 'u3', groups: ['3h1'], start: 10.5 * H } },
        nl,
        clock,
      ),
    ).toBe('dme is om 10:30 nodig voor 3h1');
    expect(becauseWords({ rule: 'movedByPin', employee: 'dme', pins: ['ndi'], was: 'mme' }, nl, clock)).toBe(
      'door ndi vast te zetten: nu dme, was mme',
    );
    const en = say('en');
    expect(becauseWords({ rule: 'perDay', employee: 'mbi', count: 2 }, en, clock)).toBe(
      'mbi already has 2 covers today (the most allowed)',
    );
  });
});
