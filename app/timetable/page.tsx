import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { TimetableScreen } from '@/components/timetable/timetable-screen';
import { UpstreamError } from '@/components/ui/upstream-error';
import { serverEnv } from '@/lib/env';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { currentWeek } from '@/lib/partner-api/values';
import { getPartner, type ActiveConnection } from '@/lib/server/connection';

export const metadata: Metadata = { title: 'Timetable' };

export default function TimetablePage() {
  return (
    <ConnectedPage
      title="Timetable"
      description="The weekly period grid of appointments for a teacher, group, location, student or the whole school."
      what="The timetable"
    >
      {(active) => <Timetable active={active} />}
    </ConnectedPage>
  );
}

async function Timetable({ active }: { active: ActiveConnection }) {
  const env = serverEnv();
  const partner = await getPartner(active).catch((e: unknown) => (e instanceof PartnerApiError ? e : Promise.reject(e)));
  if (partner instanceof PartnerApiError) return <UpstreamError title="The portal could not tell us your rights" message={partner.message} eventId={partner.info.eventId} />;
  const rights = partner.endpoints.find((e) => e.endpoint === 'appointments');
  if (!rights) {
    return <p className="rounded-lg border border-surface-line bg-surface p-4 text-sm">Your partner rights do not include /appointments, so there is no timetable to show. The Rights page lists what you may read.</p>;
  }
  const config = {
    connectionId: active.connection.id,
    zone: env.SCHOOL_TIME_ZONE,
    pollSeconds: env.TIMETABLE_POLL_SECONDS,
    today: currentWeek(env.SCHOOL_TIME_ZONE),
    rights: { readFields: rights.readFields, filterFields: rights.filterFields },
    canReadUsers: partner.endpoints.some((e) => e.endpoint === 'users' && e.readFields.includes('code')),
    liveSchedule: partner.endpoints.some((e) => e.endpoint === 'liveschedule'),
    projects: partner.schoolInSchoolYears.map((p) => ({ id: p.id, label: `${typeof p.name === 'string' ? p.name : `Project ${p.id}`}` })),
  };
  return (
    <Suspense>
      <TimetableScreen config={config} />
    </Suspense>
  );
}
