'use client';

import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { MissingField } from '@/lib/partner-api/records';

/** A figure the rights do not give: "geen recht", with the right to ask the school for in its title. */
export function NoRight({ right }: { right: MissingField }) {
  const t = useTranslations('staffing.load');
  return (
    <span className="text-xs italic text-ink-muted" title={t('noRightTitle', { ...right })}>
      {t('noRight')}
    </span>
  );
}

/**
 * One figure of a staffing table: the number, "geen recht" where a right is missing, a dash where
 * the portal gives nothing (no contract); a link to what lies behind it where there is one.
 */
export function FigureCell({
  text,
  missing,
  href,
  onOpen,
  label,
}: {
  text: string | null;
  missing?: MissingField;
  href?: string;
  onOpen?: () => void;
  /** What the link opens, for screen readers and the tooltip. */
  label?: string;
}): ReactNode {
  if (missing) return <NoRight right={missing} />;
  if (text === null) return <span className="text-ink-faint">—</span>;
  const style = 'figure-link';
  if (href)
    return (
      // No prefetch: a table holds hundreds of these, and each one in view would ask the server for its page.
      <PendingLink
        href={href}
        prefetch={false}
        className={style}
        aria-label={label ? `${text} · ${label}` : undefined}
        title={label}
      >
        {text}
      </PendingLink>
    );
  if (onOpen)
    return (
      <button
        type="button"
        className={style}
        onClick={onOpen}
        aria-label={label ? `${text} · ${label}` : undefined}
        title={label}
      >
        {text}
      </button>
    );
  return <span className="tabular-nums">{text}</span>;
}
