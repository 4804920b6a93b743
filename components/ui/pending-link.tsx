'use client';

import Link, { useLinkStatus } from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link to a page the server draws with the portal's data (a group's week, the day's changes, a
 * staff table): Next keeps the current page until the next one is there, up to the page's wait for
 * the portal (1.5 s, `pageAnswer`), so the link itself says it is opening. The mark shows only after a moment (a quick
 * page never flashes it) and overlays the link's bottom edge, so nothing moves.
 */
export function PendingLink({ className = '', children, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link {...props} className={`relative ${className}`}>
      {children}
      <PendingMark />
    </Link>
  );
}

function PendingMark() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span
      aria-hidden
      data-link-pending=""
      className="pointer-events-none absolute inset-x-0 bottom-0 h-0.5 rounded-full bg-brand opacity-0 animate-link-pending motion-reduce:animate-none motion-reduce:opacity-100"
    />
  ) : null;
}
