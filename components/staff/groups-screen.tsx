'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { ProjectSelect } from '@/components/ui/project-select';
import { missingGroupsFigure } from '@/lib/staffing/figures';
import { useStaffingGroups } from '@/lib/staffing/api.client';
import type { GroupStatus } from '@/lib/staffing/types';
import { projectsFrom, usePageParams } from '@/lib/staff/page-params.client';
import { FigureCell } from './figure-cell';
import { QueryTable } from './query-table';
import { StaffingNotes } from './staffing-notes';

export interface GroupsConfig {
  zone: string;
  projects: { id: number; label: string }[];
}

const STATUS_STYLE: Record<GroupStatus, string> = {
  ok: 'bg-state-ok-bg text-state-ok',
  tooFew: 'bg-state-danger-bg text-state-danger',
  tooMany: 'bg-balance-over-bg text-balance-over',
  unknown: 'text-ink-muted',
};

/** Subjects on departments against their teaching groups: `/staff/groups`. */
export function GroupsScreen({ config }: { config: GroupsConfig }) {
  const t = useTranslations('staff');
  const page = usePageParams();
  const projects = projectsFrom(page.get('project'));
  const groups = useStaffingGroups(projects);
  const meta = groups.data?.meta;
  const subjects = useMemo<TableRow[]>(() => (groups.data?.data ?? []).map((s) => ({ ...s })), [groups.data]);
  const counts = useMemo(() => {
    const c: Record<GroupStatus, number> = { ok: 0, tooFew: 0, tooMany: 0, unknown: 0 };
    for (const s of groups.data?.data ?? []) c[s.status]++;
    return c;
  }, [groups.data]);
  const without = useMemo<TableRow[]>(() => (groups.data?.withoutTeacher ?? []).map((g) => ({ ...g })), [groups.data]);
  const byTeacher = useMemo<TableRow[]>(
    () =>
      (groups.data?.byTeacher ?? []).map((p) => ({
        ...p,
        _count: p.groups.length,
        _groups: p.groups.map((g) => g.name).join(', '),
      })),
    [groups.data],
  );
  const subjectColumns = useMemo<TableColumn[]>(() => {
    const missing = missingGroupsFigure(meta);
    const figure = (id: string, label: string, unsupported = false): TableColumn => ({
      id,
      label,
      kind: 'number',
      unsupported,
      value: (r) => r[id],
      render: (r) => (
        <FigureCell
          text={typeof r[id] === 'number' ? String(r[id]) : null}
          missing={unsupported ? missing(id) : undefined}
        />
      ),
    });
    const project = new Map(config.projects.map((p) => [p.id, p.label]));
    return [
      {
        id: 'project',
        label: t('columns.project'),
        kind: 'enum',
        value: (r) => project.get(r.project as number) ?? r.project,
      },
      { id: 'department', label: t('figures.department'), kind: 'enum', value: (r) => r.department },
      { id: 'subject', label: t('figures.subject'), kind: 'text', value: (r) => r.subject },
      figure('expectedGroupCount', t('figures.expectedGroups'), true),
      figure('plannedGroups', t('figures.plannedGroups')),
      {
        id: 'status',
        label: t('figures.status'),
        kind: 'enum',
        value: (r) => t(`groups.status.${r.status as GroupStatus}`),
        render: (r) => (
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status as GroupStatus]}`}>
            {t(`groups.status.${r.status as GroupStatus}`)}
          </span>
        ),
      },
      figure('expectedStudentCount', t('figures.expectedStudents'), true),
      figure('plannedStudents', t('figures.plannedStudents')),
    ];
  }, [t, meta, config.projects]);
  const groupColumns = useMemo<TableColumn[]>(
    () => [
      { id: 'name', label: t('figures.group'), kind: 'text', value: (r) => r.name },
      { id: 'subject', label: t('figures.subject'), kind: 'text', value: (r) => r.subject },
      { id: 'department', label: t('figures.department'), kind: 'enum', value: (r) => r.department },
      { id: 'students', label: t('figures.students'), kind: 'number', value: (r) => r.students },
    ],
    [t],
  );
  const teacherColumns = useMemo<TableColumn[]>(
    () => [
      { id: 'name', label: t('figures.name'), kind: 'text', value: (r) => r.name },
      { id: 'employee', label: t('figures.employee'), kind: 'text', value: (r) => r.employee },
      { id: '_count', label: t('figures.groups'), kind: 'number', value: (r) => r._count },
      { id: '_groups', label: t('figures.group'), kind: 'text', value: (r) => r._groups },
    ],
    [t],
  );
  const project = projects.length === 1 ? String(projects[0]) : 'all';
  const table = (id: string, prefix: string, columns: TableColumn[], rows: TableRow[], empty: string, file: string) => (
    <QueryTable
      query={groups}
      tableId={id}
      urlPrefix={prefix}
      columns={columns}
      rows={rows}
      empty={empty}
      exportName={{ endpoint: file, project }}
      zone={config.zone}
    />
  );
  const teachersMissing = meta?.missing.some((m) => m.endpoint === 'courses' && m.field === 'teachers');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <ProjectSelect
          projects={config.projects}
          value={projects}
          onChange={(ids) => page.set({ project: ids.join(',') })}
        />
        {groups.data ? (
          <p className="text-sm" data-testid="group-status-counts">
            {t('groups.counts', {
              tooFew: counts.tooFew,
              tooMany: counts.tooMany,
              ok: counts.ok,
              unknown: counts.unknown,
            })}
          </p>
        ) : null}
      </div>
      <StaffingNotes meta={meta} assumptions={[]} />
      <section aria-labelledby="subjects-title" className="space-y-2">
        <h2 id="subjects-title" className="text-lg font-semibold">
          {t('groups.subjects')}
        </h2>
        {meta?.missing.some((m) => m.endpoint === 'choosableindepartments' && m.field === 'id') ? (
          <p className="rounded-lg border border-surface-line bg-surface p-4 text-sm" role="status">
            {t('groups.nothing')}
          </p>
        ) : null}
        {table('subject-groups', '', subjectColumns, subjects, t('groups.empty'), 'vakken-lesgroepen')}
      </section>
      <section aria-labelledby="without-title" className="space-y-2">
        <h2 id="without-title" className="text-lg font-semibold">
          {t('groups.withoutTeacher')}
        </h2>
        {teachersMissing ? (
          <p className="text-sm">{t('groups.noTeachersRight')}</p>
        ) : (
          table(
            'groups-without-teacher',
            'zd.',
            groupColumns,
            without,
            t('groups.noneWithout'),
            'lesgroepen-zonder-docent',
          )
        )}
      </section>
      <section aria-labelledby="by-teacher-title" className="space-y-2">
        <h2 id="by-teacher-title" className="text-lg font-semibold">
          {t('groups.byTeacher')}
        </h2>
        {table(
          'groups-by-teacher',
          'pd.',
          teacherColumns,
          byTeacher,
          t('groups.noTeachersRight'),
          'lesgroepen-per-docent',
        )}
      </section>
    </div>
  );
}
