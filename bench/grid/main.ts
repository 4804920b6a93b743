import '../../app/globals.css';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { bigCalendar } from './big-calendar';
import { fullcalendar } from './fullcalendar';
import { rooster } from './rooster';

// The benchmark page: window.bench.<name>.render(input) and .change(input) return milliseconds.
Object.assign(window, { bench: { rooster, fullcalendar, bigCalendar } });
