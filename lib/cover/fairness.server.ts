import 'server-only';
import { lessonsReader, readNames } from '@/lib/lessons/reader.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import { dayEnd as dayEndOf, dayStart as dayStartOf } from '@/lib/partner-api/calendar';
import { formatIsoWeek, weekWindow } from '@/lib/partner-api/values';
import { serverEnv } from '@/lib/env.server';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { awayOver } from './away.server';
import { keptWeekCounts } from './fairness-weeks.server';
import { staffOfDay } from './staff';
import { readStaffContracts } from './reads.server';
import { fairnessRows, loadOf, median, type FairnessAnswer } from './fairness';

// The fairness report over a period, from the portal's answers: each week's covers and swaps per
// teacher (kept between visits, each week asked only what changed: fairness-weeks.server.ts), who
// was away (absences, activities and exams), the contracts then for the fte. Charged one week read
// per week of the period (a week answered from what was kept gives most of it back).

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
    const contractsRead = readStaffContracts(reader);
    const away = awayOver(reader, from, to, zone);
    const start = dayStartOf(from, zone);
    const end = dayEndOf(to, zone);
    const [contracts, names, perWeek] = await Promise.all([
      contractsRead,
      readNames(reader, contractsRead),
      Promise.all(
        weeks.map((week) => {
          const w = weekWindow(week, zone);
          return keptWeekCounts(
            reader,
            week,
            { start: Math.max(w.start, start), end: Math.min(w.end, end) },
            away,
            zone,
          );
        }),
      ),
    ]);
    // The weeks answered from their counts: most of their charge given back, at once.
    await reader.refundKeptWeek(perWeek.filter((w) => w.kept).length);
    // Per teacher, per week: covers and swaps.
    const labels = weeks.map(formatIsoWeek);
    const counted = new Map<string, Map<string, { covers: number; swaps: number }>>();
    perWeek.forEach(({ counts }, i) => {
      for (const [teacher, n] of counts)
        (counted.get(teacher) ?? counted.set(teacher, new Map()).get(teacher)!).set(labels[i]!, n);
    });
    // Who teaches in the period, with the fte of their contracts on its last day (the ranking's rule).
    const teaching = new Set(perWeek.flatMap((w) => [...w.teaching]));
    const { staff, fte } = staffOfDay(to, contracts, teaching, names, {
      fteNet: reader.has('contracts', ['fteNet']),
      lessonsToPlan: reader.has('contracts', ['lessonsToPlan']),
    });
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
