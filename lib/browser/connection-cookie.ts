// What this browser keeps per connection that the server must read too (the changes page's last
// visit, so its first paint already marks what is new) lives in a cookie `rooster.<area>.<connection
// id>`; it is removed with the connection's other traces (`forgetOtherConnections`). Only a moment
// in time is kept there, never a portal's data.

export const connectionCookie = (area: string, connectionId: string) => `rooster.${area}.${connectionId}`;

/** The area and connection id of a cookie of this kind; null for any other cookie. */
export function connectionCookieOf(name: string): { area: string; connectionId: string } | null {
  const m = /^rooster\.([a-z-]+)\.([A-Za-z0-9_-]+)$/.exec(name);
  return m ? { area: m[1]!, connectionId: m[2]! } : null;
}
