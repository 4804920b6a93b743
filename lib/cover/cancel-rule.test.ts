import { describe, expect, it } from 'vitest';
import { cancelledByRule, isLower, isUpper, type GroupItem, type RuleLesson } from './cancel-rule';
import { greedyProposal, type ProposalInput } from './proposal';
import { solveProposal } from './proposal.server';

// The school's rule for what it does not cover (a bovenbouw lesson at the edge of its group's
// day goes vervalt) and the priority when relievers are short (the onderbouw first).

const hour = (u: number) => 8 * 3600 + (u - 1) * 3000;
const item = (key: string, u: number, groups: string[]): GroupItem => ({
  key,
  start: hour(u),
  end: hour(u) + 2700,
  groups,
});
const lesson = (key: string, u: number, groups: string[]): RuleLesson => ({ ...item(key, u, groups), kind: 'lesson' });
const RULE = { cancelRule: 'upperEdge', upperFromYear: 4 } as const;

describe('the bovenbouw randuur rule', () => {
  it('lets nothing go by default', () => {
    const open = [lesson('a', 1, ['5h1'])];
    expect(cancelledByRule(open, open, { ...RULE, cancelRule: 'none' }).size).toBe(0);
  });

  it('lets the first and the last lesuur of a bovenbouw klas go, not one in between', () => {
    const open = [lesson('first', 1, ['5h1']), lesson('middle', 3, ['5h1']), lesson('last', 6, ['5h1'])];
    const day = [...open, item('u2', 2, ['5h1']), item('u4', 4, ['5h1']), item('u5', 5, ['5h1'])];
    expect([...cancelledByRule(open, day, RULE).keys()].sort()).toEqual(['first', 'last']);
  });

  it('lets two open lesuren at the start go together, and not the onderbouw, duties or clusters mid-day', () => {
    const open = [
      lesson('u1', 1, ['4v2']),
      lesson('u2', 2, ['4v2']),
      lesson('onder', 1, ['2a']),
      { ...lesson('duty', 1, ['5h1']), kind: 'duty' },
      lesson('cluster', 3, ['4v.ne1']),
    ];
    const day = [
      ...open,
      item('u3', 3, ['4v2']),
      item('u4', 4, ['4v2']),
      item('4v1-u1', 1, ['4v1']),
      item('2a-u2', 2, ['2a']),
      item('5h1-u2', 2, ['5h1']),
    ];
    expect([...cancelledByRule(open, day, RULE).keys()].sort()).toEqual(['u1', 'u2']);
  });

  it("judges a klas's day with its department's cluster lessons, and a cluster's by its department", () => {
    // 5h1's first lesson is at u2 but its students are in a 5h cluster at u1: not an edge.
    const open = [lesson('klas', 2, ['5h1']), lesson('cluster', 8, ['5h.ec1'])];
    const day = [...open, item('c1', 1, ['5h.wi2']), item('k3', 3, ['5h1']), item('other', 4, ['5h2'])];
    const rule = cancelledByRule(open, day, RULE);
    expect(rule.has('klas')).toBe(false);
    // Nothing of 5h after u8: the cluster's lesson is the department's last.
    expect(rule.get('cluster')).toBe('upperEdge');
  });

  it('reads the bovenbouw from the setting and the codes', () => {
    expect(isUpper(['4h1'], 4)).toBe(true);
    expect(isUpper(['3h1'], 4)).toBe(false);
    expect(isUpper(['3h1'], 3)).toBe(true);
    expect(isUpper(['HAVO4'], 4)).toBe(false);
    expect(isLower(['1a', '2b'], 4)).toBe(true);
    expect(isLower(['1a', '4h1'], 4)).toBe(false);
    expect(isLower(['HAVO4'], 4)).toBe(false);
  });
});

describe('the onderbouw first when relievers are short', () => {
  // One reliever free at u3, two lessons then: the bovenbouw lesson scores higher for them.
  const input: ProposalInput = {
    lessons: [
      {
        key: 'upper',
        start: hour(3),
        end: hour(3) + 2700,
        groups: ['5v1'],
        candidates: [{ employee: 'abc', score: 80 }],
        pinned: null,
      },
      {
        key: 'lower',
        start: hour(3),
        end: hour(3) + 2700,
        groups: ['1b'],
        candidates: [{ employee: 'abc', score: 5 }],
        pinned: null,
        first: true,
      },
    ],
    perDay: 2,
    perWindow: 6,
    coversSoFar: new Map(),
  };

  it('gives the reliever to the onderbouw, by the solver and the greedy peer', async () => {
    expect((await solveProposal(input, 'test')).relievers).toEqual(new Map([['lower', 'abc']]));
    expect(greedyProposal(input).relievers).toEqual(new Map([['lower', 'abc']]));
  });

  it('without the priority the higher score wins', async () => {
    const plain = { ...input, lessons: input.lessons.map((l) => ({ ...l, first: false })) };
    expect((await solveProposal(plain, 'test')).relievers).toEqual(new Map([['upper', 'abc']]));
  });

  it('still fills two lessons rather than one first', async () => {
    // abc can take lower (u3) or upper u3 + upper u4: filling two wins over the priority.
    const two: ProposalInput = {
      ...input,
      lessons: [
        { ...input.lessons[1]!, candidates: [{ employee: 'abc', score: 5 }] },
        {
          ...input.lessons[0]!,
          candidates: [
            { employee: 'abc', score: 5 },
            { employee: 'xyz', score: 0 },
          ],
        },
        {
          key: 'upper4',
          start: hour(4),
          end: hour(4) + 2700,
          groups: ['5v1'],
          candidates: [{ employee: 'abc', score: 5 }],
          pinned: null,
        },
      ],
    };
    const relievers = (await solveProposal(two, 'test')).relievers;
    expect(relievers.size).toBe(3);
    expect(relievers.get('lower')).toBe('abc');
  });
});
