'use client';

import Link, { useLinkStatus } from 'next/link';
import { useState, type ComponentProps } from 'react';

/**
 * A link to a page the server draws with the portal's data (a group's week, the day's changes, a
 * staff table): Next keeps the current page until the next one is there, up to the page's wait for
 * the portal (1.5 s, `pageAnswer`), so the link itself says it is opening. The mark shows only after a moment (a quick
 * page never flashes it) and overlays the link's bottom edge, so nothing moves.
 *
 * Its page is fetched ahead only once a person reaches for the link (the pointer over it, or focus),
 * as Next's prefetching guide shows (`prefetch={reached ? null : false}`), unless `prefetch` is
 * given. Next's default fetches every link's page as it comes into view: with the menu's thirteen
 * links on every page, and a day's links beside them, a page view asked the server for some thirty
 * renders and parsed them while the page itself was starting (`tests/e2e/navigation-prefetch.spec.ts`).
 */
export function PendingLink({
  className = '',
  children,
  prefetch,
  onPointerEnter,
  onFocus,
  ...props
}: ComponentProps<typeof Link>) {
  const [reached, setReached] = useState(false);
  return (
    <Link
      {...props}
      prefetch={prefetch !== undefined ? prefetch : reached ? null : false}
      onPointerEnter={(event) => {
        setReached(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setReached(true);
        onFocus?.(event);
      }}
      className={`relative ${className}`}
    >
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
