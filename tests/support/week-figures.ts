import type { CatalogRecord } from '@/lib/partner-api/records';
import { VersionTable, type ChainVersion } from '@/lib/onderwijstijd/version-table';
import { weekFiguresOf, type WeekFigures, type Window } from '@/lib/onderwijstijd/weeks';

// A week's onderwijstijd from records as a portal sends them, for the unit tests: the week's own
// versions, and (`others`) the versions of its chains read in other weeks, each made a table as the
// school year's reads are.

export function weekFiguresOfRows(
  own: readonly CatalogRecord<'appointments'>[],
  others: readonly CatalogRecord<'appointments'>[],
  window: Window,
  options: { now: number; types: readonly string[] },
): WeekFigures {
  const t = VersionTable.from(own, options.types);
  const theirs = VersionTable.from(others, options.types, t.codes);
  const chained: ChainVersion[] = [];
  for (let i = 0; i < theirs.size; i++) if (!Number.isNaN(theirs.instance[i]!)) chained.push(theirs.chainVersion(i));
  return weekFiguresOf(t, [...own.keys()], chained, window, options);
}
