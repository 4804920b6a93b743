// @vitest-environment jsdom
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE, useHydrating, useMediaQuery } from './use-media.client';

// The first paint's layout: the server's guess (a phone's browser says it is one), kept while the
// page hydrates, then the screen's own answer.

let seen: string[] = [];
function Probe({ handheld }: { handheld: boolean }) {
  const phone = useMediaQuery(PHONE, handheld);
  const hydrating = useHydrating();
  seen.push(`${phone ? 'phone' : 'wide'}${hydrating ? ' hydrating' : ''}`);
  return <p>{phone ? 'day tabs' : 'week'}</p>;
}

function screenIs(phone: boolean) {
  vi.stubGlobal('matchMedia', () => ({
    matches: phone,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The server's HTML in the document, hydrated with `page`; React's hydration errors collected. */
async function hydrate(page: ReactElement, html: string) {
  const errors: unknown[] = [];
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  await act(async () => {
    hydrateRoot(root, page, { onRecoverableError: (e) => errors.push(e) });
  });
  return { root, errors };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('useMediaQuery with the server’s guess', () => {
  it('a phone guessed right: drawn as a phone on the server, hydrated as drawn, nothing redrawn', async () => {
    const page = <Probe handheld={true} />;
    seen = [];
    const html = renderToString(page);
    expect(html).toContain('day tabs');
    screenIs(true);
    seen = [];
    const { root, errors } = await hydrate(page, html);
    expect(errors).toEqual([]);
    expect(seen).toEqual(['phone hydrating', 'phone']);
    expect(root.textContent).toBe('day tabs');
  });

  it('a guess that was wrong is put right after hydrating, without a mismatch', async () => {
    const page = <Probe handheld={false} />;
    const html = renderToString(page);
    expect(html).toContain('week');
    screenIs(true);
    const { root, errors } = await hydrate(page, html);
    expect(errors).toEqual([]);
    expect(root.textContent).toBe('day tabs');
  });
});
