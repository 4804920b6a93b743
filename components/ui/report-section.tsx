import type { ReactNode } from 'react';

// A report's part under its own heading (the landmark named by it), as the onderwijstijd and
// fairness reports are built: `keepTogether` keeps a chart with its table on one printed page.

export function ReportSection({
  id,
  title,
  keepTogether = false,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  keepTogether?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={keepTogether ? 'space-y-2 break-inside-avoid' : 'space-y-2'}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
