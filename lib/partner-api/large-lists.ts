import type { ResourceName } from './catalog';

// Rooster's own rule, not the spec's (catalog.ts is the spec's copy): which lists grow with the
// school year and how a read of one must be bounded.

/** How a read of a large list must be bounded. */
export interface LargeList {
  /** Two filters that together bound a window (`start`/`end`, Unix seconds), at most `maxDays` apart. */
  window: readonly [string, string];
  maxDays: number;
  /** Filters that each bound a read by identity instead of a window. */
  orOneOf: readonly string[];
}

/**
 * Lists that grow with the school year (a whole year of /appointments is tens of MB with a few
 * fields): the proxy reads them only within bounds, and each read counts as a heavy read. The
 * other heavy endpoint, /liveschedule, is bounded by its own required `student` and `week`.
 */
export const largeLists: Partial<Record<ResourceName, LargeList>> = {
  appointments: { window: ['start', 'end'], maxDays: 42, orOneOf: ['id', 'appointmentInstance'] },
};
