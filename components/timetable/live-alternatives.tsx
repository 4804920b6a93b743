import { DateTime } from 'luxon';
import type { LiveAppointment } from '@/lib/timetable/live-schedule';

/** A slot's enrolment alternatives and status messages, read-only (partners cannot enrol). */
export function LiveAlternatives({ live, zone }: { live: LiveAppointment; zone: string }) {
  return (
    <section className="mt-4 text-sm">
      <h3 className="font-semibold">Status</h3>
      <ul className="mt-1 space-y-1">
        {live.status.map((s) => (
          <li key={s.code}>
            <code>{s.code}</code> {s.en} <span className="text-ink-muted">({s.nl})</span>
          </li>
        ))}
      </ul>
      {live.alternatives.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">Alternatives the student could choose</h3>
          <p className="text-xs text-ink-muted">Shown for information: Rooster is read-only and never enrols.</p>
          <ul className="mt-1 space-y-2" data-testid="alternatives">
            {live.alternatives.map((alt) => (
              <li key={alt.appointment.id} className="rounded border border-surface-line p-2">
                <div className="font-medium">
                  {alt.appointment.subjects.join(', ') || alt.appointment.type} · {alt.appointment.teachers.join(', ')}{' '}
                  · {alt.appointment.locations.join(', ')}{' '}
                  <span className="text-ink-muted">
                    {DateTime.fromSeconds(alt.appointment.start, { zone }).toFormat('HH:mm')}
                  </span>
                </div>
                <div className="text-ink-muted">
                  {alt.availableSpace !== null ? `${alt.availableSpace} places left · ` : ''}
                  {alt.allowed ? 'could enrol' : 'cannot enrol'}
                  {alt.status.map((s) => ` · ${s.code} ${s.en} (${s.nl})`).join('')}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
