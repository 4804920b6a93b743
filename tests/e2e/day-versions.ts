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
  subjects: string[];
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
      'id,appointmentInstance,start,end,type,valid,hidden,cancelled,teachers,locations,groups,subjects,teacherChanged,locationChanged,timeChanged,groupChanged,changeDescription,lastModified',
    start,
    end,
    includeHidden: true,
  });
  return body.response.data;
}

const norm = (l: string[]) => [...new Set(l.map((x) => x.trim()).filter(Boolean))].sort().join();
const same = (a: string[], b: string[]) => norm(a) === norm(b);

const FIELDS = [
  ['teacher', 'teacherChanged', (a: Version, b: Version) => !same(a.teachers, b.teachers)],
  ['location', 'locationChanged', (a: Version, b: Version) => !same(a.locations, b.locations)],
  ['moved', 'timeChanged', (a: Version, b: Version) => a.start !== b.start || a.end !== b.end],
  ['group', 'groupChanged', (a: Version, b: Version) => !same(a.groups, b.groups)],
] as const;

/**
 * For each field kind that changed, the older version "before" is read from: the previous version
 * when it differs, else (the portal's flag set) the newest older one that differs; a flag over equal
 * values ("lokaal 003 → 003") is no change. Without older versions the flags say it.
 */
export function changedFrom(chain: Version[], now: Version): Map<string, Version | null> {
  const earlier = chain.filter((v) => v.id < now.id).sort((a, b) => a.id - b.id);
  const previous = earlier.at(-1);
  const out = new Map<string, Version | null>();
  for (const [kind, flag, differs] of FIELDS) {
    if (!previous) {
      if (now[flag]) out.set(kind, null);
      continue;
    }
    const from = differs(previous, now) ? previous : now[flag] ? earlier.findLast((v) => differs(v, now)) : undefined;
    if (from) out.set(kind, from);
  }
  return out;
}

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
      kinds.push(...changedFrom(chain, now).keys());
      if (kinds.length === 0 && now.changeDescription) {
        const flagged = now.teacherChanged || now.locationChanged || now.timeChanged || now.groupChanged;
        if (!earlier) kinds.push('added');
        else if (
          !same(earlier.subjects, now.subjects) ||
          (!flagged && now.changeDescription !== earlier.changeDescription)
        )
          kinds.push('other');
      }
    }
    if (kinds.length > 0) out.set(`i${instance}`, kinds.join(' '));
  }
  return out;
}
