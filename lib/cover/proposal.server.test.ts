import { describe, expect, it } from 'vitest';
import {
  COVER_FIRST,
  CONSECUTIVE_BONUS,
  dayBreaks,
  feasible,
  greedyProposal,
  scoreOf,
  type ProposalInput,
} from './proposal';
import { solveProposal } from './proposal.server';

// HiGHS's proposal against every possible one on small days (the optimum found by trying them
// all), and against the greedy best-first: never worse, and the rules kept.

function randomDay(seed: number): ProposalInput {
  let s = seed;
  const random = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const teachers = ['aaa', 'bbb', 'ccc', 'ddd'];
  const lessons = Array.from({ length: 3 + Math.floor(random() * 3) }, (_, i) => {
    const slot = Math.floor(random() * 4);
    return {
      key: `l${i}`,
      start: 8 * 3600 + slot * 3000,
      end: 8 * 3600 + slot * 3000 + 2700,
      groups: [random() < 0.5 ? '1a' : '2b'],
      candidates: teachers
        .filter(() => random() < 0.6)
        .map((employee) => ({ employee, score: Math.round(random() * 60) - 20 })),
      pinned: null,
    };
  });
  return {
    lessons,
    perDay: 1 + Math.floor(random() * 2),
    perWindow: 2 + Math.floor(random() * 3),
    coversSoFar: new Map([['aaa', Math.floor(random() * 3)]]),
  };
}

/** Every assignment tried: the best objective (covers first, then score and pairs kept). */
function exhaustive(input: ProposalInput): number {
  let best = -Infinity;
  const choose = (i: number, chosen: Map<string, string>) => {
    if (i === input.lessons.length) {
      if (!feasible(input, chosen)) return;
      const p = scoreOf(input, chosen);
      best = Math.max(best, chosen.size * COVER_FIRST + p.score + p.consecutiveKept * CONSECUTIVE_BONUS);
      return;
    }
    const l = input.lessons[i]!;
    choose(i + 1, chosen);
    for (const c of l.candidates) {
      const next = new Map(chosen).set(l.key, c.employee);
      choose(i + 1, next);
    }
  };
  choose(0, new Map());
  return best;
}

/** A random day with each teacher's own lessons and tight limits on the reliever's day. */
function dayWithOwnLessons(seed: number): ProposalInput {
  const base = randomDay(seed);
  let s = seed * 7 + 3;
  const random = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const days = new Map(
    ['aaa', 'bbb', 'ccc', 'ddd'].map((t) => [
      t,
      [0, 1, 2, 3, 4, 5]
        .filter(() => random() < 0.35)
        .map((slot) => ({
          key: `${t}-own-${slot}`,
          start: 8 * 3600 + slot * 3000,
          end: 8 * 3600 + slot * 3000 + 2700,
          lesuren: 1,
          kind: 'lesson' as const,
        })),
    ]),
  );
  // Two of the open lessons are double lessons (two lesuren).
  const lessons = base.lessons.map((l, i) => ({ ...l, lesuren: i % 3 === 0 ? 2 : 1 }));
  return {
    ...base,
    lessons,
    perDay: 3,
    days,
    limits: { lessonsPerDay: 2 + Math.floor(random() * 3), inRow: 2 + Math.floor(random() * 2) },
  };
}

const objective = (input: ProposalInput, p: ReturnType<typeof scoreOf>) =>
  p.relievers.size * COVER_FIRST + p.score + p.consecutiveKept * CONSECUTIVE_BONUS;

