import { useLocale, useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import { blockTitle } from '@/lib/timetable/labels';
import type { LiveSlot, StatusMessage } from '@/lib/timetable/live-schedule';
import { useBlockWords } from './appointment-block';

/** The portal's own status texts: the interface's language first, the other in brackets. */
function Messages({ status }: { status: StatusMessage[] }) {
  const locale = useLocale();
  return (
    <>
      {status.map((s) => {
        const [first, second] = locale === 'nl' ? [s.nl, s.en] : [s.en, s.nl];
        return (
          <span key={s.code} className="mr-2 inline-block">
            <code>{s.code}</code> {first || second}{' '}
            {first && second ? <span className="text-ink-muted">({second})</span> : null}
          </span>
        );
      })}
    </>
  );
}

/** A slot's status messages and the options a student could choose, read-only (partners cannot enrol). */
export function LiveAlternatives({ live, zone }: { live: LiveSlot; zone: string }) {
  const t = useTranslations('timetable.live');
  const words = useBlockWords();
  const formats = useFormats();
  return (
    <section className="mt-4 text-sm">
      <h3 className="font-semibold">{t('status')}</h3>
      <p className="mt-1">{live.status.length > 0 ? <Messages status={live.status} /> : t('noStatus')}</p>
      {live.options.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">
            {live.appointment.type === 'choice' ? t('options') : t('alternatives')}
          </h3>
          <p className="text-xs text-ink-muted">{t('readOnly')}</p>
          <ul className="mt-1 space-y-2" data-testid="alternatives">
            {live.options.map((o) => (
              <li key={o.appointment.key} className="rounded border border-surface-line p-2" data-testid="live-option">
                <div className="font-medium">
                  {blockTitle(o.appointment, words)}
                  {o.appointment.teachers.length > 0 ? ` · ${o.appointment.teachers.join(', ')}` : ''}
                  {o.appointment.locations.length > 0 ? ` · ${o.appointment.locations.join(', ')}` : ''}{' '}
                  <span className="text-ink-muted">{formats.clockTime(o.appointment.start, zone)}</span>
                  {o.appointment.cancelled ? (
                    <span className="ml-2 text-state-danger">{words.labels('status.cancelled')}</span>
                  ) : null}
                </div>
                <div className="text-ink-muted">
                  {o.availableSpace !== null ? `${t('placesLeft', { count: o.availableSpace })} · ` : ''}
                  {o.enrolled ? `${t('enrolled')} · ` : ''}
                  {o.allowed ? t('canEnrol') : t('cannotEnrol')}
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
