'use client';

import { PendingLink } from '@/components/ui/pending-link';
import { Fragment } from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { currentItem, missingRights, navItems } from '@/lib/navigation';

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
        {navItems.map((item, i) => {
          const current = item === active;
          // On a wide screen a group is named once, before its first section, rather than in each.
          const groupStart =
            item.group && navItems[i - 1]?.group !== item.group ? (
              <li aria-hidden="true" className="hidden text-xs uppercase tracking-wide text-ink-faint md:ml-2 md:block">
                {t(item.group)}
              </li>
            ) : null;
          // One span: the item is a flex box (centred on a phone), whose children would each be a
          // column of their own, the group's name wrapping apart from the section's.
          const label = (
            <span className="min-w-0">
              {item.group ? <span className="md:sr-only">{t(item.group)} › </span> : null}
              {t(item.label)}
            </span>
          );
          const missing = connected && granted ? missingRights(item, granted) : [];
          if (missing.length > 0) {
            const reason = t('missing', { endpoints: missing.map((m) => `/${m}`).join(` ${t('or')} `) });
            return (
              <Fragment key={item.href}>
                {groupStart}
                <li>
                  <span
                    aria-disabled="true"
                    title={reason}
                    className="menu-item w-full cursor-not-allowed rounded-md px-3 py-1.5 text-ink-faint line-through decoration-1 md:inline md:w-auto"
                    data-disabled-nav={item.href}
                  >
                    {label}
                    <span className="sr-only"> {t('unavailable', { reason })}</span>
                  </span>
                </li>
              </Fragment>
            );
          }
          return (
            <Fragment key={item.href}>
              {groupStart}
              <li>
                <PendingLink
                  href={item.href}
                  aria-current={current ? 'page' : undefined}
                  className={
                    current
                      ? 'menu-item w-full rounded-md bg-brand-soft px-3 py-1.5 font-semibold text-brand-strong md:inline md:w-auto'
                      : 'menu-item w-full rounded-md px-3 py-1.5 text-ink-muted hover:bg-surface-sunken hover:text-ink md:inline md:w-auto'
                  }
                >
                  {label}
                </PendingLink>
              </li>
            </Fragment>
          );
        })}
      </ul>
    </nav>
  );
}
