import { isIpLiteral, isPublicAddress } from './addresses';

// Checks a portal URL a person typed before anything is sent to it. Pure: the same rules run in
// the connect route and in tests. What DNS returns is checked again when connecting (client.ts).

export type PortalUrlRefusal =
  'invalid' | 'scheme' | 'not-https' | 'credentials' | 'query' | 'path' | 'not-allowed' | 'port' | 'address';

export type PortalUrlCheck =
  | {
      ok: true;
      /** Origin plus the path ending in /api, no trailing slash: `https://school.example/api`. */
      baseUrl: string;
      origin: string;
      /** `listed`: the origin is in the allowlist itself; `wildcard`: let in by a pattern, so its addresses must be public. */
      trust: 'listed' | 'wildcard';
    }
  | { ok: false; reason: PortalUrlRefusal; message: string };

const refuse = (reason: PortalUrlRefusal, message: string): PortalUrlCheck => ({ ok: false, reason, message });

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

export function checkPortalUrl(input: string, allowed: readonly string[]): PortalUrlCheck {
  const text = input.trim();
  if (text.length === 0 || text.length > 2048)
    return refuse('invalid', 'Enter the portal address, for example https://school.example/api.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(
      'invalid',
      'That is not a web address. Enter the portal address, for example https://school.example/api.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refuse('scheme', 'The portal address must start with https://.');
  if (url.username || url.password)
    return refuse(
      'credentials',
      'Leave user names and passwords out of the portal address; Rooster signs in with the code.',
    );
  if (url.search || url.hash || text.includes('?') || text.includes('#'))
    return refuse('query', 'Give the portal address without ? or # parts.');
  if (/%(2e|2f|5c|00)/i.test(url.pathname) || text.includes('\\') || /\/\.{1,2}(\/|$)/.test(text)) {
    return refuse('path', 'The portal address has an unusual path. Use the form https://school.example/api.');
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path === '') path = '/api';
  if (!path.endsWith('/api') || path.includes('//'))
    return refuse('path', 'The portal address ends in /api, for example https://school.example/api.');

  const origin = url.origin.toLowerCase();
  const listed = allowed.some((a) => !a.includes('*') && a === origin);
  if (listed) return { ok: true, baseUrl: `${origin}${path}`, origin, trust: 'listed' };
  if (url.protocol === 'http:')
    return refuse('not-https', 'The portal must be reached over HTTPS (the address starts with https://).');

  const host = url.hostname.toLowerCase();
  const matched = allowed.some((pattern) => {
    if (pattern === '*' || pattern === 'https://*') return true;
    const m = /^https:\/\/\*\.([^:/]+)(?::(\d+))?$/.exec(pattern);
    return Boolean(m && host.endsWith(`.${m[1]}`) && (url.port || '') === (m[2] ?? ''));
  });
  if (!matched)
    return refuse(
      'not-allowed',
      `Rooster is not set up to connect to ${url.host}. Ask whoever runs Rooster to add it to ALLOWED_PORTAL_ORIGINS.`,
    );
  if (url.port) return refuse('port', 'Give the portal address without a port number.');
  if (isIpLiteral(host)) {
    return isPublicAddress(host.replace(/^\[|\]$/g, ''))
      ? refuse('address', 'Connect to the portal by its name, not by an IP address.')
      : refuse('address', 'That address points into a private or local network, which Rooster never connects to.');
  }
  // `localhost.` and `intranet.` are the same local names with the root's dot written out.
  if (host.endsWith('.')) return refuse('address', 'Give the portal name without a trailing dot.');
  if (LOCAL_NAMES.test(host) || !host.includes('.'))
    return refuse('address', 'That name points into a private or local network, which Rooster never connects to.');
  return { ok: true, baseUrl: `${origin}${path}`, origin, trust: 'wildcard' };
}
