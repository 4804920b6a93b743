// Display mode (`/changes?display=1`, a hall screen): the page runs without the app's chrome. The
// proxy marks the request with a header only it sets (a client's own copy is dropped), and the
// root layout leaves the header out, so nothing flashes and nothing behind it takes focus.

export const DISPLAY_HEADER = 'x-rooster-display';

/** Whether a page URL asks for display mode: only the changes page has one. */
export function isDisplayUrl(url: URL): boolean {
  return url.pathname === '/changes' && url.searchParams.get('display') === '1';
}
