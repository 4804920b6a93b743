import { NextResponse, type NextRequest } from 'next/server';
import { DISPLAY_HEADER, isDisplayUrl } from '@/lib/shell/display-mode';

// Per-request Content Security Policy with a nonce (Next puts it on its own scripts), plus the
// other security headers on every page. Inline style attributes stay allowed: the timetable grid
// positions blocks with them, and styles cannot run code.

export function proxy(request: NextRequest) {
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
  // Pages only: API routes answer JSON (with their own headers) and need no nonce.
  matcher: [{ source: '/((?!api/|_next/static|_next/image|favicon.svg).*)' }],
};
