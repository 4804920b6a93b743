import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { ChangesScreen } from '@/components/changes/changes-screen';
import { ConnectFirst } from '@/components/ui/connect-first';
import { PageHeader } from '@/components/ui/page-header';
import { DEFAULT_GROUPING, GROUPINGS } from '@/lib/changes/config';
import { changesConfig } from '@/lib/changes/config.server';
import { lastVisitCookie, readVisit } from '@/lib/changes/last-visit';
import { readDayChanges } from '@/lib/changes/changes.server';
import type { ChangesConfig } from '@/lib/changes/config';
import { apiTranslator } from '@/lib/api/api-text';
import type { AppLocale } from '@/lib/i18n/locales';
import type { Partner } from '@/lib/partner-api/schemas';
import { pageAnswer } from '@/lib/platform/first-answer.server';
import type { Grouping } from '@/lib/changes/day-changes';
import { getActiveConnection, type ActiveConnection } from '@/lib/connection/connection.server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('changes.page'))('title') };
}

const query = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  by: z
    .enum(GROUPINGS as [Grouping, ...Grouping[]])
    .optional()
    .catch(undefined),
  display: z.literal('1').optional().catch(undefined),
});

type Search = Record<string, string | string[] | undefined>;

// The changes of a day (`/changes?date=2026-11-18&by=teacher`), and the same list for a hall
// screen (`&display=1`: the layout leaves the app's header out, see lib/shell/display-mode.ts).
export default async function ChangesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [lookup, t, raw, locale] = await Promise.all([
    getActiveConnection(),
    getTranslations('changes.page'),
    searchParams,
    getLocale(),
  ]);
  if (lookup.status === 'invalid') redirect(`/connection?reason=${lookup.reason}`);
  const asked = query.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const display = asked.display === '1';
  return (
    <>
      {display ? null : <PageHeader title={t('title')} description={t('description')} />}
      {lookup.status !== 'ok' ? (
        <ConnectFirst what={t('what')} />
      ) : (
        <PartnerGate active={lookup.active} endpoint="appointments">
          {(partner, rights) => (
            <ChangesWithFirst
              active={lookup.active}
              partner={partner}
              config={changesConfig(partner, rights, asked.date, asked.by ?? DEFAULT_GROUPING, display)}
              locale={locale}
            />
          )}
        </PartnerGate>
      )}
    </>
  );
}

/**
 * The screen with the day's first answer, when the server has it in time (`pageAnswer`), and the
 * person's previous visit: what is new since is marked in the first paint.
 */
async function ChangesWithFirst({
  active,
  partner,
  config,
  locale,
}: {
  active: ActiveConnection;
  partner: Partner;
  config: ChangesConfig;
  locale: AppLocale;
}) {
  const [first, jar] = await Promise.all([
    pageAnswer(active.connection.id, config.date, readDayChanges(active, partner, config, apiTranslator(locale))),
    cookies(),
  ]);
  const lastVisit = readVisit(jar.get(lastVisitCookie(active.connection.id))?.value);
  return <ChangesScreen config={config} first={first} lastVisit={lastVisit} />;
}
