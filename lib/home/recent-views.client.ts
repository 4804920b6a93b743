'use client';

// The person's last views, kept in this browser per connection (localStorage), for "Vandaag".
// Only the URL is kept: every view's state is in its URL, so it opens again as it was.

export interface RecentView {
  href: string;
  at: number;
}

const MAX = 6;
export const recentViewsKey = (connectionId: string) => `rooster:recent:${connectionId}`;
/** Pages worth returning to; the home page and /connect are not. */
const WORTH = /^\/(timetable|staff|rights|explore)([/?]|$)/;

export function readRecentViews(connectionId: string): RecentView[] {
  return parseRecentViews(localStorage.getItem(recentViewsKey(connectionId)));
}

/** The stored list as written by rememberView; anything unreadable is an empty list. */
export function parseRecentViews(stored: string | null): RecentView[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((v): v is RecentView => typeof v?.href === 'string' && typeof v?.at === 'number').slice(0, MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberView(connectionId: string, href: string, at = Date.now()): void {
  if (!WORTH.test(href)) return;
  const views = [{ href, at }, ...readRecentViews(connectionId).filter((v) => v.href !== href)].slice(0, MAX);
  try {
    localStorage.setItem(recentViewsKey(connectionId), JSON.stringify(views));
  } catch {
    // Storage full or refused (private mode): the list is a convenience.
  }
}

export type ViewPart =
  | { kind: 'page'; page: 'timetable' | 'absences' | 'contracts' | 'rights' | 'explore' }
  | { kind: 'subject'; subject: 'teacher' | 'group' | 'location' | 'student'; code: string }
  | { kind: 'week'; week: number }
  | { kind: 'endpoint'; endpoint: string };

/** What a remembered URL shows, as parts the page words ("Rooster · docent abc · week 47"). */
export function describeView(href: string): ViewPart[] {
  const url = new URL(href, 'http://x');
  const path = url.pathname;
  const parts: ViewPart[] = [];
  if (path.startsWith('/timetable')) parts.push({ kind: 'page', page: 'timetable' });
  else if (path.startsWith('/staff/absences')) parts.push({ kind: 'page', page: 'absences' });
  else if (path.startsWith('/staff/contracts')) parts.push({ kind: 'page', page: 'contracts' });
  else if (path.startsWith('/rights')) parts.push({ kind: 'page', page: 'rights' });
  else if (path.startsWith('/explore')) {
    parts.push({ kind: 'page', page: 'explore' });
    const endpoint = path.split('/')[2];
    if (endpoint) parts.push({ kind: 'endpoint', endpoint: decodeURIComponent(endpoint) });
  }
  for (const subject of ['teacher', 'group', 'location', 'student'] as const) {
    const code = url.searchParams.get(subject);
    if (code) parts.push({ kind: 'subject', subject, code });
  }
  const week = /^\d{4}-W(\d{2})$/.exec(url.searchParams.get('week') ?? '');
  if (week) parts.push({ kind: 'week', week: Number(week[1]) });
  return parts;
}
