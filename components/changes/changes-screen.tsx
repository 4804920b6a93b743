'use client';

import type { PageAnswer } from '@/lib/api/contract';
import { Input } from '@/components/ui/control';
import { Button, buttonClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo } from 'react';
import { useConnectionId } from '@/lib/api/connection.client';
import { changesHref, GROUPINGS, type ChangesConfig } from '@/lib/changes/config';
import { groupChanges, type DayChange } from '@/lib/changes/day-changes';
import { readLocalDateTime } from '@/lib/partner-api/calendar';
import { useNewSince } from '@/lib/changes/last-visit.client';
import { useDayChanges, type DayChangesData } from '@/lib/changes/use-day-changes.client';
import type { DayChangesAnswer } from '@/lib/changes/types';
import { inputDateTime, type Formats } from '@/lib/format/dates';
import { useFormats } from '@/lib/format/use-formats.client';
import { AbsentSection } from './absent-section';
import { ChangeLine } from './change-line';
import { DisplayBoard } from './display-board';
import { LiveState } from './live-state';
import { ToolbarMore } from '@/components/ui/toolbar-more';
import { Card } from '@/components/ui/card';

/**
 * The changes page, drawn with the server's first answer when the page came with it (the list
 * paints before the scripts run), kept up to date in the browser after that.
 */
export function ChangesScreen({
  config,
  first,
  lastVisit,
}: {
  config: ChangesConfig;
  first: PageAnswer<DayChangesAnswer> | null;
  /** The person's previous visit (Unix seconds), as the server read it; null for a first one. */
  lastVisit: number | null;
}) {
  const data = useDayChanges(config, first);
  const connectionId = useConnectionId();
  const newSince = useNewSince(connectionId, lastVisit);
  const since = newSince.since;
  const isNew = (c: DayChange) => since !== null && c.changedAt !== null && c.changedAt > since;
  const newCount = data.changes?.filter(isNew).length ?? 0;
  useNewCountInTitle(newCount);
  if (config.display) return <DisplayBoard config={config} data={data} />;
  return (
    <div className="changes-page">
      <PrintedDay date={config.date} />
      <Toolbar config={config} />
      <SinceControl config={config} newSince={newSince} count={newCount} />
      <LiveState config={config} data={data} />
      <div className="mt-4 grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <ChangeList config={config} data={data} isNew={isNew} />
        <AbsentSection config={config} data={data} />
      </div>
    </div>
  );
}

