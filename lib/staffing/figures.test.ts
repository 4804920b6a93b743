import { describe, expect, it } from 'vitest';
import type { TeacherLoad } from '@/lib/lessons/load-figures';
import { emptyLoad, type LoadRights } from '@/lib/lessons/teacher-load';
import { markDoubts } from './figures';

const ALL_RIGHTS: LoadRights = {
  lessons: true,
  cover: true,
  absences: true,
  contracts: {
    lessonsToPlan: true,
    lessonsMax: true,
    fteNet: true,
    clockHoursBalance: true,
    lessonSpace: true,
    taskSpace: true,
  },
};
/** A teacher with one lesson and no contract figures yet. */
const base = (employee: string): TeacherLoad => ({
  ...emptyLoad(employee, new Map(), ALL_RIGHTS),
  planned: 1,
  given: 1,
});
const byCode = (loads: readonly TeacherLoad[]) => new Map(loads.map((l) => [l.employee, l]));

describe('contract doubts', () => {
  it('marks contracts that cannot be right: none to plan at an fte above 0, or lessons per fte far off', () => {
    const load = (employee: string, lessonsToPlan: number, fteNet: number, planned = 10): TeacherLoad => ({
      ...base(employee),
      lessonsToPlan,
      fteNet,
      planned,
      given: planned,
    });
    const marked = byCode(
      markDoubts(
        [
          load('a', 26, 1),
          load('b', 20, 0.8),
          load('c', 13, 0.5),
          load('sho', 0, 0.8), // lessons, but none to plan
          load('sup', 0, 0.8, 0), // support staff: no lessons, nothing to doubt
          { ...load('voo', 0, 0.9, 0), given: 1, cover: 1 }, // none planned, but a cover given
          load('odd', 95, 1), // 95 a week per fte: far above the school's 26
          load('low', 2, 0.8),
        ],
        1,
      ),
    );
    expect(marked.get('a')!.doubt).toBeNull();
    expect(marked.get('c')!.doubt).toBeNull();
    expect(marked.get('sho')!.doubt).toBe('noLessonsToPlan');
    expect(marked.get('sup')!.doubt).toBeNull();
    expect(marked.get('voo')!.doubt).toBe('noLessonsToPlan');
    expect(marked.get('odd')!.doubt).toBe('unusualRatio');
    expect(marked.get('low')!.doubt).toBe('unusualRatio');
  });
});
