import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { route } from '@/lib/connection/route.server';

// Any other address under /api: a 404 in words (JSON, as every API answer), not the 404 page.
// Paths fold before they arrive (`/api/connections/../x` is `/api/x`), so this is reachable.

const notFound = route<unknown>(async () => {
  throw new HttpError(404, apiText('request.noSuchAddress'));
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
