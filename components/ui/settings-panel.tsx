'use client';

import type { ReactNode } from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import { isoDateAt } from '@/lib/partner-api/calendar';
import { cardClass } from './card';

// A page's shared settings, folded away at the top (a <details>): what they are for, who changed
// them last (a connection's partner, never a person or a token), then the form once they are read.

export interface SettingsChanged {
  partner: string;
  at: number;
}

export function SettingsPanel({
  title,
  shared,
  changed,
  zone,
  words,
  error,
  testId,
  className = '',
  children,
}: {
  title: string;
  /** Whom the settings are shared with. */
  shared: string;
  /** Who changed them last; undefined while they are read. */
  changed: SettingsChanged | null | undefined;
  zone: string;
  words: { never: string; last: (values: { partner: string; date: string; time: string }) => string };
  /** Why they could not be read, in words. */
  error: string | null;
  testId?: string;
  className?: string;
  /** The form, once the settings are read. */
  children: ReactNode;
}) {
  const f = useFormats();
  const at = changed ? Math.floor(changed.at / 1000) : 0;
  return (
    <details className={cardClass('none', `px-3 py-1 text-sm print:hidden ${className}`)} data-testid={testId}>
      <summary className="cursor-pointer font-semibold" title={shared}>
        {title}
      </summary>
      {changed !== undefined ? (
        <>
          <p className="mt-2 text-xs">{shared}</p>
          <p className="mt-1 text-xs text-ink-muted" data-testid="settings-changed">
            {changed
              ? words.last({
                  partner: changed.partner,
                  date: f.dayMonth(isoDateAt(at, zone)),
                  time: f.clockTime(at, zone),
                })
              : words.never}
          </p>
          {children}
        </>
      ) : error ? (
        <p role="alert" className="mt-2">
          {error}
        </p>
      ) : null}
    </details>
  );
}
