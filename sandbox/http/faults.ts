import { z } from 'zod';

// Injected faults for resilience tests: `PUT /admin/faults` adds a rule for requests whose path
// starts with `path`; `after` lets that many matching requests pass first; `rate` is the share of
// the rest that is hit (default all). `DELETE /admin/faults` clears every rule.

export const faultSchema = z
  .object({
    path: z.string().startsWith('/'),
    /** Only requests whose query holds this parameter (`teachers`), to single out one read of a page. */
    param: z.string().min(1).max(100).optional(),
    status: z.number().int().min(400).max(599).optional(),
    retryAfter: z.number().int().min(0).max(3600).optional(),
    latencyMs: z.number().int().min(0).max(300_000).optional(),
    malformed: z.boolean().optional(),
    /** Send part of the body, then cut the connection. */
    cut: z.boolean().optional(),
    /** Send this many bytes of a large list answer (an envelope's head and rows), then cut the connection. */
    cutAfter: z.number().int().min(1).max(10_000_000).optional(),
    /** Never answer (until the client gives up). */
    hang: z.boolean().optional(),
    rate: z.number().min(0).max(1).optional(),
    after: z.number().int().min(0).optional(),
    /** Stop after hitting this many requests. */
    times: z.number().int().min(1).optional(),
  })
  .strict();

export type FaultRule = z.infer<typeof faultSchema> & { seen: number; hits: number };

export class FaultBook {
  private rules: FaultRule[] = [];

  add(rule: z.infer<typeof faultSchema>): FaultRule {
    const stored = { ...rule, seen: 0, hits: 0 };
    this.rules.push(stored);
    return stored;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  /** The rule that hits this request, if any (counting it). */
  match(path: string, query = new URLSearchParams()): FaultRule | undefined {
    for (const rule of this.rules) {
      if (!path.startsWith(rule.path)) continue;
      if (rule.param !== undefined && !query.has(rule.param)) continue;
      rule.seen++;
      if (rule.seen <= (rule.after ?? 0)) continue;
      if (rule.times !== undefined && rule.hits >= rule.times) continue;
      if (rule.rate !== undefined && Math.random() >= rule.rate) continue;
      rule.hits++;
      return rule;
    }
    return undefined;
  }
}
