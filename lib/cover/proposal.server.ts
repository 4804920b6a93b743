import 'server-only';
import { createHash } from 'node:crypto';
import highsLoader, { type Highs } from 'highs';
import { processSingleton } from '@/lib/platform/singleton.server';
import { proposalModel, scoreOf, type Proposal, type ProposalInput } from './proposal';

// The proposal solved exactly by HiGHS (its WebAssembly build, loaded once per process): the
// field's standard MIP solver, rather than a search of our own. A day of a large school is a few
// hundred binaries; the solve is capped in time so a page never waits long (it then answers the
// best found, said in the answer's meta).

const solver = () => processSingleton<Promise<Highs>>('highs', () => highsLoader());

/**
 * Models solved lately, by their text: the page reads the day every minute and a day seldom
 * changes between two reads, so the same model is answered without solving it again.
 */
const solved = () => processSingleton('proposal-models', () => new Map<string, Map<string, string>>());
const KEEP = 200;

/** Seconds HiGHS may take; a proposal found by then is answered. */
const TIME_LIMIT = 5;

export async function solveProposal(input: ProposalInput): Promise<Proposal & { optimal: boolean }> {
  if (input.lessons.every((l) => l.candidates.length === 0)) return { ...scoreOf(input, new Map()), optimal: true };
  const { lp, teachers } = proposalModel(input);
  const key = createHash('sha256')
    .update(lp)
    .update('\u0000')
    .update(input.lessons.map((l) => l.key).join('\u0000'))
    .digest('base64');
  const kept = solved().get(key);
  if (kept) return { ...scoreOf(input, new Map(kept)), optimal: true };
  const index = new Map(teachers.map((t, i) => [t, i]));
  const result = (await solver()).solve(lp, { time_limit: TIME_LIMIT, output_flag: false });
  const relievers = new Map<string, string>();
  input.lessons.forEach((l, i) => {
    for (const c of l.candidates) {
      const column = result.Columns[`x_${i}_${index.get(c.employee)}`];
      if (column && 'Primal' in column && column.Primal > 0.5) relievers.set(l.key, c.employee);
    }
  });
  const optimal = result.Status === 'Optimal';
  if (optimal) {
    const memo = solved();
    if (memo.size >= KEEP) memo.delete(memo.keys().next().value!);
    memo.set(key, relievers);
  }
  return { ...scoreOf(input, relievers), optimal };
}
