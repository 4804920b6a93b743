import type { Metadata } from 'next';
import { today as todayIn } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { LoadScreen, type LoadConfig } from '@/components/staffing/load-screen';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { serverEnv } from '@/lib/env.server';
import { currentWeek, formatIsoWeek, parseWeek, schoolYearOf, type IsoWeek } from '@/lib/partner-api/values';
import { firstAnswer } from '@/lib/platform/first-answer.server';
import { projectChoices } from '@/lib/rights/page-rights.server';
import { projectsFrom, staffingParams, type FirstStaffingAnswer, type StaffingScope } from '@/lib/staffing/scope';
import type { StaffingAnswer, TeacherLoad } from '@/lib/staffing/types';
import { staffingReader, teacherLoads } from '@/lib/staffing/staffing.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staff.load');
  return { title: t('title') };
}

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function StaffLoadPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [t, projectWords, search] = await Promise.all([
    getTranslations('staff.load'),
    getTranslations('rights.project'),
    searchParams,
  ]);
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const today = todayIn(zone);
  const schoolYear = schoolYearOf(today);
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
                schoolYear: { from: `${schoolYear}-08-01`, to: today },
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
 * The screen with the week's figures when the server has them in time (`firstAnswer`): the table is
 * in the page's HTML, painted before any script runs, and the browser does not read the week again.
 * A range (read a week at a time, with progress) is left to the browser.
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
  // The scope as the screen reads it from the same address (LoadScreen).
  const isRange = Boolean(one(search.from) && one(search.to));
  const week = parseWeek(one(search.week) ?? null) ?? config.today;
  const scope: StaffingScope = { projects: projectsFrom(one(search.project)), week: formatIsoWeek(week) };
  const first = isRange ? null : await firstLoad(active, scope, week);
  // No Suspense boundary of its own: the screen comes in the page's first flush, not in a hidden
  // part moved into place by a script at the end of the table's HTML (a second, later paint).
  return <LoadScreen config={config} first={first} />;
}

/** The week's figures as the route answers them, if the server has them within `firstAnswer`'s time. */
async function firstLoad(
  active: ActiveConnection,
  scope: StaffingScope,
  week: IsoWeek,
): Promise<FirstStaffingAnswer<StaffingAnswer<TeacherLoad>> | null> {
  const answer = await firstAnswer(
    staffingReader(active, scope.projects).then((reader) => teacherLoads(reader, [week], { week: scope.week })),
  );
  return answer && { params: staffingParams(scope).toString(), answer, readAt: Date.now() };
}
