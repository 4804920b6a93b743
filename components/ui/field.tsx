import type { ReactNode } from 'react';

// One form field: its label, the control, a hint and the error, tied together for a screen reader
// (the control is described by its hint and its error, and marked invalid with the error), named as
// shadcn/ui's Field. The control comes from the caller, given the attributes that tie it in.

export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong with the value, in words a person acts on; nothing when it is fine. */
  error?: ReactNode | null;
  children: (control: FieldControl) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-state-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
