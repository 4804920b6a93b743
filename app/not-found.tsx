import { buttonClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { getTranslations } from 'next-intl/server';

export default async function NotFound() {
  const t = await getTranslations('common.notFound');
  return (
    <section className="mx-auto mt-12 max-w-lg text-center">
      <h1 className="text-xl font-semibold">{t('title')}</h1>
      <p className="mt-2 text-sm text-ink-muted">{t('body')}</p>
      <PendingLink href="/" className={buttonClass('default', 'mt-6')}>
        {t('action')}
      </PendingLink>
    </section>
  );
}
