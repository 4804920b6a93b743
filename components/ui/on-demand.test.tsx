// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithIntl } from '@/tests/support/intl';
import { onDemand } from './on-demand';

afterEach(cleanup);

// A dialog's code that fails to arrive once (the network dropped), then arrives.
let attempts = 0;
const Greeting = onDemand(
  async () => {
    attempts += 1;
    if (attempts === 1) throw new Error('ChunkLoadError');
    return function Hello({ name }: { name: string }) {
      return <p>Hallo {name}</p>;
    };
  },
  { floating: true },
);

describe('onDemand', () => {
  it('draws nothing while the code comes, a retry if it does not, the component once it does', async () => {
    renderWithIntl(<Greeting name="Alisa" />, 'nl');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Opnieuw');
    expect(screen.queryByText(/Hallo/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect((await screen.findByText(/Hallo/)).textContent).toBe('Hallo Alisa');
    expect(screen.queryByRole('alert')).toBeNull(); // the failure notice gives way to the panel
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });

  it('shows what it is given while the code comes (a tab says it is loading)', async () => {
    let arrive: (c: ComponentType<{ name: string }>) => void = () => undefined;
    const Panel = onDemand(() => new Promise<ComponentType<{ name: string }>>((resolve) => (arrive = resolve)), {
      pending: <p role="status">Laden…</p>,
    });
    renderWithIntl(<Panel name="Alisa" />, 'nl');
    expect(screen.getByRole('status').textContent).toBe('Laden…');
    await act(async () => arrive(({ name }) => <p>Paneel {name}</p>));
    expect((await screen.findByText(/Paneel/)).textContent).toBe('Paneel Alisa');
    expect(screen.queryByRole('status')).toBeNull(); // no "Laden…" left beside it
    expect(screen.queryByRole('status')).toBeNull();
  });
});
