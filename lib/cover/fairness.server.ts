import 'server-only';
import { lessonsReader, readNames } from '@/lib/lessons/reader.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import { dayEnd as dayEndOf, dayStart as dayStartOf } from '@/lib/partner-api/calendar';
import { formatIsoWeek, weekWindow } from '@/lib/partner-api/values';
import { LessonTally, replacementsIn } from '@/lib/lessons/tally';
import { serverEnv } from '@/lib/env.server';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { awayOver } from './away.server';
import { weekReader } from './week-counts.server';
import { staffOfDay } from './staff';
import { readStaffContracts } from './reads.server';
import { fairnessRows, loadOf, median, type FairnessAnswer } from './fairness';

// The fairness report over a period, from the portal's answers: each week's lessons through the
// week cache (a second visit reads only what changed), who was away (absences, activities and
// exams), the contracts then for the fte. Charged one week read per week of the period.

export async function fairnessFor(
  active: ActiveConnection,
  from: string,
  to: string,
  projects: number[] = [],
): Promise<FairnessAnswer> {
  const started = performance.now();
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const reader = await lessonsReader(active, projects, { during: { from, to } });
  const weeks = weeksBetween(from, to, zone);
  return reader.budgeted(weeks.length, async () => {
    const keptWeek = weekReader(reader, zone);
    const contractsRead = readStaffContracts(reader);
    const [away, contracts, names, weekRows] = await Promise.all([
      awayOver(reader, from, to, zone),
      contractsRead,
      readNames(reader, contractsRead),
      Promise.all(weeks.map(keptWeek)),
    ]);
    const start = dayStartOf(from, zone);
    const end = dayEndOf(to, zone);
    // Per teacher, per week: covers and swaps.
    const counted = new Map<string, Map<string, { covers: number; swaps: number }>>();
    weeks.forEach((week, i) => {
      const w = weekWindow(week, zone);
      const label = formatIsoWeek(week);
      const tally = new LessonTally().add(weekRows[i]!);
      replacementsIn(tally, Math.max(w.start, start), Math.min(w.end, end), away, (teacher, kind) => {
        const byWeek = counted.get(teacher) ?? counted.set(teacher, new Map()).get(teacher)!;
        const n = byWeek.get(label) ?? { covers: 0, swaps: 0 };
        n[kind === 'cover' ? 'covers' : 'swaps']++;
        byWeek.set(label, n);
      });
    });
    // Who teaches in the period, with the fte of their contracts on its last day (the ranking's rule).
    const { staff, fte } = staffOfDay(to, contracts, weekRows.flat(), names, {
      fteNet: reader.has('contracts', ['fteNet']),
      lessonsToPlan: reader.has('contracts', ['lessonsToPlan']),
    });
    const labels = weeks.map(formatIsoWeek);
    const data = fairnessRows(labels, counted, staff);
    return {
      data,
      meta: {
        from,
        to,
        weeks: labels,
        covers: data.reduce((n, r) => n + r.covers, 0),
        swaps: data.reduce((n, r) => n + r.swaps, 0),
        median: median(data.map(loadOf)),
        fte,
        projects: reader.projects,
        durationMs: Math.round(performance.now() - started),
      },
    };
  });
}
