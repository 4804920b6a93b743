'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { currentItem, missingRights, navItems, navLabel } from '@/lib/navigation';

/**
 * The sections; those the partner's rights do not cover are shown disabled, with the reason. On a
 * phone each is a block (at least 44 px high, `.menu-item`) in a two-column grid, so a name that
 * wraps stays inside its own box.
 */
export function MainNav({ granted, connected }: { granted: string[] | null; connected: boolean }) {
  const pathname = usePathname();
  const t = useTranslations('common.nav');
  const active = currentItem(pathname);
  return (
    <nav aria-label={t('label')}>
      <ul className="grid grid-cols-2 gap-1 text-sm md:flex md:flex-wrap md:items-center">
        {navItems.map((item) => {
          const current = item === active;
          const missing = connected && granted ? missingRights(item, granted) : [];
          if (missing.length > 0) {
            const reason = t('missing', { endpoints: missing.map((m) => `/${m}`).join(` ${t('or')} `) });
            return (
              <li key={item.href}>
                <span
                  aria-disabled="true"
                  title={reason}
                  className="menu-item w-full cursor-not-allowed rounded-md px-3 py-1.5 text-ink-faint line-through decoration-1 md:inline md:w-auto"
                  data-disabled-nav={item.href}
                >
                  {navLabel(item, t)}
                  <span className="sr-only"> {t('unavailable', { reason })}</span>
                </span>
              </li>
            );
          }
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={
                  current
                    ? 'menu-item w-full rounded-md bg-brand-soft px-3 py-1.5 font-semibold text-brand-strong md:inline md:w-auto'
                    : 'menu-item w-full rounded-md px-3 py-1.5 text-ink-muted hover:bg-surface-sunken hover:text-ink md:inline md:w-auto'
                }
              >
                {navLabel(item, t)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
