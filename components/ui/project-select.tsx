'use client';

/** Which projects a table reads; empty means every granted one. */
export function ProjectSelect({
  projects,
  value,
  onChange,
}: {
  projects: { id: number; label: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  if (projects.length < 2) return null;
  return (
    <select
      aria-label="Projects"
      className="max-w-[16rem] rounded-md border border-surface-line px-2 py-1 text-sm"
      value={value.join(',')}
      onChange={(e) => onChange(e.target.value ? e.target.value.split(',').map(Number) : [])}
    >
      <option value="">All projects</option>
      {projects.map((p) => (
        <option key={p.id} value={String(p.id)}>
          {p.label}
        </option>
      ))}
    </select>
  );
}
