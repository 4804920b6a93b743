// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCodeOnDemand } from './use-code-on-demand.client';

afterEach(cleanup);

// A module that fails to arrive once (the network dropped), then arrives.
let attempts = 0;
const flakyLoad = async () => {
  attempts += 1;
  if (attempts === 1) throw new Error('ChunkLoadError');
  return { word: 'loaded' };
};

/** The probe's one state line. */
const state = () => screen.getByRole('paragraph').textContent;

function Probe() {
  const code = useCodeOnDemand(flakyLoad);
  return (
    <div>
      <button onClick={code.ask}>ask</button>
      <p>{code.module ? code.module.word : code.failed ? 'failed' : 'waiting'}</p>
    </div>
  );
}

describe('useCodeOnDemand', () => {
  it('says a failed load, loads on the next ask, and hands a later mount the module at once', async () => {
    render(<Probe />);
    expect(state()).toBe('waiting');
    await act(async () => fireEvent.click(screen.getByText('ask')));
    await waitFor(() => expect(state()).toBe('failed'));
    await act(async () => fireEvent.click(screen.getByText('ask')));
    await waitFor(() => expect(state()).toBe('loaded'));
    expect(attempts).toBe(2);
    cleanup();
    render(<Probe />);
    expect(state()).toBe('loaded');
    expect(attempts).toBe(2); // at once, from the module already loaded
    fireEvent.click(screen.getByText('ask'));
    expect(attempts).toBe(2);
  });
});
