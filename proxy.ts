import { NextResponse, type NextRequest } from 'next/server';
import { METHOD_HEADER, methodNotAllowed, oddMethod } from '@/lib/api/methods';
import { LOCALE_COOKIE, pickLocale } from '@/lib/i18n/locales';
import { DISPLAY_HEADER, isDisplayUrl } from '@/lib/shell/display-mode';

// Every request passes here first. A method Rooster does not take (PROPFIND, SEARCH, and TRACE,
// which lib/platform/methods.server.ts carries in as OPTIONS) gets a 405 in words on every address,
// page or API. Pages then get a per-request Content Security Policy with a nonce (Next puts it on
// its own scripts), plus the other security headers. Inline style attributes stay allowed: the
// timetable grid positions blocks with them, and styles cannot run code.

/** API routes answer JSON (with their own headers) and need no nonce; nor do static files. */
const NOT_A_PAGE = /^\/(api\/|_next\/static|_next\/image|favicon\.svg)/;

export function proxy(request: NextRequest) {
  const odd = oddMethod(request.method, request.headers.get(METHOD_HEADER));
  if (odd) {
    const locale = pickLocale(request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get('accept-language'));
    const answer = methodNotAllowed(odd, locale);
    return new NextResponse(answer.body, { status: answer.status, headers: answer.headers });
  }
  if (NOT_A_PAGE.test(request.nextUrl.pathname)) return NextResponse.next();

  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const dev = process.env.NODE_ENV === 'development';
  const csp = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' blob: data:`,
    `font-src 'self'`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  requestHeaders.delete(DISPLAY_HEADER);
  if (isDisplayUrl(request.nextUrl)) requestHeaders.set(DISPLAY_HEADER, '1');
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  if (process.env.NODE_ENV === 'production' && request.nextUrl.protocol === 'https:') {
    response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  }
  return response;
}

export const config = {
  // Every address: the method check holds for all of them (the CSP part only for pages, above).
  matcher: [{ source: '/:path*' }],
};