/** "(3) Wijzigingen · Rooster": the count of new changes in the tab's title. */
function useNewCountInTitle(count: number) {
  const t = useTranslations();
  const title = `${count > 0 ? t('changes.page.titleNew', { count }) : t('changes.page.title')} · ${t('common.appName')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** On paper the day navigation is left out; the day itself must stay. */
function PrintedDay({ date }: { date: string }) {
  const f = useFormats();
  return <p className="hidden text-lg font-semibold first-letter:uppercase print:block">{f.longDate(date)}</p>;
}

function Toolbar({ config }: { config: ChangesConfig }) {
  const t = useTranslations('changes');
  const f = useFormats();
  // On a phone the day and its arrows make one row (a shorter date, the arrows around it); grouping,
  // print and the hall screen are behind "Meer".
  const dayLink = (href: string, label: string, arrow: string) => (
    <PendingLink href={href} className={buttonClass('default', 'px-2.5 sm:px-3')} aria-label={label}>
      <span className="sm:hidden" aria-hidden="true">
        {arrow}
      </span>
      <span className="hidden sm:inline">{label}</span>
    </PendingLink>
  );
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden">
      <nav aria-label={t('day.label')} className="flex flex-nowrap items-center gap-2" data-testid="changes-day-nav">
        <p className="whitespace-nowrap text-lg first-letter:uppercase" data-testid="changes-date">
          <span className="sm:hidden">{f.weekdayDayMonth(config.date)}</span>
          <span className="hidden sm:inline">{f.longDate(config.date)}</span>
        </p>
        {dayLink(changesHref(config.previous, config.grouping), t('day.previous'), '←')}
        {config.isToday ? null : (
          <PendingLink href="/changes" className={buttonClass('default', 'px-2.5 sm:px-3')}>
            {t('day.today')}
          </PendingLink>
        )}
        {dayLink(changesHref(config.next, config.grouping), t('day.next'), '→')}
      </nav>
      <ToolbarMore>
        <nav aria-label={t('grouping.label')} className="flex flex-wrap items-center gap-1">
          <span className="text-sm text-ink-muted">{t('grouping.label')}</span>
          {GROUPINGS.map((g) => (
            <PendingLink
              key={g}
              href={changesHref(config.date, g)}
              aria-current={g === config.grouping ? 'true' : undefined}
              className={buttonClass(g === config.grouping ? 'primary' : 'default')}
            >
              {t(`grouping.${g}`)}
            </PendingLink>
          ))}
        </nav>
        <div className="flex gap-2 md:ml-auto">
          <Button onClick={() => window.print()}>{t('print')}</Button>
          {/* A full page load: the layout leaves its header out only when the page is asked for. */}
          <a href={changesHref(config.date, config.grouping, true)} className={buttonClass()}>
            {t('display.open')}
          </a>
        </div>
      </ToolbarMore>
    </div>
  );
}

function SinceControl({
  config,
  newSince,
  count,
}: {
  config: ChangesConfig;
  newSince: ReturnType<typeof useNewSince>;
  count: number;
}) {
  const t = useTranslations('changes.since');
  const f = useFormats();
  const since = newSince.since;
  const canTell = config.rights.readFields.includes('lastModified');
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm print:hidden">
      <label className="flex items-center gap-2">
        <span>{t('label')}</span>
        <Input
          type="datetime-local"
          value={since ? inputDateTime(since, config.zone) : ''}
          onChange={(e) => {
            newSince.setPicked(readLocalDateTime(e.target.value, config.zone) ?? null);
          }}
        />
      </label>
      {newSince.picked !== null && newSince.lastVisit ? (
        <Button onClick={() => newSince.setPicked(null)}>{t('lastVisit')}</Button>
      ) : null}
      {/* Two lines on a phone, where it has a row of its own. */}
      <p
        aria-live="polite"
        data-testid="changes-new-count"
        data-count={count}
        className="min-h-10 w-full sm:min-h-5 lg:w-auto lg:min-h-0"
      >
        {!canTell
          ? t('noTimes')
          : since !== null
            ? t('count', { count, time: f.dateTime(since, config.zone) })
            : t('firstVisit')}
      </p>
    </div>
  );
}

function ChangeList({
  config,
  data,
  isNew,
}: {
  config: ChangesConfig;
  data: DayChangesData;
  isNew: (c: DayChange) => boolean;
}) {
  const t = useTranslations('changes');
  const f = useFormats();
  const groups = useMemo(
    () => (data.changes ? groupChanges(data.changes, config.grouping) : null),
    [data.changes, config.grouping],
  );
  return (
    <section aria-labelledby="changes-list-title" className="changes-list min-w-0">
      <h2 id="changes-list-title" className="text-lg font-semibold">
        {t('list.title')}{' '}
        {data.changes ? (
          <span className="font-normal text-ink-muted" data-testid="changes-count" data-count={data.changes.length}>
            {/* The heading names them already: "Wijzigingen (71)", not "Wijzigingen (71 wijzigingen)". */}
            {`(${t('list.countShort', { count: data.changes.length })})`}
          </span>
        ) : null}
      </h2>
      <AbsentLink config={config} data={data} />
      {data.read.error && !data.read.data ? (
        <p role="alert" className="mt-2 text-state-danger">
          {t('list.failed', { message: data.read.error.message })}
        </p>
      ) : !groups ? (
        <ListSkeleton text={t('list.reading')} />
      ) : groups.length === 0 ? (
        <p className="mt-2 text-ink-muted">{t('list.empty')}</p>
      ) : (
        <Card padding="none" className="mt-2 overflow-hidden">
          {groups.map(([name, changes]) => (
            <ChangeGroup
              key={name}
              name={name}
              changes={changes}
              config={config}
              f={f}
              isNew={isNew}
              arrived={data.arrived}
            />
          ))}
        </Card>
      )}
    </section>
  );
}

/**
 * While the week is read: the list's place held at least a screen high, so what follows it on a
 * phone (the absent staff) starts below the fold and a day's list arriving moves nothing in view.
 */
function ListSkeleton({ text }: { text: string }) {
  return (
    <div className="mt-2 min-h-screen" data-testid="changes-skeleton">
      <p className="text-ink-muted">{text}</p>
      <Card aria-hidden="true" padding="none" className="mt-2 overflow-hidden">
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className="flex h-7 items-center gap-3 border-t border-surface-line px-2 first:border-t-0">
            <span className="h-3 w-10 animate-pulse rounded bg-surface-sunken" />
            <span className="h-3 flex-1 animate-pulse rounded bg-surface-sunken" />
          </div>
        ))}
      </Card>
    </div>
  );
}

/**
 * "Afwezig: 3 ↓": the absent staff, below the list on a narrow screen, one tap from the top. Its
 * line is kept while the absences are read, so the list under it does not move when it comes.
 */
function AbsentLink({ config, data }: { config: ChangesConfig; data: DayChangesData }) {
  const t = useTranslations('changes.absent');
  if (config.absence === null) return null;
  return (
    <div className="mt-1 min-h-5 text-sm xl:hidden print:hidden">
      {data.absent && data.absent.length > 0 ? (
        <a href="#changes-absent-title" className="inline-block underline" data-testid="absent-link">
          {t('jump', { count: data.absent.length })}
        </a>
      ) : null}
    </div>
  );
}

/**
 * One group, its name (a lesuur with its time) in a column beside its lines, not a heading row
 * above them: a busy day stays within a few screens. Grouped by lesuur, the lines leave out the
 * lesuur and time the group already says.
 */
function ChangeGroup({
  name,
  changes,
  config,
  f,
  isNew,
  arrived,
}: {
  name: string;
  changes: DayChange[];
  config: ChangesConfig;
  f: Formats;
  isNew: (c: DayChange) => boolean;
  arrived: ReadonlySet<number> | undefined;
}) {
  const t = useTranslations('changes');
  const id = `changes-group-${name || 'none'}`;
  const byPeriod = config.grouping === 'period';
  const first = changes[0]?.shown;
  const time =
    byPeriod && name && first
      ? `${f.clockTime(first.start, config.zone)}–${f.clockTime(first.end, config.zone)}`
      : null;
  return (
    <section
      aria-labelledby={id}
      className="change-group flex break-inside-avoid border-t border-surface-line first:border-t-0"
    >
      <div className="w-14 shrink-0 border-r border-surface-line px-2 py-0.5 sm:w-20">
        <h3 id={id} className="text-sm font-semibold" data-testid="change-group">
          {name ? <span translate="no">{name}</span> : byPeriod ? t('grouping.offGrid') : t('grouping.none')}
        </h3>
        {time ? <p className="text-xs text-ink-muted">{time}</p> : null}
      </div>
      <ul className="min-w-0 flex-1" aria-label={t('list.count', { count: changes.length })}>
        {changes.map((c) => (
          <ChangeLine
            key={c.key}
            change={c}
            f={f}
            zone={config.zone}
            showPeriod={!byPeriod}
            groupTime={time}
            isNew={isNew(c)}
            arrived={arrived !== undefined && c.ids.some((id) => arrived.has(id))}
          />
        ))}
      </ul>
    </section>
  );
}
