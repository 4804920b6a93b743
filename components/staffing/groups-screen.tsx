'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { ProjectSelect } from '@/components/ui/project-select';
import { missingGroupsFigure } from '@/lib/staffing/figures';
import { useStaffingGroups } from '@/lib/staffing/api.client';
import type { PageAnswer } from '@/lib/api/contract';
import type { GroupsAnswer, GroupStatus, TeachingGroup } from '@/lib/staffing/types';
import { usePageParams } from '@/lib/browser/page-params.client';
import { groupsProjects, projectsFrom } from '@/lib/staffing/scope';
import { useFormats } from '@/lib/format/use-formats.client';
import { FigureCell } from './figure-cell';
import { QueryTable } from './query-table';
import { StaffingNotes } from './staffing-notes';
import { cardClass } from '@/components/ui/card';

export interface GroupsConfig {
  zone: string;
  projects: { id: number; label: string }[];
  /** The current school year's projects: what the page reads until another choice is made. */
  thisSchoolYear: number[];
}

const STATUS_STYLE: Record<GroupStatus, string> = {
  ok: 'bg-state-ok-bg text-state-ok',
  tooFew: 'bg-state-danger-bg text-state-danger',
  tooMany: 'bg-balance-over-bg text-balance-over',
  unknown: 'text-ink-muted',
};

/**
 * Subjects on departments against their teaching groups: `/staffing/groups`. `first`: the groups the
 * page came with, read on the server (in the page's HTML).
 */
export function GroupsScreen({
  config,
  first = null,
}: {
  config: GroupsConfig;
  first?: PageAnswer<GroupsAnswer> | null;
}) {
  const t = useTranslations('staffing');
  const f = useFormats();
  const page = usePageParams();
  const projects = groupsProjects(projectsFrom(page.get('project')), config.thisSchoolYear);
  const groups = useStaffingGroups(projects, first);
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
        ...groupNames(p.groups, (name, subjects) => t('groups.groupSubjects', { name, subjects })),
      })),
    [groups.data, t],
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
          text={typeof r[id] === 'number' ? f.count(r[id] as number) : null}
          missing={unsupported ? missing(id) : undefined}
        />
      ),
    });
    // A project by what tells it apart from the others read ("Locatie Noord"), not its whole name on every row.
    const project = new Map(shortLabels(config.projects.filter((p) => projects.includes(p.id))));
    return [
      ...(projects.length > 1
        ? [
            {
              id: 'project',
              label: t('columns.project'),
              kind: 'enum',
              value: (r) => project.get(r.project as number) ?? r.project,
            } satisfies TableColumn,
          ]
        : []),
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
          <span
            className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status as GroupStatus]}`}
          >
            {r.statusBy === 'students'
              ? t('groups.statusLineStudents', {
                  status: t(`groups.status.${r.status as GroupStatus}`),
                  planned: f.count(r.plannedStudents as number),
                  expected: f.count(r.expectedStudentCount as number),
                })
              : t(`groups.status.${r.status as GroupStatus}`)}
          </span>
        ),
      },
      figure('expectedStudentCount', t('figures.expectedStudents'), true),
      figure('plannedStudents', t('figures.plannedStudents')),
    ];
  }, [t, f, meta, config.projects, projects]);
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
          thisSchoolYear={config.thisSchoolYear}
          onChange={(ids) =>
            page.set({ project: ids.join(',') === config.thisSchoolYear.join(',') ? null : ids.join(',') })
          }
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
          <p className={cardClass('default', 'text-sm')} role="status">
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

/** A teacher's groups by name, each once; a name with several subjects (2v3 ak and men) says them. */
function groupNames(groups: readonly TeachingGroup[], withSubjects: (name: string, subjects: string) => string) {
  const byName = new Map<string, string[]>();
  for (const g of groups) {
    const subjects = byName.get(g.name) ?? [];
    if (g.subject && !subjects.includes(g.subject)) subjects.push(g.subject);
    byName.set(g.name, subjects);
  }
  return {
    _count: byName.size,
    _groups: [...byName]
      .map(([name, subjects]) => (subjects.length > 1 ? withSubjects(name, subjects.join(', ')) : name))
      .join(', '),
  };
}

/** Project labels without what all of them share (the school's name, the same year). */
function shortLabels(projects: readonly { id: number; label: string }[]): [number, string][] {
  if (projects.length < 2) return projects.map((p) => [p.id, p.label]);
  const words = projects.map((p) => p.label.split(' '));
  let head = 0;
  while (words.every((w) => w.length > head + 1 && w[head] === words[0]![head])) head++;
  let tail = 0;
  while (words.every((w) => w.length > head + tail + 1 && w.at(-1 - tail) === words[0]!.at(-1 - tail))) tail++;
  return projects.map((p, i) => {
    const short = words[i]!.slice(head, words[i]!.length - tail)
      .join(' ')
      .replace(/^[-–·\s]+|[-–·\s]+$/g, '');
    return [p.id, short || p.label];
  });
}
