import { serve, type HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { isResourceName, resourceNames } from '../../lib/partner-api/catalog';
import { applyChanges, applyCover, CoverRefused, type CoverInput } from '../school/changes';
import { formatIsoWeek } from '../../lib/partner-api/values';
import { generateSchool, nearestLessonWeek, type GenerateOptions, type SandboxData } from '../school/index';
import { Random } from '../school/random';
import { okBody, PortalError, sendError, type ErrorLog } from './envelope';
import { faultSchema, FaultBook, type FaultRule } from './faults';
import { liveSchedule } from './liveschedule';
import { PartnerStore } from './partners';
import { parseListQuery } from './query';
import { runListQuery } from './resources';

export interface SandboxOptions extends GenerateOptions {
  /** The clock, in Unix seconds (tests pin it). */
  now?: () => number;
  log?: ErrorLog;
  /** Reuse already generated data (tests share one school). */
  data?: SandboxData;
}

export interface Sandbox {
  app: Hono<{ Bindings: HttpBindings }>;
  data: SandboxData;
  partners: PartnerStore;
  faults: FaultBook;
  simulate(changes: number): number[];
  /** Applies a cover (or cancels the lesson) as a scheduler would; returns the version written. */
  cover(input: CoverInput): number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const partnerBodySchema = z.object({
  name: z.string().min(1).max(200),
  endpoints: z.record(
    z.string().refine((e) => isResourceName(e) || e === 'liveschedule', 'unknown endpoint'),
    z.object({
      readFields: z.array(z.string()),
      filterFields: z.array(z.string()),
      writeFields: z.array(z.string()).default([]),
    }),
  ),
  schoolInSchoolYears: z.array(z.number().int()).min(1),
  tokenTtlSeconds: z.number().int().positive().optional(),
});

const coverBodySchema = z.union([
  z.strictObject({
    appointment: z.number().int().positive(),
    teacher: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[a-z0-9]+$/i, 'an employee code'),
  }),
  z.strictObject({ appointment: z.number().int().positive(), cancel: z.literal(true) }),
]);

/** Admin request bodies are small: a partner definition is the largest. */
const ADMIN_BODY_LIMIT = 64 * 1024;

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const log = options.log ?? ((line: string) => process.stderr.write(`[sandbox] ${line}\n`));
  const data = options.data ?? generateSchool(options);
  const partners = new PartnerStore(data.school.projects, data.school.currentProjects, now);
  const faults = new FaultBook();
  const changeRng = new Random(data.school.seed).fork('live-changes');
  const simulate = (count: number) => applyChanges(data, changeRng, count, now()).flatMap((r) => r.ids);
  // A live change like the simulated ones: stamped at least at the highest lastModified so far.
  const cover = (input: CoverInput) => applyCover(data, input, Math.max(now(), data.appointments.highestLastModified));
  const app = new Hono<{ Bindings: HttpBindings }>();

  app.onError((error, c) => {
    if (error instanceof PortalError) return sendError(c, error, log);
    return sendError(
      c,
      new PortalError(500, 'Internal error', error instanceof Error ? error.message : String(error)),
      log,
    );
  });

  // --- request counts, and injected faults (before anything else on /api) ---
  let requests = 0;
  app.use('*', async (c, next) => {
    if (!c.req.path.startsWith('/admin/')) requests++;
    return next();
  });
  let apiRequests = 0;
  app.use('/api/*', async (c, next) => {
    apiRequests++;
    const url = new URL(c.req.url);
    const rule = faults.match(url.pathname, url.searchParams);
    if (!rule) return next();
    return (await applyFault(c, rule, log)) ?? next();
  });

  // --- the partner API ---
  // The code comes in the query (`?code=`), in a form body (`grant_type=authorization_code&code=`,
  // as clients of the older user API send it), or both; spaces and dashes in it are ignored.
  app.post('/api/oauth/token', async (c) => {
    const form = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')
      ? await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      : {};
    const grantType = typeof form.grant_type === 'string' ? form.grant_type : undefined;
    if (grantType !== undefined && grantType !== 'authorization_code')
      throw new PortalError(
        400,
        `Unsupported grant_type: ${grantType}`,
        'Exchange an authorization code: grant_type=authorization_code&code=<authorization code>.',
      );
    const code = c.req.query('code') || (typeof form.code === 'string' ? form.code : '');
    if (!code)
      throw new PortalError(
        400,
        'Missing required parameter: code',
        'POST /api/oauth/token?code=<authorization code>, or the form body grant_type=authorization_code&code=<authorization code>.',
      );
    const { token, record } = partners.exchange(code);
    return c.json({ access_token: token, token_type: 'bearer', expires_in: record.expires - record.created });
  });

  app.get('/api/partners/~me', (c) => {
    const { partner, token, record } = partners.authenticate(c.req.header('authorization'));
    return c.json(okBody([partners.describe(partner, token, record, data.school.name, data.school.id)]));
  });

  app.get('/api/liveschedule', (c) => {
    const { partner } = partners.authenticate(c.req.header('authorization'));
    return c.json(okBody(liveSchedule(data, partner, new URL(c.req.url).searchParams, now())));
  });

  app.all('/api/v3/*', (c) => {
    const rest = new URL(c.req.url).pathname.replace(/^\/api\/v3\//, '');
    throw new PortalError(
      403,
      `Partner rights do not work on /api/v3/${rest}`,
      `Use /api/${rest}: the version segment was removed and partner rights work only on the new path.`,
    );
  });

  app.get('/api/:resource', (c) => {
    const resource = c.req.param('resource');
    const { partner } = partners.authenticate(c.req.header('authorization'));
    if (!isResourceName(resource))
      throw new PortalError(
        404,
        `Unknown endpoint /${resource}`,
        `Endpoints: ${resourceNames.join(', ')}, liveschedule, partners/~me.`,
      );
    const query = parseListQuery(resource, new URL(c.req.url).searchParams, partner);
    return c.json(okBody(runListQuery(data, query, now())));
  });

  app.all('/api/*', () => {
    throw new PortalError(404, 'Unknown endpoint', 'This path is not part of the partner API.');
  });

  // --- the portal administrator (loopback only) ---
  app.use('/admin/*', async (c, next) => {
    const address = getConnInfo(c).remote.address ?? '';
    if (!LOOPBACK.has(address)) return c.json({ error: 'The admin API answers on loopback only.' }, 403);
    return next();
  });
  app.use(
    '/admin/*',
    bodyLimit({
      maxSize: ADMIN_BODY_LIMIT,
      onError: (c) => c.json({ error: `Admin request bodies are at most ${ADMIN_BODY_LIMIT} bytes.` }, 413),
    }),
  );
  const body = async <T>(c: Context, schema: z.ZodType<T>): Promise<T> => {
    const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw new PortalError(400, 'Invalid admin request', z.prettifyError(parsed.error));
    return parsed.data;
  };
  // `apiRequests` (under /api) and `requests` (any path but /admin) let tests prove that a refused
  // request never reached the portal.
  // `changeWeek`: the lesson week simulated changes start from (the current one, or the nearest).
  // `today`…`coverDays`: where the school stands in time (the demo and the present-day test read it).
  app.get('/admin/health', (c) =>
    c.json({
      ok: true,
      seed: data.school.seed,
      scale: data.school.scale,
      appointments: data.appointments.size,
      apiRequests,
      requests,
      changeWeek: formatIsoWeek(nearestLessonWeek(data, now())),
      today: data.moment.today,
      schoolDay: data.moment.schoolDay,
      schoolYear: data.moment.year,
      coverDays: data.moment.coverDays,
    }),
  );
  app.post('/admin/partners', async (c) => {
    const input = await body(c, partnerBodySchema);
    return c.json({ id: partners.create(input).id }, 201);
  });
  app.post('/admin/partners/:id/codes', (c) => c.json({ code: partners.newCode(c.req.param('id')) }, 201));
  app.post('/admin/partners/:id/revoke', (c) => c.json({ revoked: partners.revoke(c.req.param('id')) }));
  app.post('/admin/simulate', async (c) => {
    const { changes } = await body(c, z.object({ changes: z.number().int().min(1).max(1000) }));
    return c.json({ changed: simulate(changes) });
  });
  // A cover as a scheduler enters it in the portal: { appointment, teacher } or { appointment, cancel: true }.
  app.post('/admin/cover', async (c) => {
    const input = await body(c, coverBodySchema);
    try {
      return c.json({ id: cover(input) });
    } catch (error) {
      if (error instanceof CoverRefused)
        throw new PortalError(error.status, error.message, 'POST /admin/cover takes a current lesson version.');
      throw error;
    }
  });
  app.put('/admin/faults', async (c) => {
    const rule = faults.add(await body(c, faultSchema));
    return c.json({ fault: rule }, 201);
  });
  app.get('/admin/faults', (c) => c.json({ faults: faults.list() }));
  app.delete('/admin/faults', (c) => {
    faults.clear();
    return c.json({ cleared: true });
  });

  return { app, data, partners, faults, simulate, cover };
}

/** The faulty answer, or undefined when the rule only adds latency. */
async function applyFault(
  c: Context<{ Bindings: HttpBindings }>,
  rule: FaultRule,
  log: ErrorLog,
): Promise<Response | undefined> {
  if (rule.latencyMs) await sleep(rule.latencyMs);
  if (rule.hang) {
    // Keep the request open until the client gives up or the server closes.
    await new Promise<void>((resolve) => c.env.incoming.once('close', () => resolve()));
    return RESPONSE_ALREADY_SENT;
  }
  if (rule.cut) {
    const res = c.env.outgoing;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
    res.write('{"response":{"status":200,"message":"","data":[{"id":1,"start":17');
    setTimeout(() => res.socket?.destroy(), 10);
    return RESPONSE_ALREADY_SENT;
  }
  if (rule.cutAfter) {
    // A large answer that breaks off after its first bytes have gone out (a proxy passing it on has
    // already begun to answer).
    const res = c.env.outgoing;
    res.writeHead(200, { 'content-type': 'application/json' });
    let body = '{"response":{"status":200,"message":"","details":"","eventId":0,"data":[';
    for (let id = 1; body.length < rule.cutAfter; id++) body += `{"id":${id},"start":1795000000,"type":"lesson"},`;
    res.write(body.slice(0, rule.cutAfter));
    setTimeout(() => res.socket?.destroy(), 10);
    return RESPONSE_ALREADY_SENT;
  }
  if (rule.malformed) {
    return c.body('{"response":{"status":200,"data":[{"id":1,', 200, { 'content-type': 'application/json' });
  }
  if (rule.status) {
    const headers: Record<string, string> =
      rule.retryAfter !== undefined ? { 'Retry-After': String(rule.retryAfter) } : {};
    return sendError(
      c,
      new PortalError(
        rule.status,
        `Injected fault ${rule.status}`,
        `A fault rule for ${rule.path} answered this request.`,
        headers,
      ),
      log,
    );
  }
  return undefined;
}

export interface RunningSandbox {
  sandbox: Sandbox;
  /** The portal's base URL, ending in /api. */
  baseUrl: string;
  origin: string;
  close(): Promise<void>;
}

/** Starts the sandbox on 127.0.0.1 (port 0 picks a free one). */
export function startSandbox(options: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  return new Promise((resolve) => {
    const server = serve(
      { fetch: sandbox.app.fetch, port: options.port ?? 0, hostname: options.host ?? '127.0.0.1' },
      (info: AddressInfo) => {
        // Idle keep-alive sockets outlive the clients' own idle timeout (undici's is 4 s), as a
        // portal behind a load balancer does: a client never sends on a socket the server is
        // closing at that moment (a reset seen as "fetch failed" on a busy machine).
        if ('keepAliveTimeout' in server) {
          server.keepAliveTimeout = 65_000;
          server.headersTimeout = 66_000;
        }
        const origin = `http://${options.host ?? '127.0.0.1'}:${info.port}`;
        resolve({
          sandbox,
          origin,
          baseUrl: `${origin}/api`,
          close: () =>
            new Promise<void>((done) => {
              if ('closeAllConnections' in server) server.closeAllConnections();
              server.close(() => done());
            }),
        });
      },
    );
  });
}
