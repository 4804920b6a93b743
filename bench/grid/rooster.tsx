import { NextIntlClientProvider } from 'next-intl';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { WeekGrid } from '../../components/timetable/week-grid';
import { appointmentsOf, visible } from '../../lib/timetable/appointment';
import { layoutWeek } from '../../lib/timetable/layout';
import { messages } from '../../messages';
import { reactRenderer, type BenchInput } from './shared';

// Rooster's grid exactly as the timetable page builds it: read records, keep valid versions, lay
// out, render, under the app's translations (the grid's words come from next-intl, as on the page).

function build(input: BenchInput) {
  const all = appointmentsOf(input.rows);
  const shown = visible(all, { kind: 'school' }, false);
  return (
    <NextIntlClientProvider locale="nl" messages={messages.nl} timeZone={input.zone}>
      <WeekGrid
        layout={layoutWeek(shown, input.week, input.zone, all)}
        subject={{ kind: 'school' }}
        changed={new Set()}
        zone={input.zone}
        onOpen={() => {}}
      />
    </NextIntlClientProvider>
  );
}

export const rooster = reactRenderer(build, { createRoot, flushSync });
