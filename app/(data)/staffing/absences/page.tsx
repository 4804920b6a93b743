import type { Metadata } from 'next';
import { currentWeek, weekDays } from '@/lib/partner-api/values';
import { getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { AbsencesScreen, type AbsencesConfig } from '@/components/staffing/absences-screen';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { serverEnv } from '@/lib/env.server';
import { fieldColumns } from '@/lib/data-table/columns';
import { endpointSpecs } from '@/lib/partner-api/catalog';
import { pageAnswer } from '@/lib/platform/first-answer.server';
import { readProxiedList } from '@/lib/proxy/partner-read.server';
import { projectChoices, rightsFor } from '@/lib/rights/page-rights.server';
import { absenceListParams, absenceRange, employeeListParams, placingNeeds } from '@/lib/staffing/list-reads';
import { projectsFrom } from '@/lib/staffing/scope';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffing.absences');
  return { title: t('title') };
}

type Search = Record<string, string | string[] | undefined>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Both days are days (`YYYY-MM-DD`): only then does the page read them on the server. */
const isDayRange = (range: { from: string; to: string }) => ISO_DAY.test(range.from) && ISO_DAY.test(range.to);

export default async function StaffAbsencesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [t, projectWords, search] = await Promise.all([
    getTranslations('staffing.absences'),
    getTranslations('rights.project'),
    searchParams,
  ]);
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const thisWeek = weekDays(currentWeek(zone));
  // The address as the screen reads it (usePageParams: a repeated parameter's last value).
  const last = (key: string) => [search[key] ?? []].flat().at(-1) ?? null;
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="employeeabsences">
          {(partner, rights) => (
            <AbsencesWithFirst
              active={active}
              address={{ project: last('project'), from: last('from'), to: last('to') }}
              config={{
                zone,
                thisWeek,
                absenceFields: rights.readFields,
                absenceColumns: fieldColumns(endpointSpecs('employeeabsences'), rights.readFields),
                absenceFilters: rights.filterFields,
                employeeFields: rightsFor(partner, 'employees')?.readFields ?? null,
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
 * The screen with the absences and the names when the server has them in time (`pageAnswer`, read
 * as the proxy answers the browser's reads of them): the table and the counts per type are in the
 * page's HTML, so nothing moves when they come. Days that are not days are left to the browser.
 */
async function AbsencesWithFirst({
  active,
  address,
  config,
}: {
  active: ActiveConnection;
  address: { project: string | null; from: string | null; to: string | null };
  config: AbsencesConfig;
}) {
  const projects = projectsFrom(address.project);
  const range = absenceRange(config.thisWeek, address);
  const rights = { readFields: config.absenceFields, filterFields: config.absenceFilters };
  const id = active.connection.id;
  const read = async (resource: 'employeeabsences' | 'employees', params: URLSearchParams | null) =>
    params ? pageAnswer(id, params.toString(), (leave) => readProxiedList(active, resource, params, leave)) : null;
  const [absences, employees] =
    isDayRange(range) && placingNeeds(rights).length === 0
      ? await Promise.all([
          read('employeeabsences', absenceListParams(rights, projects, range)),
          read('employees', employeeListParams(config.employeeFields, projects)),
        ])
      : [null, null];
  // No Suspense boundary of its own: the screen comes in the page's first flush.
  return <AbsencesScreen config={config} first={{ absences, employees }} />;
}
