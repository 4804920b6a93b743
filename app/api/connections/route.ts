import type { NextRequest } from 'next/server';
import { z } from 'zod';
import type { ApiKey } from '@/lib/api/api-text';
import { connectToPortal } from '@/lib/connection/connect.server';
import { json, otherMethods, readBody } from '@/lib/platform/api.server';
import { route } from '@/lib/connection/route.server';
import { requestClientAddress } from '@/lib/platform/peer-address.server';

// POST /api/connections: connect with a one-time code or a token already held. The schema's
// messages are `api` keys, said in the request's language when the answer is made.

const say = (key: ApiKey) => key;
const portalUrl = z.string({ error: say('connect.portalUrlMissing') }).max(2048);
/** "Stay connected on this device" (the person's own device): off unless asked for. */
const stayConnected = z.boolean().optional().default(false);

const connectSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('code'),
      portalUrl,
      code: z
        .string({ error: say('connect.codeMissing') })
        .transform((c) => c.replace(/[\s-]+/g, ''))
        .pipe(z.string().regex(/^\d{12}$/, say('connect.codeDigits'))),
      stayConnected,
    }),
    z.object({
      method: z.literal('token'),
      portalUrl,
      token: z
        .string({ error: say('connect.tokenMissing') })
        .trim()
        .min(8, say('connect.tokenShort'))
        .max(1024, say('connect.tokenLong'))
        .regex(/^[\x21-\x7e]+$/, say('connect.tokenCharacters')),
      stayConnected,
    }),
  ],
  { error: say('connect.method') },
);

export const POST = route(async (req: NextRequest) => {
  const input = await readBody(req, connectSchema);
  const result = await connectToPortal(input, requestClientAddress(req.headers));
  return json(result, 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
