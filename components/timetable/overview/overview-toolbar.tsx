'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { OVERVIEW_KINDS, type OverviewView } from '@/lib/timetable/overview/view';
import type { IsoWeek } from '@/lib/partner-api/values';
import { ProjectSelect } from '@/components/ui/project-select';
import { ToolbarMore } from '@/components/ui/toolbar-more';
import { WeekNav } from '@/components/ui/week-nav';
import { Input, Select } from '@/components/ui/control';
import { Toggle } from '@/components/ui/toggle';

/** The overview's toolbar: week, kind of row, printing, projects, search, changes only. */
export function OverviewToolbar({
  view,
  today,
  projects,
  go,
  replace,
}: {
  view: OverviewView;
  today: IsoWeek;
  projects: { id: number; label: string }[];
  go: (next: OverviewView) => void;
  replace: (next: OverviewView) => void;
}) {
  const t = useTranslations('overview');
  const toWeek = (week: IsoWeek) => go({ ...view, week });
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" role="toolbar" aria-label={t('toolbar.label')}>
      <WeekNav week={view.week} today={today} inputId="overview-week" onWeek={toWeek} />
      <div
        role="group"
        aria-label={t('toolbar.by')}
        className="flex overflow-hidden rounded-md border border-surface-line"
      >
        {OVERVIEW_KINDS.map((kind) => (
          <Toggle
            key={kind}
            look="segment"
            pressed={view.by === kind}
            onClick={() => go({ ...view, by: kind, query: '' })}
          >
            {t(`kind.${kind}`)}
          </Toggle>
        ))}
      </div>
      {/* On a phone the week and the kind of row stay in view; the rest is behind "Meer". */}
      <ToolbarMore>
        <span className="flex items-center gap-2 md:ml-auto">
          <label className="flex items-center gap-1 text-sm">
            {t('toolbar.printAs')}
            <Select
              size="compact"
              className="text-sm"
              value={view.print}
              onChange={(e) => replace({ ...view, print: e.target.value === 'day' ? 'day' : 'week' })}
            >
              <option value="week">{t('toolbar.printWeek')}</option>
              <option value="day">{t('toolbar.printDay')}</option>
            </Select>
          </label>
          <Button onClick={() => window.print()}>{t('toolbar.print')}</Button>
        </span>
        <div className="flex basis-full flex-wrap items-center gap-2">
          <ProjectSelect projects={projects} value={view.projects} onChange={(ids) => go({ ...view, projects: ids })} />
          <label className="sr-only" htmlFor="overview-search">
            {t('toolbar.search')}
          </label>
          <Input
            id="overview-search"
            type="search"
            className="w-40 text-sm"
            placeholder={t(`toolbar.searchPlaceholder.${view.by}`)}
            value={view.query}
            onChange={(e) => replace({ ...view, query: e.target.value })}
          />
          <label className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              checked={view.changesOnly}
              onChange={(e) => go({ ...view, changesOnly: e.target.checked })}
            />
            {t('toolbar.changesOnly')}
          </label>
        </div>
      </ToolbarMore>
    </div>
  );
}
