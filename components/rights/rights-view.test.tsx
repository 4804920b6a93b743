// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppLocale } from '@/lib/i18n/locales';
import type { Partner } from '@/lib/partner-api/schemas';
import { compareRights, tokenStatus } from '@/lib/rights/compare';
import { messages } from '@/messages';
import { demoRights, limitedRights } from '@/sandbox/http/partners';
import { renderWithIntl } from '@/tests/support/intl';
import { RightsView } from './rights-view';

// The CSV writer is fetched when a file is asked for; here that fetch fails, as offline or after a deploy.
vi.mock('@/lib/csv/download', async (original) => ({
  ...(await original<object>()),
  downloadCsv: vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))),
}));

afterEach(cleanup);

const now = Date.UTC(2026, 10, 21);
const partner = (endpoints: ReturnType<typeof demoRights>): Partner => ({
  name: 'Rooster Limited',
  token: { token: 'abcd****', expires: now / 1000 + 10 * 86_400 },
  endpoints: Object.entries(endpoints).map(([endpoint, r]) => ({ endpoint, ...r })),
  schoolInSchoolYears: [],
});

function show(rights: ReturnType<typeof demoRights>, locale: AppLocale) {
  const p = partner(rights);
  const t = createTranslator({ locale, messages: messages[locale], namespace: 'rights.compare' });
  return renderWithIntl(
    <RightsView partnerName={p.name} token={tokenStatus(p, now)} projects={[]} endpoints={compareRights(p, t)} />,
    locale,
  );
}

describe('the rights page', () => {
  it('keeps today’s English', () => {
    show(limitedRights(), 'en');
    expect(screen.getByTestId('granted-contracts').textContent).toBe('Not granted');
    expect(screen.getByTestId('granted-appointments').textContent).toMatch(/^Granted · \d+ readable fields$/);
    expect(screen.getByTestId('missing-appointments').textContent).toContain('lastModified, students, teachers');
    expect(screen.getByTestId('token-panel').textContent).toContain('The token expires in 10 days.');
  });

  it('speaks Dutch: rights, not granted, supported', () => {
    show(limitedRights(), 'nl');
    expect(screen.getByTestId('granted-contracts').textContent).toBe('Geen recht');
    expect(screen.getByTestId('granted-appointments').textContent).toMatch(/^Recht · \d+ leesbare velden$/);
    expect(screen.getByTestId('missing-appointments').textContent).toMatch(/^Ondersteunde velden waar je geen recht/);
    expect(screen.getByTestId('token-panel').textContent).toContain('Het toegangstoken verloopt over 10 dagen.');
    expect(screen.getByRole('button', { name: 'CSV exporteren' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the token’s days in the app’s one date format, in the interface’s language', () => {
    const p = { ...partner(limitedRights()), token: { creationDate: '2026-11-20', expirationDate: '2029-11-20' } };
    const t = createTranslator({ locale: 'nl', messages: messages.nl, namespace: 'rights.compare' });
    renderWithIntl(
      <RightsView partnerName={p.name} token={tokenStatus(p, now)} projects={[]} endpoints={compareRights(p, t)} />,
      'nl',
    );
    const panel = screen.getByTestId('token-panel').textContent;
    expect(panel).toContain('20 nov 2026');
    expect(panel).toContain('20 nov 2029');
    expect(panel).not.toContain('2029-11-20');
  });

  it('says Rooster’s own notes in Dutch and leaves field names as the portal has them', () => {
    show(demoRights(), 'nl');
    const modified = document.querySelector('#endpoint-appointments [data-field="modified"]') as HTMLElement;
    within(modified).getByText('verouderd');
    expect(modified.textContent).toContain('modified'); // the field's name stays the portal's
    // Only where the spec says so: a current field carries no such note.
    const start = document.querySelector('#endpoint-appointments [data-field="start"]') as HTMLElement;
    expect(within(start).queryByText('verouderd')).toBeNull();
    expect(modified.textContent).toContain('gebruik in plaats daarvan filter changed');
    const isStudent = document.querySelector('#endpoint-users [data-field="isStudent"]') as HTMLElement;
    expect(isStudent.textContent).toContain('niet in spec');
    expect(isStudent.textContent).toContain('isStudent');
  });

  it('says so when the CSV file cannot be made, instead of saving nothing in silence', async () => {
    show(limitedRights(), 'nl');
    fireEvent.click(screen.getByRole('button', { name: 'CSV exporteren' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Het CSV-bestand kon niet worden gemaakt: een deel van de pagina laadde niet. Laad de pagina opnieuw en probeer het nog eens.',
    );
  });
});
