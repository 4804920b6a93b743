'use client';

// The person's last views, kept in this browser per connection (localStorage), for "Vandaag".
// Only the URL is kept: every view's state is in its URL, so it opens again as it was.

import { urlList, type UrlEntry } from '@/lib/browser/url-list.client';

export type RecentView = UrlEntry;

export const recentViews = urlList('recent', 6);

/** Pages worth returning to; the home page and /connect are not. */
const WORTH = /^\/(timetable|changes|staffing|rights|explorer)([/?]|$)/;

export const readRecentViews = (connectionId: string) => recentViews.read(connectionId);

export function rememberView(connectionId: string, href: string, at = Date.now()): void {
  if (WORTH.test(href)) recentViews.remember(connectionId, { href, at });
}

export type ViewPart =
  | {
      kind: 'page';
      page: 'timetable' | 'overview' | 'changes' | 'absences' | 'contracts' | 'load' | 'groups' | 'rights' | 'explore';
    }
  | { kind: 'subject'; subject: 'teacher' | 'group' | 'location' | 'student'; code: string }
  | { kind: 'week'; week: number }
  | { kind: 'endpoint'; endpoint: string };

/** What a remembered URL shows, as parts the page words ("Rooster · docent abc · week 47"). */
export function describeView(href: string): ViewPart[] {
  const url = new URL(href, 'http://x');
  const path = url.pathname;
  const parts: ViewPart[] = [];
  if (path.startsWith('/timetable/overview')) parts.push({ kind: 'page', page: 'overview' });
  else if (path.startsWith('/timetable')) parts.push({ kind: 'page', page: 'timetable' });
  else if (path.startsWith('/changes')) parts.push({ kind: 'page', page: 'changes' });
  else if (path.startsWith('/staffing/absences')) parts.push({ kind: 'page', page: 'absences' });
  else if (path.startsWith('/staffing/contracts')) parts.push({ kind: 'page', page: 'contracts' });
  else if (path.startsWith('/staffing/load')) parts.push({ kind: 'page', page: 'load' });
  else if (path.startsWith('/staffing/groups')) parts.push({ kind: 'page', page: 'groups' });
  else if (path.startsWith('/rights')) parts.push({ kind: 'page', page: 'rights' });
  else if (path.startsWith('/explorer')) {
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
