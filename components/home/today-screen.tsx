'use client';

import { buttonClass, linkClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { usePartnerList } from '@/lib/api/partner.client';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { useFormats } from '@/lib/format/use-formats.client';
import { countChanges } from '@/lib/changes/count';
import { absentOn, type AbsentPerson } from '@/lib/home/today';
import { useUrlList } from '@/lib/browser/url-list.client';
import { describeView, recentViews } from '@/lib/home/recent-views.client';
import { listParams } from '@/lib/partner-api/list-params';
import { cardClass } from '@/components/ui/card';

export interface TodayConfig {
  zone: string;
  /** The day shown (today unless `?date=`), ISO, in the school's zone. */
  date: string;
  isToday: boolean;
  previous: string;
  next: string;
  dayStart: number;
  dayEnd: number;
  projects: number[];
  /** Readable fields of /appointments for the counts; null without the right. */
  appointmentFields: string[] | null;
  /** Deleted versions can be read (`includeHidden`): a removed lesson counts as /changes counts it. */
  appointmentsHidden: boolean;
  absence: { fields: string[]; byDate: boolean } | null;
  connection: { partnerName: string; host: string; connectedAt: number; endsAt: number; stay: boolean };
}

export function TodayScreen({ config }: { config: TodayConfig }) {
  const f = useFormats();
  const t = useTranslations('home.day');
  return (
    <>
      <nav aria-label={t('label')} className="mt-2 flex flex-wrap items-center gap-3">
        <p className="text-lg first-letter:uppercase" data-testid="today-date" aria-live="polite">
          {f.longDate(config.date)}
        </p>
        <PendingLink href={`/?date=${config.previous}`} className={buttonClass()}>
          {t('previous')}
        </PendingLink>
        {config.isToday ? null : (
          <PendingLink href="/" className={buttonClass()}>
            {t('today')}
          </PendingLink>
        )}
        <PendingLink href={`/?date=${config.next}`} className={buttonClass()}>
          {t('next')}
        </PendingLink>
      </nav>
      <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <ChangesCard config={config} />
        <AbsentCard config={config} />
        <RecentCard />
        <ConnectionCard config={config} />
      </div>
    </>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass('default', 'shadow-sm')}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        {title}
      </h2>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

function ChangesCard({ config }: { config: TodayConfig }) {
  const t = useTranslations('home');
  const fields = config.appointmentFields ?? [];
  const query = usePartnerList(
    'appointments',
    listParams(fields, config.projects, {
      start: String(config.dayStart),
      end: String(config.dayEnd),
      ...(config.appointmentsHidden ? { includeHidden: 'true' } : {}),
    }),
    config.appointmentFields !== null,
  );
  const counts = query.data ? countChanges(query.data.data, config.dayStart, config.dayEnd) : null;
  return (
    <Card title={t('changes.title')} id="today-changes">
      {/* The count and its kinds' line take this height when they arrive: nothing below moves. */}
      <div className="min-h-[4.75rem]">
        {config.appointmentFields === null ? (
          <p className="text-ink-muted">{t('changes.noRights')}</p>
        ) : query.error ? (
          <p role="alert" className="text-state-danger">
            {t('changes.failed', { message: query.error.message })}
          </p>
        ) : !counts ? (
          <p className="text-ink-muted">{t('reading')}</p>
        ) : (
          <>
            <p className="text-2xl font-semibold" data-testid="today-changes-count" data-count={counts.total}>
              {t('changes.count', { count: counts.total })}
            </p>
            {counts.total > 0 ? <p className="mt-1 text-ink-muted">{t('changes.kinds', { ...counts })}</p> : null}
          </>
        )}
      </div>
      <PendingLink href={`/changes?date=${config.date}`} className={linkClass('mt-3 inline-block')}>
        {t('changes.open')}
      </PendingLink>
    </Card>
  );
}

function AbsentCard({ config }: { config: TodayConfig }) {
  const t = useTranslations('home');
  const absence = config.absence;
  const query = usePartnerList(
    'employeeabsences',
    listParams(
      absence?.fields ?? [],
      config.projects,
      absence?.byDate ? { startDate: config.date, endDate: config.date } : {},
    ),
    absence !== null,
  );
  const people = query.data ? absentOn(query.data.data, config.dayStart, config.dayEnd) : null;
  const count = people?.length ?? null;
  return (
    <Card title={t('absent.title')} id="today-absent">
      {/* The height of the count's line, reserved while it is read. */}
      <div className="min-h-8">
        {absence === null ? (
          <p className="text-ink-muted">{t('absent.noRights')}</p>
        ) : query.error ? (
          <p role="alert" className="text-state-danger">
            {t('absent.failed', { message: query.error.message })}
          </p>
        ) : count === null ? (
          <p className="text-ink-muted">{t('reading')}</p>
        ) : (
          <>
            <p className="text-2xl font-semibold" data-testid="today-absent-count" data-count={count}>
              {t('absent.count', { count })}
            </p>
          </>
        )}
      </div>
      {/* The names' box keeps its height from the first paint, so filling it moves nothing below. */}
      {absence !== null ? <AbsentNames people={people ?? []} label={t('absent.names')} /> : null}
      {absence !== null ? (
        <PendingLink href="/staffing/absences" className={linkClass('mt-3 inline-block')}>
          {t('absent.open')}
        </PendingLink>
      ) : null}
    </Card>
  );
}

/** The first few away by name (a scheduler reads who, not how many); the rest counted. */
const NAMES_SHOWN = 8;

function AbsentNames({ people, label }: { people: readonly AbsentPerson[]; label: string }) {
  const t = useTranslations('home.absent');
  const shown = people.slice(0, NAMES_SHOWN);
  return (
    // Scrolls by keyboard too (tabIndex) when more names come than its four lines hold.
    <ul
      className="mt-1 h-24 overflow-y-auto text-sm text-ink-muted"
      data-testid="today-absent-names"
      aria-label={label}
      tabIndex={people.length > 4 ? 0 : undefined}
    >
      {shown.map((p) => (
        <li key={p.code} data-code={p.code}>
          {p.name ? `${p.name} (${p.code})` : p.code}
        </li>
      ))}
      {people.length > shown.length ? <li>{t('more', { count: people.length - shown.length })}</li> : null}
    </ul>
  );
}

function RecentCard() {
  const t = useTranslations('home.recent');
  const nav = useTranslations('common.nav');
  const connectionId = useConnectionId();
  // The list lives in this browser only: nothing on the server's render, then the stored list.
  const views = useUrlList(recentViews, connectionId === NO_CONNECTION ? null : connectionId);
  const label = (href: string) =>
    describeView(href)
      .map((part) =>
        part.kind === 'page'
          ? nav(part.page)
          : part.kind === 'subject'
            ? t(part.subject, { code: part.code })
            : part.kind === 'week'
              ? t('week', { week: part.week })
              : `/${part.endpoint}`,
      )
      .join(' · ');
  return (
    <Card title={t('title')} id="today-recent">
      {/* Two lines kept for what only the browser knows (the empty list's sentence on a phone). */}
      <div className="min-h-10">
        {views === null ? null : views.length === 0 ? (
          <p className="text-ink-muted">{t('empty')}</p>
        ) : (
          <ul className="space-y-1">
            {/* Views that read alike (one page with other filters) once: the latest. */}
            {views
              .filter((v, i) => views.findIndex((w) => label(w.href) === label(v.href)) === i)
              .map((v) => (
                <li key={v.href}>
                  <PendingLink href={v.href} className={linkClass()}>
                    {label(v.href)}
                  </PendingLink>
                </li>
              ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function ConnectionCard({ config }: { config: TodayConfig }) {
  const t = useTranslations('home.connection');
  const f = useFormats();
  const c = config.connection;
  const rows: [string, string][] = [
    [t('partner'), c.partnerName],
    [t('portal'), c.host],
    [t('since'), f.dateTime(c.connectedAt / 1000, config.zone)],
    [t('until'), f.dateTime(c.endsAt / 1000, config.zone)],
  ];
  return (
    <Card title={t('title')} id="today-connection">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-ink-muted">{c.stay ? t('stay') : t('short')}</p>
      <PendingLink href="/rights" className={linkClass('mt-3 inline-block')}>
        {t('rights')}
      </PendingLink>
    </Card>
  );
}
