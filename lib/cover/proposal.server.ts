import 'server-only';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Highs } from 'highs';
import { processSingleton } from '@/lib/platform/singleton.server';
import {
  dayBreaks,
  greedyProposal,
  proposalModel,
  scoreOf,
  type DayCut,
  type Proposal,
  type ProposalInput,
} from './proposal';

// The proposal solved exactly by HiGHS (its WebAssembly build): the field's standard MIP solver,
// rather than a search of our own. It runs in a worker thread (one per process, a model at a
// time), never on the event loop that answers every other request. A day too large for the model,
// or one whose solve reaches the time limit, is answered with the greedy best-first plan, said in
// the answer's meta (`solver: 'greedy'`).

/** Seconds HiGHS may take; past them the greedy plan is answered. */
const TIME_LIMIT = 4;
/** Open lessons (with candidates) a model holds at most: a school's worst day is well under this. */
export const MAX_MODEL_LESSONS = 400;
/**
 * Rounds of cuts for the reliever's rows: a solution that gives someone too many lesuren in a row
 * is solved again without that combination; a day that needs more rounds gets the greedy plan.
 */
const MAX_CUT_ROUNDS = 12;
/** How long a solve may take in all (the worker is restarted past it). */
const HARD_LIMIT_MS = (TIME_LIMIT + 6) * 1000;

/** Where the worker's module lies: beside this one in the sources, copied into the standalone build. */
const workerPath = () => join(process.cwd(), 'lib', 'cover', 'solve.worker.mjs');

type HighsSolution = ReturnType<Highs['solve']>;

interface Pending {
  resolve: (solution: HighsSolution) => void;
  reject: (error: Error) => void;
}

/** The process's solver thread: started when first needed, restarted when it dies or hangs. */
class SolverThread {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    const worker = new Worker(workerPath());
    worker.unref();
    worker.on('message', (m: { id?: number; result?: HighsSolution; error?: string }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.result!);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`solver thread ended (${code})`)));
    return worker;
  }

  solve(lp: string, options: Record<string, unknown>): Promise<HighsSolution> {
    this.worker ??= this.start();
    const worker = this.worker;
    const id = this.next++;
    return new Promise<HighsSolution>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A solve that outlives its limit by far: the thread is ended (and started anew for the next).
        void worker.terminate();
      }, HARD_LIMIT_MS).unref();
      this.pending.set(id, {
        resolve: (s) => (clearTimeout(timer), resolve(s)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      worker.postMessage({ id, lp, options });
    });
  }
}

const thread = () => processSingleton('highs-thread', () => new SolverThread());

/**
 * Proposals made lately, by portal, model and the candidates' codes: the page reads the day every
 * minute and a day seldom changes between two reads. Two schools whose days have the same shape
 * share nothing (the codes and the portal are in the key).
 */
const solved = () => processSingleton('proposal-models', () => new Map<string, Kept>());
const KEEP = 200;

interface Kept {
  relievers: [string, string][];
  solver: 'highs' | 'greedy';
}

export type SolvedProposal = Proposal & { optimal: boolean; solver: 'highs' | 'greedy' | 'none' };

export async function solveProposal(input: ProposalInput, portal = ''): Promise<SolvedProposal> {
  if (input.lessons.every((l) => l.candidates.length === 0))
    return { ...scoreOf(input, new Map()), optimal: true, solver: 'none' };
  const key = memoKey(input, portal);
  const kept = solved().get(key);
  if (kept)
    return { ...scoreOf(input, new Map(kept.relievers)), optimal: kept.solver === 'highs', solver: kept.solver };
  const answer = await solveNow(input);
  const memo = solved();
  if (memo.size >= KEEP) memo.delete(memo.keys().next().value!);
  memo.set(key, { relievers: [...answer.relievers], solver: answer.solver === 'highs' ? 'highs' : 'greedy' });
  return answer;
}

function memoKey(input: ProposalInput, portal: string): string {
  const hash = createHash('sha256').update(portal).update('\u0000');
  hash.update(JSON.stringify([input.perDay, input.perWindow, [...input.coversSoFar], [...(input.coversToday ?? [])]]));
  hash.update(JSON.stringify(input.limits ?? null));
  const candidates = new Set(input.lessons.flatMap((l) => l.candidates.map((c) => c.employee)));
  for (const t of [...candidates].sort()) hash.update(JSON.stringify([t, input.days?.get(t) ?? []]));
  for (const l of input.lessons)
    hash.update(
      JSON.stringify([
        l.key,
        l.start,
        l.end,
        l.lesuren ?? 1,
        l.groups,
        l.pinned,
        l.first ?? false,
        l.candidates.map((c) => [c.employee, c.score]),
      ]),
    );
  return hash.digest('base64');
}

async function solveNow(input: ProposalInput): Promise<SolvedProposal> {
  const greedy = (): SolvedProposal => ({ ...greedyProposal(input), optimal: false, solver: 'greedy' });
  if (input.lessons.filter((l) => l.candidates.length > 0).length > MAX_MODEL_LESSONS) return greedy();
  const cuts: DayCut[] = [];
  for (let round = 0; round < MAX_CUT_ROUNDS; round++) {
    const relievers = await solveOnce(input, cuts);
    if (!relievers) return greedy();
    const broken = dayBreaks(input, relievers);
    if (broken.length === 0) return { ...scoreOf(input, relievers), optimal: true, solver: 'highs' };
    cuts.push(...broken);
  }
  return greedy();
}

/** One solve of the model with the cuts so far; null where HiGHS failed or stopped short of the optimum. */
async function solveOnce(input: ProposalInput, cuts: readonly DayCut[]): Promise<Map<string, string> | null> {
  const { lp, teachers } = proposalModel(input, cuts);
  const index = new Map(teachers.map((t, i) => [t, i]));
  let result: HighsSolution;
  try {
    result = await thread().solve(lp, { time_limit: TIME_LIMIT, output_flag: false });
  } catch {
    return null;
  }
  // Stopped at the time limit (or worse): the best found may leave lessons a greedy pass would fill.
  if (result.Status !== 'Optimal') return null;
  const relievers = new Map<string, string>();
  input.lessons.forEach((l, i) => {
    for (const c of l.candidates) {
      const column = result.Columns[`x_${i}_${index.get(c.employee)}`];
      if (column && 'Primal' in column && column.Primal > 0.5) relievers.set(l.key, c.employee);
    }
  });
  return relievers;
}
