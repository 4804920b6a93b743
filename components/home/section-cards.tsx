import { PendingLink } from '@/components/ui/pending-link';
import { getTranslations } from 'next-intl/server';
import { navItems, navLabel } from '@/lib/navigation';
import { cardClass } from '@/components/ui/card';

/** The dashboard's sections, each with a line on what it gives. */
export async function SectionCards() {
  const [t, nav] = await Promise.all([getTranslations('home'), getTranslations('common.nav')]);
  return (
    <section aria-labelledby="sections-title" className="mt-10">
      <h2 id="sections-title" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        {t('sections')}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {navItems.map((item) => (
          <li key={item.href} className={cardClass('default', 'shadow-sm')}>
            <PendingLink
              href={item.href}
              className="font-semibold text-brand-strong underline-offset-2 hover:underline"
            >
              {navLabel(item, nav)}
            </PendingLink>
            <p className="mt-1 text-sm text-ink-muted">{t(`blurbs.${item.label}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
