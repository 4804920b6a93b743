import { TimetableScreen, type TimetableConfig } from '@/components/timetable/timetable-screen';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { pageAnswer } from '@/lib/platform/first-answer.server';
import { readProxiedList } from '@/lib/proxy/partner-read.server';
import { firstWeekParams } from '@/lib/timetable/first-week';
import { WeekPage, weekPageMetadata } from './week-page';

type Search = Record<string, string | string[] | undefined>;

export const generateMetadata = () => weekPageMetadata('timetable.page');

export default async function TimetablePage({ searchParams }: { searchParams: Promise<Search> }) {
  // The address as the screen reads it (useSearchParams: a repeated parameter's first value).
  const search = new URLSearchParams(
    Object.entries(await searchParams).flatMap(([key, value]) => [value ?? []].flat().map((v) => [key, v])),
  );
  return (
    <WeekPage
      words="timetable.page"
      screen={(config, active) => <TimetableWithFirst config={config} active={active} search={search} />}
    />
  );
}

/**
 * The screen with the view's week, when the server has it in time (`pageAnswer`): read as the
 * proxy answers the browser's read of it (`readProxiedList`, the same parameters and key).
 */
async function TimetableWithFirst({
  config,
  active,
  search,
}: {
  config: TimetableConfig;
  active: ActiveConnection;
  search: URLSearchParams;
}) {
  const params = firstWeekParams(config, search);
  const first = params
    ? await pageAnswer(active.connection.id, params.toString(), (leave) =>
        readProxiedList(active, 'appointments', params, leave),
      )
    : null;
  return <TimetableScreen config={config} first={first} />;
}
