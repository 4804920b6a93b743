'use client';

import { useTranslations } from 'next-intl';
import { Popover } from './popover';

/**
 * Several projects at once, where a request takes a list (the explorer): a button that says what is
 * chosen and a panel with one box per project, each named with its school year. None ticked means
 * every granted one, as `schoolInSchoolYear` left to Rooster does.
 */
export function ProjectPicker({
  projects,
  value,
  onChange,
  label,
}: {
  projects: { id: number; label: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  /** The picker's name, where a page has two (the explorer's comparison). */
  label?: string;
}) {
  const t = useTranslations('common.projects');
  if (projects.length < 2) return null;
  const chosen = projects.filter((p) => value.includes(p.id));
  const summary =
    chosen.length === 0 || chosen.length === projects.length
      ? t('all')
      : chosen.length === 1
        ? chosen[0]!.label
        : t('several', { count: chosen.length });
  const toggle = (id: number, on: boolean) =>
    onChange(projects.map((p) => p.id).filter((p) => (p === id ? on : value.includes(p))));
  return (
    <Popover label={`${label ?? t('label')}: ${summary}`} panelClassName="w-80 max-w-[calc(100vw-2rem)] p-3">
      <fieldset className="space-y-1 text-sm">
        <legend className="mb-1 font-semibold">{label ?? t('label')}</legend>
        {projects.map((p) => (
          <label key={p.id} className="flex items-center gap-2">
            <input type="checkbox" checked={value.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
            <span>{p.label}</span>
          </label>
        ))}
        <p className="pt-1 text-xs text-ink-muted">{t('noneIsAll')}</p>
      </fieldset>
    </Popover>
  );
}
