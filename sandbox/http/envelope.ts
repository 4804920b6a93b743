import type { Context } from 'hono';

// Every body is the spec's envelope; errors carry message, details and a unique eventId that
// the server also logs (never with a token).

let nextEventId = 4_100_000 + Math.floor(Math.random() * 100_000);

export interface ErrorLog {
  (line: string): void;
}

export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details = '',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function okBody(data: unknown[]) {
  return {
    response: {
      status: 200,
      message: '',
      details: '',
      eventId: 0,
      startRow: 0,
      endRow: data.length,
      totalRows: data.length,
      data,
    },
  };
}

export function errorBody(status: number, message: string, details: string, eventId: number) {
  return { response: { status, message, details, eventId, startRow: 0, endRow: 0, totalRows: 0, data: [] } };
}

export function sendError(c: Context, error: PortalError, log: ErrorLog): Response {
  const eventId = nextEventId++;
  log(
    `event ${eventId}: ${error.status} ${error.message}${error.details ? ` (${error.details})` : ''} on ${c.req.method} ${new URL(c.req.url).pathname}`,
  );
  for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
  return c.json(errorBody(error.status, error.message, error.details, eventId), error.status as 400);
}
