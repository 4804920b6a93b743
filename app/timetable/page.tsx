import type { Metadata } from 'next';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { NotBuiltYet } from '@/components/ui/not-built';

export const metadata: Metadata = { title: 'Timetable' };

export default function TimetablePage() {
  return (
    <ConnectedPage
      title="Timetable"
      description="The weekly period grid of appointments for a teacher, group, location, student or the whole school."
      what="The timetable"
    >
      {() => <NotBuiltYet what="The weekly timetable" />}
    </ConnectedPage>
  );
}
