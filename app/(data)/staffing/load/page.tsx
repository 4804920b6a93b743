import { lessonsReader } from '@/lib/lessons/reader.server';
import type { Metadata } from 'next';
import { today as todayIn } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { LoadScreen, type LoadConfig } from '@/components/staffing/load-screen';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { serverEnv } from '@/lib/env.server';
import { currentWeek, schoolYearStart } from '@/lib/partner-api/values';
import { pageAnswer } from '@/lib/platform/first-answer.server';
import { projectChoices } from '@/lib/rights/page-rights.server';
import { queryInput, staffingQuerySchema } from '@/lib/staffing/query';
import { LOAD_PARAMS, loadScope } from '@/lib/staffing/load-scope';
import { staffingParams } from '@/lib/staffing/scope';
import { weekLoads } from '@/lib/staffing/staffing.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffing.load');
  return { title: t('title') };
}

type Search = Record<string, string | string[] | undefined>;

export default async function StaffLoadPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [t, projectWords, search] = await Promise.all([
    getTranslations('staffing.load'),
    getTranslations('rights.project'),
    searchParams,
  ]);
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const today = todayIn(zone);
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="contracts">
          {(partner) => (
            <LoadWithFirst
              active={active}
              search={search}
              config={{
                zone,
                today: currentWeek(zone),
                schoolYear: { from: schoolYearStart(today), to: today },
                projects: projectChoices(partner, projectWords),
              }}
            />
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}

/**
 * The screen with the week's figures when the server has them in time (`pageAnswer`): the table is
 * in the page's HTML, painted before any script runs, and the browser's query starts from them. A
 * range (read a week at a time, with progress) is left to the browser; so is an address the route
 * would refuse (it says why). The page waits for the figures at most `FIRST_ANSWER_MS`.
 */
async function LoadWithFirst({
  active,
  search,
  config,
}: {
  active: ActiveConnection;
  search: Search;
  config: LoadConfig;
}) {
  // The scope as the screen reads it from the same address (`loadScope`, the last of a repeated parameter).
  const { scope, week, isRange } = loadScope(
    Object.fromEntries(LOAD_PARAMS.map((key) => [key, [search[key] ?? []].flat().at(-1)])),
    config.today,
  );
  const params = staffingParams(scope);
  const checked = staffingQuerySchema.safeParse(queryInput(params));
  const first =
    isRange || !checked.success
      ? null
      : await pageAnswer(
          active.connection.id,
          params.toString(),
          lessonsReader(active, scope.projects).then((reader) => weekLoads(reader, week)),
        );
  // No Suspense boundary of its own: the screen comes in the page's first flush, not in a hidden
  // part moved into place by a script at the end of the table's HTML (a second, later paint).
  return <LoadScreen config={config} first={first} />;
}
