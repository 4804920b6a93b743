import '../../app/globals.css';
import { eventCalendar } from './event-calendar';
import { fullcalendar } from './fullcalendar';
import { rooster, roosterBox, scrollFloor, scrollRooster } from './rooster';

// The benchmark page: window.bench.<name>.render(input) returns milliseconds from data in hand to
// a painted view; window.scrollRooster() scrolls the painted overview and returns frame times,
// window.scrollFloor() an empty box of its size the same way (the floor).
Object.assign(window, { bench: { rooster, fullcalendar, eventCalendar }, scrollRooster, scrollFloor, roosterBox });
