// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFirstInBackground } from './use-background-value.client';

afterEach(cleanup);

/** Every render's value in and value out. */
let renders: [string | undefined, string | undefined][] = [];
function Probe({ value }: { value: string | undefined }) {
  const shown = useFirstInBackground(value);
  renders.push([value, shown]);
  return <p>{shown ?? 'nothing'}</p>;
}

describe('useFirstInBackground', () => {
  it('draws the first value in a later render, and every later value in the render that brought it', async () => {
    renders = [];
    const { container, rerender } = render(<Probe value={undefined} />);
    await act(async () => rerender(<Probe value="week 47" />));
    // The render that brought the first value did not draw it; a later one (the transition) did.
    const firstWith = renders.findIndex(([value]) => value === 'week 47');
    expect(renders[firstWith]).toEqual(['week 47', undefined]);
    expect(renders.at(-1)).toEqual(['week 47', 'week 47']);
    expect(container.textContent).toBe('week 47');

    renders = [];
    await act(async () => rerender(<Probe value="week 48" />));
    expect(renders[0]).toEqual(['week 48', 'week 48']);
    expect(container.textContent).toBe('week 48');
  });

  it('draws a value there at mount at once', () => {
    renders = [];
    const { container } = render(<Probe value="cached" />);
    expect(renders[0]).toEqual(['cached', 'cached']);
    expect(container.textContent).toBe('cached');
  });
});
