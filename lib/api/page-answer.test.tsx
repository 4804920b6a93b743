// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageAnswer } from './contract';
import { ConnectionIdProvider } from './connection.client';
import { usePageAnswer } from './page-answer.client';

afterEach(cleanup);

const first: PageAnswer<string> = { connectionId: 'portal-a', key: 'week=2026-W47', answer: 'figures', readAt: 1000 };
let seen: ReturnType<typeof usePageAnswer<string>>[] = [];
function Probe({ asked }: { asked: string }) {
  seen.push(usePageAnswer(first, asked));
  return null;
}
const at = (connection: string, asked: string) => (
  <ConnectionIdProvider value={connection}>
    <Probe asked={asked} />
  </ConnectionIdProvider>
);

describe('a page’s answer as a query’s first data', () => {
  it('is taken for what it was read for, of its own connection', () => {
    seen = [];
    render(at('portal-a', 'week=2026-W47'));
    expect(seen.at(-1)).toEqual({ initialData: 'figures', initialDataUpdatedAt: 1000 });
  });

  it('is never filed under another connection', () => {
    seen = [];
    render(at('portal-b', 'week=2026-W47'));
    expect(seen.at(-1)).toEqual({});
  });

  it('is done with once the page asks for something else: going back reads afresh', () => {
    seen = [];
    const { rerender } = render(at('portal-a', 'week=2026-W47'));
    rerender(at('portal-a', 'week=2026-W48'));
    expect(seen.at(-1)).toEqual({});
    rerender(at('portal-a', 'week=2026-W47'));
    expect(seen.at(-1)).toEqual({});
  });
});
