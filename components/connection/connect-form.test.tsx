// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '@/tests/support/intl';
import { ConnectForm } from './connect-form';

const router = { push: vi.fn(), refresh: vi.fn() };
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  router.push.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const connected = { connection: { id: 'c1', portalOrigin: 'https://school.example', partnerName: 'Demo' } };

describe('the connect form', () => {
  it('keeps today’s English labels', () => {
    renderWithIntl(<ConnectForm demoPortalUrl={null} />, 'en');
    expect(screen.getByLabelText('Portal URL')).toHaveProperty('type', 'url');
    expect(screen.getByLabelText('Authorization code').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('radio', { name: 'A token I already hold' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Stay connected on this device' })).toHaveProperty('checked', false);
    expect(screen.getByRole('button', { name: 'Connect' })).toHaveProperty('type', 'submit');
  });

  it('speaks Dutch, with the words of the glossary', () => {
    renderWithIntl(<ConnectForm demoPortalUrl={null} />, 'nl');
    expect(screen.getByLabelText('URL van het portal')).toHaveProperty('type', 'url');
    expect(screen.getByLabelText('Koppelcode').getAttribute('inputmode')).toBe('numeric');
    const stay = screen.getByRole('checkbox', { name: 'Verbonden blijven op dit apparaat' });
    expect(stay.getAttribute('aria-describedby')).toMatch(/\S/);
    expect(document.getElementById(stay.getAttribute('aria-describedby')!)?.textContent).toMatch(/eigen apparaat/);
    expect(screen.getByRole('button', { name: 'Verbinden' })).toHaveProperty('type', 'submit');
  });

  it('sends whether to stay connected and then goes to the timetable', async () => {
    fetchMock.mockResolvedValue(Response.json({ ...connected, revealable: false }, { status: 201 }));
    renderWithIntl(<ConnectForm demoPortalUrl="https://school.example/api" />, 'en');
    fireEvent.change(screen.getByLabelText('Authorization code'), { target: { value: '1234 5678 9012' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stay connected on this device' }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/timetable'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      method: 'code',
      portalUrl: 'https://school.example/api',
      code: '1234 5678 9012',
      stayConnected: true,
    });
    expect(screen.getByRole('link', { name: 'See your rights' }).getAttribute('href')).toBe('/rights');
  });

  it('leaves stay-connected off unless asked', async () => {
    fetchMock.mockResolvedValue(Response.json({ ...connected, revealable: true }, { status: 201 }));
    renderWithIntl(<ConnectForm demoPortalUrl="https://school.example/api" />, 'nl');
    fireEvent.change(screen.getByLabelText('Koppelcode'), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verbinden' }));
    await screen.findByText(/Verbonden als/);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({ stayConnected: false });
    // After a code the token may be copied first; the timetable and the rights are each a link away.
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Naar je rooster' }).getAttribute('href')).toBe('/timetable');
    expect(screen.getByRole('link', { name: 'Bekijk je rechten' }).getAttribute('href')).toBe('/rights');
  });

  it('says in the interface’s language when Rooster cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithIntl(<ConnectForm demoPortalUrl="https://school.example/api" />, 'nl');
    fireEvent.click(screen.getByRole('button', { name: 'Verbinden' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'De server van Rooster was niet bereikbaar. Controleer je netwerk en probeer het opnieuw.',
    );
  });

  it('shows the server’s words at the field they are about', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { error: { status: 400, message: 'Het portal kent deze koppelcode niet.', field: 'code', eventId: 9 } },
        { status: 400 },
      ),
    );
    renderWithIntl(<ConnectForm demoPortalUrl="https://school.example/api" />, 'nl');
    fireEvent.click(screen.getByRole('button', { name: 'Verbinden' }));
    await screen.findByText('Het portal kent deze koppelcode niet.');
    // The code field is the one marked, not the portal URL.
    expect(screen.getByLabelText('Koppelcode').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('URL van het portal').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Portalmelding 9.').textContent).toBe('Portalmelding 9.');
  });
});
