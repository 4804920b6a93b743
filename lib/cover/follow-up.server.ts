import 'server-only';
import { keepProposals, proposals } from './plan-store.server';
import type { RankedLesson } from './rank';

/**
 * What the portal made of the day's proposals: a lesson proposed earlier and now covered says
 * whether by the one proposed or by someone else, one now cancelled says so. The proposals are
 * kept (per portal and day, until the day is over) as they are made.
 */
export async function followUp(portal: string, date: string, lessons: RankedLesson[]) {
  const earlier = await proposals(portal, date);
  for (const l of lessons) {
    const was = earlier[l.key];
    if (!was || l.state === 'open') continue;
    l.followUp = l.state === 'cancelled' ? 'cancelled' : l.coveredBy.includes(was) ? 'asProposed' : 'other';
    l.wasProposed = was;
  }
  const now = { ...earlier };
  for (const l of lessons) if (l.state === 'open' && l.proposed) now[l.key] = l.proposed;
  await keepProposals(portal, date, now);
}
