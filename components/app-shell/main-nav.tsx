'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { navItems, navLabel } from '@/lib/navigation';

export function MainNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {navItems.map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={
                  current
                    ? 'rounded-md bg-brand-soft px-3 py-1.5 font-semibold text-brand-strong'
                    : 'rounded-md px-3 py-1.5 text-ink-muted hover:bg-surface-sunken hover:text-ink'
                }
              >
                {navLabel(item)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
