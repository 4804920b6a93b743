'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { changesHref, type ChangesConfig } from '@/lib/changes/config';
import { groupChanges, type DayChange } from '@/lib/changes/day-changes';
import type { DayChangesData } from '@/lib/changes/use-day-changes.client';
import { useFormats } from '@/lib/format/use-formats.client';
import { DisplayRow } from './display-row';
import { LiveState } from './live-state';

// The hall screen: large type, no app chrome (the layout leaves it out), pages through the list by
// itself and refreshes by itself (the same polling as the list). Each page holds the rows that fit
// the screen it runs on (measured, as rows wrap to more lines on a narrower screen). When the portal
// cannot be reached the last good list stays up under a clear notice, until the next read succeeds.
// One line a change (no repeated group, no portal note), so a busy day's cycle stays within a minute.

/** Seconds a page shows: 12, shorter (down to 8) so that all pages pass within a minute where they can. */
export function pageSeconds(pages: number): number {
  return Math.max(8, Math.min(12, Math.floor(60 / Math.max(1, pages))));
}

type Entry = { group: string; change: DayChange };

export function DisplayBoard({ config, data }: { config: ChangesConfig; data: DayChangesData }) {
  const t = useTranslations('changes');
  const f = useFormats();
  const entries = useMemo<Entry[]>(
    () =>
      (data.changes ? groupChanges(data.changes, config.grouping) : []).flatMap(([group, changes]) =>
        changes.map((change) => ({ group, change })),
      ),
    [data.changes, config.grouping],
  );
  // Where each page starts: measured with every row laid out (before paint), again when the rows or
  // the screen change.
  const box = useRef<HTMLDivElement>(null);
  const [screen, setScreen] = useState(0);
  const [measured, setMeasured] = useState<{ entries: Entry[]; screen: number; starts: number[] } | null>(null);
  const starts = measured && measured.entries === entries && measured.screen === screen ? measured.starts : null;
  useEffect(() => {
    const resized = () => setScreen((n) => n + 1);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  useLayoutEffect(() => {
    if (starts !== null || !box.current) return;
    const head = box.current.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const room = box.current.clientHeight - head;
    const found = [0];
    let used = 0;
    box.current.querySelectorAll('tbody > tr').forEach((row, i) => {
      const height = row.getBoundingClientRect().height;
      if (used + height > room && i > found.at(-1)!) {
        found.push(i);
        used = 0;
      }
      used += height;
    });
    setMeasured({ entries, screen, starts: found });
  }, [starts, entries, screen]);
  const pages = starts?.length ?? 1;
  const byPeriod = config.grouping === 'period';
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(() => setTick((n) => n + 1), pageSeconds(pages) * 1000);
    return () => clearInterval(timer);
  }, [pages]);
  const page = tick % pages;
  const seconds = pageSeconds(pages);
  const from = starts?.[page] ?? 0;
  const to = starts ? (starts[page + 1] ?? entries.length) : entries.length;
  return (
    <div
      className="display-board fixed inset-0 flex flex-col bg-surface-sunken p-6 text-xl"
      data-testid="display-board"
      data-page-seconds={seconds}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-4xl font-bold first-letter:uppercase">
          {t('display.heading', { date: f.longDate(config.date) })}
        </h1>
        <a href={changesHref(config.date, config.grouping)} className="text-base text-ink-muted underline">
          {t('display.leave')}
        </a>
      </div>
      <LiveState config={config} data={data} large />
      {data.read.error && !data.read.data ? (
        <p role="alert" className="mt-6 text-2xl text-state-danger">
          {t('list.failed', { message: data.read.error.message })}
        </p>
      ) : !data.changes ? (
        <p className="mt-6 text-ink-muted">{t('list.reading')}</p>
      ) : data.changes.length === 0 ? (
        <p className="mt-6 text-2xl">{t('list.empty')}</p>
      ) : (
        <>
          <div ref={box} className="mt-4 min-h-0 flex-1 overflow-hidden">
            <table className="w-full table-fixed bg-surface text-xl">
              <colgroup>
                <col className={byPeriod ? 'w-48' : 'w-36'} />
                {byPeriod ? null : <col className="w-56" />}
                <col className="w-64" />
                <col className="w-80" />
                <col />
              </colgroup>
              <caption className="sr-only">{t('list.count', { count: data.changes.length })}</caption>
              <thead>
                <tr className="text-left text-base text-ink-muted">
                  <th scope="col" className="px-3 py-1.5">
                    {t(`grouping.${config.grouping}`)}
                  </th>
                  {byPeriod ? null : (
                    <th scope="col" className="px-3 py-1.5">
                      {t('list.period')}
                    </th>
                  )}
                  <th scope="col" className="px-3 py-1.5">
                    {t(config.grouping === 'group' ? 'list.subject' : 'list.lesson')}
                  </th>
                  <th scope="col" className="px-3 py-1.5">
                    {t('list.change')}
                  </th>
                  <th scope="col" className="px-3 py-1.5">
                    {t('list.beforeAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map(({ group, change }, i) => (
                  <DisplayRow
                    key={`${group}|${change.key}`}
                    change={change}
                    f={f}
                    zone={config.zone}
                    group={group}
                    grouping={config.grouping}
                    showGroup={i === from || entries[i - 1]?.group !== group}
                    arrived={data.arrived !== undefined && change.ids.some((id) => data.arrived!.has(id))}
                    hidden={starts !== null && (i < from || i >= to)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-base text-ink-muted" data-testid="display-page" aria-live="polite">
            {t('display.page', { page: page + 1, pages })}
          </p>
        </>
      )}
    </div>
  );
}
