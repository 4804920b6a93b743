import { clockTime } from '@/lib/format/dates';
import { blockTitle } from '@/lib/timetable/labels';
import type { LiveSlot, StatusMessage } from '@/lib/timetable/live-schedule';

function Messages({ status }: { status: StatusMessage[] }) {
  return (
    <>
      {status.map((s) => (
        <span key={s.code} className="mr-2 inline-block">
          <code>{s.code}</code> {s.en || s.nl} {s.en && s.nl ? <span className="text-ink-muted">({s.nl})</span> : null}
        </span>
      ))}
    </>
  );
}

/** A slot's status messages and the options a student could choose, read-only (partners cannot enrol). */
export function LiveAlternatives({ live, zone }: { live: LiveSlot; zone: string }) {
  return (
    <section className="mt-4 text-sm">
      <h3 className="font-semibold">Status</h3>
      <p className="mt-1">{live.status.length > 0 ? <Messages status={live.status} /> : 'No status message.'}</p>
      {live.options.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">
            {live.appointment.type === 'choice' ? 'Options to choose from' : 'Alternatives the student could choose'}
          </h3>
          <p className="text-xs text-ink-muted">Shown for information: Rooster is read-only and never enrols.</p>
          <ul className="mt-1 space-y-2" data-testid="alternatives">
            {live.options.map((o) => (
              <li key={o.appointment.key} className="rounded border border-surface-line p-2" data-testid="live-option">
                <div className="font-medium">
                  {blockTitle(o.appointment)}
                  {o.appointment.teachers.length > 0 ? ` · ${o.appointment.teachers.join(', ')}` : ''}
                  {o.appointment.locations.length > 0 ? ` · ${o.appointment.locations.join(', ')}` : ''}{' '}
                  <span className="text-ink-muted">{clockTime(o.appointment.start, zone)}</span>
                  {o.appointment.cancelled ? <span className="ml-2 text-state-danger">cancelled</span> : null}
                </div>
                <div className="text-ink-muted">
                  {o.availableSpace !== null ? `${o.availableSpace} places left · ` : ''}
                  {o.enrolled ? 'enrolled · ' : ''}
                  {o.allowed ? 'could enrol' : 'cannot enrol'}
                </div>
                {o.status.length > 0 ? (
                  <div className="text-ink-muted">
                    <Messages status={o.status} />
                  </div>
                ) : null}
                {o.post ? <div className="break-all font-mono text-xs text-ink-muted">POST {o.post}</div> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
