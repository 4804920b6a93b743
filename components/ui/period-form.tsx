'use client';

import { useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from './button';
import { DateField } from './date-field';

// A report's period (from, to) as a form whose answer is an address: a shared link opens the same
// report. While the next page comes, the form says so; what else the report offers stands beside it.

export function PeriodForm({
  from,
  to,
  words,
  href,
  children,
}: {
  from: string;
  to: string;
  words: { period: string; from: string; to: string; show: string; showing: string };
  /** The report's address for a period. */
  href: (period: { from: string; to: string }) => string;
  /** The report's other actions (CSV, print), after the form's. */
  children?: ReactNode;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState({ from, to });
  const [pending, startTransition] = useTransition();
  const show = (e: FormEvent) => {
    e.preventDefault();
    startTransition(() => router.push(href(draft)));
  };
  return (
    <form className="flex flex-wrap items-end gap-3 print:hidden" onSubmit={show} aria-label={words.period}>
      <DateField label={words.from} value={draft.from} onChange={(day) => setDraft({ ...draft, from: day })} />
      <DateField label={words.to} value={draft.to} onChange={(day) => setDraft({ ...draft, to: day })} />
      <Button type="submit" variant="primary" disabled={pending || !draft.from || !draft.to}>
        {words.show}
      </Button>
      {pending ? (
        <span role="status" className="text-sm text-ink-muted">
          {words.showing}
        </span>
      ) : null}
      {children}
    </form>
  );
}
