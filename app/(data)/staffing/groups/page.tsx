import { lessonsReader } from '@/lib/lessons/reader.server';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { GroupsScreen, type GroupsConfig } from '@/components/staffing/groups-screen';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { projectsOfSchoolYear, schoolYearOf } from '@/lib/partner-api/values';
import { pageAnswer } from '@/lib/platform/first-answer.server';
import { projectChoices } from '@/lib/rights/page-rights.server';
import { queryInput, staffingQuerySchema } from '@/lib/staffing/query';
import { groupsProjects, projectsFrom, staffingParams } from '@/lib/staffing/scope';
import { schoolGroups } from '@/lib/staffing/staffing.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffing.groups');
  return { title: t('title') };
}

type Search = Record<string, string | string[] | undefined>;

export default async function StaffGroupsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [t, projectWords, search] = await Promise.all([
    getTranslations('staffing.groups'),
    getTranslations('rights.project'),
    searchParams,
  ]);
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="courses">
          {(partner) => (
            <GroupsWithFirst
              active={active}
              project={[search.project ?? []].flat().at(-1)}
              config={{
                zone: serverEnv().SCHOOL_TIME_ZONE,
                projects: projectChoices(partner, projectWords),
                thisSchoolYear: projectsOfSchoolYear(
                  partner.schoolInSchoolYears,
                  schoolYearOf(today(serverEnv().SCHOOL_TIME_ZONE)),
                ),
              }}
            />
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}

/**
 * The screen with its groups when the server has them in time (`pageAnswer`), as on the load page:
 * the tables are in the page's HTML and the browser's query starts from them, so nothing moves
 * when they come. An address the route would refuse is left to the browser (it says why).
 */
async function GroupsWithFirst({
  active,
  project,
  config,
}: {
  active: ActiveConnection;
  /** The address's `project` (its last value, as the screen reads it). */
  project: string | undefined;
  config: GroupsConfig;
}) {
  const projects = groupsProjects(projectsFrom(project), config.thisSchoolYear);
  const params = staffingParams({ projects });
  const first = staffingQuerySchema.safeParse(queryInput(params)).success
    ? await pageAnswer(
        active.connection.id,
        params.toString(),
        lessonsReader(active, projects, { thisSchoolYear: true }).then(schoolGroups),
      )
    : null;
  // No Suspense boundary of its own: the screen comes in the page's first flush.
  return <GroupsScreen config={config} first={first} />;
}
