'use client';

import { useTranslations } from 'next-intl';
import { Select } from './control';

/**
 * Which projects a table reads; empty means every granted one. With `thisSchoolYear` (the current
 * school year's projects) that choice is offered first, and "all" is every project by its ids.
 */
export function ProjectSelect({
  projects,
  value,
  onChange,
  label,
  thisSchoolYear,
}: {
  /** The select's name, where a page has two (the explorer's comparison). */
  label?: string;
  projects: { id: number; label: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  thisSchoolYear?: number[];
}) {
  const t = useTranslations('common.projects');
  if (projects.length < 2) return null;
  const all = projects.map((p) => p.id).join(',');
  const year = thisSchoolYear?.join(',');
  // A link may name several projects (`project=1251,1252`): shown as such, not as the first option.
  const current = value.join(',');
  const offered = [year, all, ...projects.map((p) => String(p.id))];
  const combination =
    value.length > 1 && !offered.includes(current)
      ? projects.filter((p) => value.includes(p.id)).map((p) => p.label)
      : null;
  return (
    <Select
      aria-label={label ?? t('label')}
      className="max-w-[16rem] text-sm"
      value={value.join(',')}
      onChange={(e) => onChange(e.target.value ? e.target.value.split(',').map(Number) : [])}
    >
      {year && year !== all && thisSchoolYear!.length > 1 ? <option value={year}>{t('thisSchoolYear')}</option> : null}
      <option value={year ? all : ''}>{t('all')}</option>
      {combination ? <option value={current}>{combination.join(', ')}</option> : null}
      {projects.map((p) => (
        <option key={p.id} value={String(p.id)}>
          {p.label}
        </option>
      ))}
    </Select>
  );
}
