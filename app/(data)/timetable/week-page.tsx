import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { isHandheld } from '@/lib/platform/handheld.server';
import { weekPageConfig } from '@/lib/rights/page-rights.server';

// The frame of the two week pages (a subject's timetable, the whole school's overview): a
// connection first, the appointments right, then the screen with the week's configuration.

type Words = 'timetable.page' | 'overview.page';

/** A week page's configuration: the rights' and the school's, and the server's guess of a phone. */
type WeekPageConfig = ReturnType<typeof weekPageConfig> & { handheld: boolean };

export async function weekPageMetadata(words: Words): Promise<Metadata> {
  return { title: (await getTranslations(words))('title') };
}

export async function WeekPage({
  words,
  screen,
}: {
  words: Words;
  screen: (config: WeekPageConfig, active: ActiveConnection) => ReactNode;
}) {
  const [t, projectWords, handheld] = await Promise.all([
    getTranslations(words),
    getTranslations('rights.project'),
    isHandheld(),
  ]);
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="appointments">
          {/* No Suspense boundary: the screen comes in the page's first flush (with the week, where
              the server reads it first), not as a hidden part a script moves into place later. */}
          {(partner, rights) => screen({ ...weekPageConfig(partner, rights, projectWords), handheld }, active)}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
