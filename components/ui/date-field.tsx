'use client';

import { Input } from './control';

/** A labelled date input as the toolbars show it; `onChange` gets the ISO day ("" when cleared). */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <label className="flex items-center gap-1 text-sm">
      {label}
      <Input type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
