import { OverviewScreen } from '@/components/timetable/overview/overview-screen';
import { WeekPage, weekPageMetadata } from '../week-page';

export const generateMetadata = () => weekPageMetadata('overview.page');

export default function OverviewPage() {
  return <WeekPage words="overview.page" screen={(config) => <OverviewScreen config={config} />} />;
}
