'use client';

import type { NamesState } from '@/lib/timetable/api.client';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { WeekNav } from '@/components/ui/week-nav';
import { ProjectSelect } from '@/components/ui/project-select';
import { ToolbarMore } from '@/components/ui/toolbar-more';
import type { IsoWeek } from '@/lib/partner-api/values';
import type { TimetableView } from '@/lib/timetable/view';
import type { SubjectOption } from './subject-options';
import { SubjectPicker } from './subject-picker';

/** Week navigation, whose week, versions, live mode, projects, and the exports. */
export function TimetableToolbar({
  view,
  today,
  options,
  canLive,
  projects,
  canExport,
  onChange,
  onExportCsv,
  onExportIcs,
  onPickerIntent,
  names,
}: {
  view: TimetableView;
  today: IsoWeek;
  options: SubjectOption[];
  canLive: boolean;
  projects: { id: number; label: string }[];
  canExport: { csv: boolean; ics: boolean };
  onChange: (next: TimetableView) => void;
  onExportCsv: () => void;
  onExportIcs: () => void;
  onPickerIntent?: () => void;
  names?: NamesState;
}) {
  const t = useTranslations('timetable.toolbar');
  const toWeek = (week: IsoWeek) => onChange({ ...view, week });
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" role="toolbar" aria-label={t('label')}>
      <WeekNav week={view.week} today={today} inputId="week-input" onWeek={toWeek} />
      <SubjectPicker
        options={options}
        value={view.subject}
        onChange={(subject) => onChange({ ...view, subject, live: false })}
        onIntent={onPickerIntent}
        names={names}
      />
      <ToolbarMore>
        <label className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={view.allVersions}
            onChange={(e) => onChange({ ...view, allVersions: e.target.checked })}
          />{' '}
          {t('allVersions')}
        </label>
        {view.subject.kind === 'student' && canLive ? (
          <label className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              checked={view.live}
              onChange={(e) => onChange({ ...view, live: e.target.checked })}
            />{' '}
            {t('live')}
          </label>
        ) : null}
        <ProjectSelect
          projects={projects}
          value={view.projects}
          onChange={(ids) => onChange({ ...view, projects: ids })}
        />
        <span className="ml-auto flex gap-2">
          <Button disabled={!canExport.csv} onClick={onExportCsv}>
            {t('exportCsv')}
          </Button>
          <Button disabled={!canExport.ics} onClick={onExportIcs}>
            {t('exportIcs')}
          </Button>
          <Button onClick={() => window.print()}>{t('print')}</Button>
        </span>
      </ToolbarMore>
    </div>
  );
}
