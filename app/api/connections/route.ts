import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { connectToPortal } from '@/lib/server/connect.server';
import { json, readBody, route } from '@/lib/server/api.server';
import { clientAddress } from '@/lib/server/connect-limit.server';

// POST /api/connections: connect with a one-time code or a token already held.

const connectSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('code'),
      portalUrl: z.string({ error: 'Enter the portal URL.' }).max(2048),
      code: z
        .string({ error: 'Enter the authorization code.' })
        .transform((c) => c.replace(/[\s-]+/g, ''))
        .pipe(z.string().regex(/^\d{12}$/, 'The authorization code has 12 digits (spaces and dashes are fine).')),
    }),
    z.object({
      method: z.literal('token'),
      portalUrl: z.string({ error: 'Enter the portal URL.' }).max(2048),
      token: z
        .string({ error: 'Enter the access token.' })
        .trim()
        .min(8, 'That access token is too short.')
        .max(1024, 'That access token is too long.')
        .regex(/^[\x21-\x7e]+$/, 'An access token has no spaces or special characters.'),
    }),
  ],
  { error: 'Choose how to connect: with an authorization code or an access token.' },
);

export const POST = route(async (req: NextRequest) => {
  const input = await readBody(req, connectSchema);
  const result = await connectToPortal(input, clientAddress(req.headers.get('x-forwarded-for')));
  return json(result, 201);
});