describe('the day’s proposal', () => {
  it('equals the optimum of trying every assignment on small days, and is never worse than greedy', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const day = randomDay(seed);
      const solved = await solveProposal(day);
      expect(feasible(day, solved.relievers), `seed ${seed}`).toBe(true);
      expect(objective(day, solved), `seed ${seed}`).toBe(exhaustive(day));
      expect(objective(day, solved)).toBeGreaterThanOrEqual(objective(day, greedyProposal(day)));
      // The same model again (the page's next read of an unchanged day) gives the same proposal.
      expect([...(await solveProposal(day)).relievers]).toEqual([...solved.relievers]);
    }
  });

  it("keeps every reliever's day within its lesuren and its row, as the optimum of trying every assignment does", async () => {
    let limited = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const day = dayWithOwnLessons(seed);
      const solved = await solveProposal(day);
      expect(dayBreaks(day, solved.relievers), `seed ${seed}`).toEqual([]);
      expect(feasible(day, solved.relievers), `seed ${seed}`).toBe(true);
      expect(objective(day, solved), `seed ${seed}`).toBe(exhaustive(day));
      expect(dayBreaks(day, greedyProposal(day).relievers), `greedy, seed ${seed}`).toEqual([]);
      // The rules bind on some of these days: without them the proposal would differ.
      const free = await solveProposal({ ...day, limits: undefined });
      if (objective(day, free) > objective(day, solved)) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });

  it('never proposes two covers that together make six lesuren in a row, nor a day past seven', async () => {
    const slot = (n: number) => ({ start: 8 * 3600 + n * 3000, end: 8 * 3600 + n * 3000 + 2700 });
    const own = (t: string, slots: number[]) =>
      slots.map((n) => ({ key: `${t}${n}`, ...slot(n), lesuren: 1, kind: 'lesson' as const }));
    const open = (key: string, n: number, lesuren = 1) => ({
      key,
      ...slot(n),
      groups: [key],
      lesuren,
      candidates: [
        { employee: 'mme', score: 40 },
        { employee: 'eko', score: 5 },
      ],
      pinned: null,
    });
    const day: ProposalInput = {
      // mme teaches u1, u4, u5, u6: covers in u2 and u3 would make u1–u6 six in a row.
      lessons: [open('u2', 1), open('u3', 2)],
      perDay: 2,
      perWindow: 6,
      coversSoFar: new Map(),
      days: new Map([
        ['mme', own('mme', [0, 3, 4, 5])],
        ['eko', own('eko', [7])],
      ]),
      limits: { lessonsPerDay: 7, inRow: 5 },
    };
    const solved = await solveProposal(day);
    expect([solved.relievers.get('u2'), solved.relievers.get('u3')].sort()).toEqual(['eko', 'mme']);
    const greedy = greedyProposal(day);
    expect([greedy.relievers.get('u2'), greedy.relievers.get('u3')]).toEqual(['mme', 'eko']);
    // Six lesuren of their own with free lesuren between: a double cover would make eight.
    const full: ProposalInput = {
      ...day,
      lessons: [open('u8', 8, 2)],
      days: new Map([['mme', own('mme', [0, 2, 4, 6, 10, 12])]]),
    };
    expect((await solveProposal(full)).relievers.get('u8')).toBe('eko');
    expect(greedyProposal(full).relievers.get('u8')).toBe('eko');
  });

  it('keeps a pinned reliever and solves the rest around it, caps and one place at a time kept', async () => {
    const day: ProposalInput = {
      lessons: [
        {
          key: 'a',
          start: 0,
          end: 45,
          groups: ['1a'],
          candidates: [
            { employee: 'aaa', score: 50 },
            { employee: 'bbb', score: 10 },
          ],
          pinned: 'bbb',
        },
        {
          key: 'b',
          start: 50,
          end: 95,
          groups: ['1a'],
          candidates: [
            { employee: 'aaa', score: 50 },
            { employee: 'bbb', score: 10 },
          ],
          pinned: null,
        },
        { key: 'c', start: 0, end: 45, groups: ['2b'], candidates: [{ employee: 'aaa', score: 5 }], pinned: null },
      ],
      perDay: 1,
      perWindow: 5,
      coversSoFar: new Map(),
    };
    const solved = await solveProposal(day);
    expect(solved.relievers.get('a')).toBe('bbb');
    // bbb's one cover a day is the pin; aaa may cover once: b (50 points) rather than c (5).
    expect(solved.relievers.get('b')).toBe('aaa');
    expect(solved.relievers.has('c')).toBe(false);
    expect(feasible(day, solved.relievers)).toBe(true);
  });

  it('gives a group’s consecutive open periods one reliever where one is free for both', async () => {
    const day: ProposalInput = {
      lessons: [
        {
          key: 'u1',
          start: 0,
          end: 2700,
          groups: ['1a'],
          candidates: [
            { employee: 'aaa', score: 20 },
            { employee: 'bbb', score: 25 },
          ],
          pinned: null,
        },
        {
          key: 'u2',
          start: 2700,
          end: 5400,
          groups: ['1a'],
          candidates: [
            { employee: 'aaa', score: 20 },
            { employee: 'ccc', score: 30 },
          ],
          pinned: null,
        },
      ],
      perDay: 2,
      perWindow: 5,
      coversSoFar: new Map(),
    };
    const solved = await solveProposal(day);
    expect([solved.relievers.get('u1'), solved.relievers.get('u2')]).toEqual(['aaa', 'aaa']);
    expect(solved.consecutiveKept).toBe(1);
    // Greedy takes the best of each and keeps no pair.
    expect(greedyProposal(day).consecutiveKept).toBe(0);
  });

  it('is not shared between two schools whose days have the same shape', async () => {
    const day = (codes: [string, string]): ProposalInput => ({
      lessons: [
        {
          key: '10025133',
          start: 0,
          end: 2700,
          groups: ['1a'],
          candidates: [
            { employee: codes[0], score: 30 },
            { employee: codes[1], score: 10 },
          ],
          pinned: null,
        },
      ],
      perDay: 2,
      perWindow: 5,
      coversSoFar: new Map(),
    });
    const a = await solveProposal(day(['aaa', 'bbb']), 'https://a.example/api');
    const b = await solveProposal(day(['xxx', 'yyy']), 'https://b.example/api');
    expect(a.relievers.get('10025133')).toBe('aaa');
    expect(b.relievers.get('10025133')).toBe('xxx');
  });

  it('solves off the event loop: timers run while a day of 300 open lessons is solved', async () => {
    const lessons = Array.from({ length: 300 }, (_, i) => ({
      key: `l${i}`,
      start: (i % 9) * 3000,
      end: (i % 9) * 3000 + 2700,
      groups: [`g${i % 40}`],
      candidates: Array.from({ length: 8 }, (_, j) => ({
        employee: `t${(i * 7 + j * 13) % 120}`,
        score: (i * j) % 50,
      })),
      pinned: null,
    }));
    let ticks = 0;
    let solving = true;
    const tick = () => {
      ticks++;
      if (solving) setImmediate(tick);
    };
    setImmediate(tick);
    const solved = await solveProposal({ lessons, perDay: 2, perWindow: 6, coversSoFar: new Map() });
    solving = false;
    expect(ticks).toBeGreaterThan(1);
    expect(['highs', 'greedy']).toContain(solved.solver);
    expect(feasible({ lessons, perDay: 2, perWindow: 6, coversSoFar: new Map() }, solved.relievers)).toBe(true);
  });
});
