import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { weekPageConfig } from '@/lib/rights/page-rights.server';

// The frame of the two week pages (a subject's timetable, the whole school's overview): a
// connection first, the appointments right, then the screen with the week's configuration.

type Words = 'timetable.page' | 'overview.page';

export async function weekPageMetadata(words: Words): Promise<Metadata> {
  return { title: (await getTranslations(words))('title') };
}

export async function WeekPage({
  words,
  screen,
}: {
  words: Words;
  screen: (config: ReturnType<typeof weekPageConfig>, active: ActiveConnection) => ReactNode;
}) {
  const [t, projectWords] = await Promise.all([getTranslations(words), getTranslations('rights.project')]);
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="appointments">
          {/* No Suspense boundary: the screen comes in the page's first flush (with the week, where
              the server reads it first), not as a hidden part a script moves into place later. */}
          {(partner, rights) => screen(weekPageConfig(partner, rights, projectWords), active)}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
