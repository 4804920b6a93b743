import { TimetableScreen } from '@/components/timetable/timetable-screen';
import { WeekPage, weekPageMetadata } from './week-page';

export const generateMetadata = () => weekPageMetadata('timetable.page');

export default function TimetablePage() {
  return <WeekPage words="timetable.page" screen={(config) => <TimetableScreen config={config} />} />;
}
