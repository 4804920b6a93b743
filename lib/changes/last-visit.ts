import { connectionCookie } from '@/lib/browser/connection-cookie';

// "New since": by default the moment of the person's previous visit to the changes page, kept per
// connection in a cookie, so the server draws the page with it: the new changes are marked, and the
// line that counts them written, in the first paint.

export const lastVisitCookie = (connectionId: string) => connectionCookie('changes-visit', connectionId);

/** A visit's moment in Unix seconds, or null for a value that is not one (a cookie is the browser's to change). */
export function readVisit(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds > 0 ? seconds : null;
}
