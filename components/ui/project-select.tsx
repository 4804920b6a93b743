'use client';

import { useTranslations } from 'next-intl';

/** Which projects a table reads; empty means every granted one. */
export function ProjectSelect({
  projects,
  value,
  onChange,
  label,
}: {
  /** The select's name, where a page has two (the explorer's comparison). */
  label?: string;
  projects: { id: number; label: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useTranslations('common.projects');
  if (projects.length < 2) return null;
  return (
    <select
      aria-label={label ?? t('label')}
      className="max-w-[16rem] rounded-md border border-surface-line px-2 py-1 text-sm"
      value={value.join(',')}
      onChange={(e) => onChange(e.target.value ? e.target.value.split(',').map(Number) : [])}
    >
      <option value="">{t('all')}</option>
      {projects.map((p) => (
        <option key={p.id} value={String(p.id)}>
          {p.label}
        </option>
      ))}
    </select>
  );
}
