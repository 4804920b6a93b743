import { buttonClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import { cardClass } from './card';

/** The honest state of every page that needs a portal while none is connected. */
export function ConnectFirst({ what }: { what: string }) {
  const t = useTranslations('common.connectFirst');
  return (
    <section
      aria-labelledby="connect-first-title"
      className={cardClass('none', 'mx-auto mt-12 max-w-lg p-8 text-center shadow-sm')}
    >
      <h2 id="connect-first-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">{t('body', { what })}</p>
      <PendingLink href="/connection" className={buttonClass('primary', 'mt-6')}>
        {t('action')}
      </PendingLink>
    </section>
  );
}
