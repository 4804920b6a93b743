import { isIpLiteral, isPublicAddress } from './addresses';
import { apiText, inEnglish, type ApiKey, type ApiText } from '@/lib/api/api-text';

// Checks a portal URL a person typed before anything is sent to it. Pure: the same rules run in
// the connect route and in tests. What DNS returns is checked again when connecting (client.ts).
// A refusal's words are `text` (said in the reader's language by the route), `message` in English.

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
  | { ok: false; reason: PortalUrlRefusal; message: string; text: ApiText };

const refuse = (reason: PortalUrlRefusal, key: ApiKey, values?: ApiText['values']): PortalUrlCheck => {
  const text = apiText(key, values);
  return { ok: false, reason, message: inEnglish(text), text };
};

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

export function checkPortalUrl(input: string, allowed: readonly string[]): PortalUrlCheck {
  const text = input.trim();
  if (text.length === 0 || text.length > 2048) return refuse('invalid', 'portalUrl.enter');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('invalid', 'portalUrl.notAddress');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('scheme', 'portalUrl.scheme');
  if (url.username || url.password) return refuse('credentials', 'portalUrl.credentials');
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return refuse('query', 'portalUrl.query');
  if (/%(2e|2f|5c|00)/i.test(url.pathname) || text.includes('\\') || /\/\.{1,2}(\/|$)/.test(text)) {
    return refuse('path', 'portalUrl.unusualPath');
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path === '') path = '/api';
  if (!path.endsWith('/api') || path.includes('//')) return refuse('path', 'portalUrl.apiPath');

  const origin = url.origin.toLowerCase();
  const listed = allowed.some((a) => !a.includes('*') && a === origin);
  if (listed) return { ok: true, baseUrl: `${origin}${path}`, origin, trust: 'listed' };
  if (url.protocol === 'http:') return refuse('not-https', 'portalUrl.notHttps');

  const host = url.hostname.toLowerCase();
  const matched = allowed.some((pattern) => {
    if (pattern === '*' || pattern === 'https://*') return true;
    const m = /^https:\/\/\*\.([^:/]+)(?::(\d+))?$/.exec(pattern);
    return Boolean(m && host.endsWith(`.${m[1]}`) && (url.port || '') === (m[2] ?? ''));
  });
  if (!matched) return refuse('not-allowed', 'portalUrl.notAllowed', { host: url.host });
  if (url.port) return refuse('port', 'portalUrl.port');
  if (isIpLiteral(host)) {
    return isPublicAddress(host.replace(/^\[|\]$/g, ''))
      ? refuse('address', 'portalUrl.ipAddress')
      : refuse('address', 'portalUrl.privateAddress');
  }
  // `localhost.` and `intranet.` are the same local names with the root's dot written out.
  if (host.endsWith('.')) return refuse('address', 'portalUrl.trailingDot');
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return refuse('address', 'portalUrl.privateName');
  return { ok: true, baseUrl: `${origin}${path}`, origin, trust: 'wildcard' };
}
