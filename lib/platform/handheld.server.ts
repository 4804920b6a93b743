import 'server-only';
import { headers } from 'next/headers';
import { userAgent } from 'next/server';

/**
 * The server's guess that this request comes from a phone's browser (its user agent says so): the
 * pages that lay out differently on a phone (the week grids) draw the phone's layout in the first
 * paint, and the browser's own answer puts a wrong guess right after hydrating (`useMediaQuery`).
 */
export async function isHandheld(): Promise<boolean> {
  return userAgent({ headers: await headers() }).device.type === 'mobile';
}
