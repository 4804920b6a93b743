import { DateTime } from 'luxon';
import { portal } from './support';

// A day's (or week's) changes read independently from the portal's version chains, as a partner
// would: what /changes lists, and what every count of changes (Vandaag, the timetable) must say.

export const ZONE = 'Europe/Amsterdam';

export interface Version {
  id: number;
  appointmentInstance: number;
  start: number;
  end: number;
  type: string;
  valid: boolean;
  hidden: boolean;
  cancelled: boolean;
  teachers: string[];
  locations: string[];
  groups: string[];
  teacherChanged: boolean;
  locationChanged: boolean;
  timeChanged: boolean;
  groupChanged: boolean;
  changeDescription: string;
  lastModified: number;
}

export const dayWindow = (date: string) => {
  const day = DateTime.fromISO(date, { zone: ZONE });
  return { start: day.toSeconds(), end: day.plus({ days: 1 }).toSeconds() };
};

/** Every version starting that day (or in a window), as a partner reads them (includeHidden: deleted ones too). */
export async function versionsOf(date: string | { start: number; end: number }): Promise<Version[]> {
  const { client, projects } = await portal();
  const { start, end } = typeof date === 'string' ? dayWindow(date) : date;
  const { body } = await client.get<Version>('/appointments', {
    schoolInSchoolYear: projects,
    fields:
      'id,appointmentInstance,start,end,type,valid,hidden,cancelled,teachers,locations,groups,teacherChanged,locationChanged,timeChanged,groupChanged,changeDescription,lastModified',
    start,
    end,
    includeHidden: true,
  });
  return body.response.data;
}

const same = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

/** What each instance's chain says happened: the kinds, in the page's words (data-kinds). */
export function expectedChanges(versions: Version[]): Map<string, string> {
  const chains = new Map<number, Version[]>();
  for (const v of versions) chains.set(v.appointmentInstance, [...(chains.get(v.appointmentInstance) ?? []), v]);
  const out = new Map<string, string>();
  for (const [instance, chain] of chains) {
    chain.sort((a, b) => a.id - b.id);
    const now = chain.filter((v) => v.valid && !v.hidden).at(-1);
    const earlier = chain.filter((v) => v !== now && (!now || v.id < now.id)).at(-1);
    const kinds: string[] = [];
    if (!now) {
      if (earlier) kinds.push('removed');
    } else {
      if (now.cancelled) kinds.push('cancelled');
      if (now.teacherChanged || (earlier && !same(earlier.teachers, now.teachers))) kinds.push('teacher');
      if (now.locationChanged || (earlier && !same(earlier.locations, now.locations))) kinds.push('location');
      if (now.timeChanged || (earlier && (earlier.start !== now.start || earlier.end !== now.end))) kinds.push('moved');
      if (now.groupChanged || (earlier && !same(earlier.groups, now.groups))) kinds.push('group');
      if (kinds.length === 0 && now.changeDescription) kinds.push(earlier ? 'other' : 'added');
    }
    if (kinds.length > 0) out.set(`i${instance}`, kinds.join(' '));
  }
  return out;
}
