import { getTranslations } from 'next-intl/server';
import type { OnderwijstijdMeta } from '@/lib/onderwijstijd/onderwijstijd.server';

// What was counted and how, in words, on the page and on every printed page's end: a report for the
// MR or the Inspectie carries its definitions (docs/onderwijstijd.md says the same).

export async function Definitions({ meta }: { meta: OnderwijstijdMeta }) {
  const t = await getTranslations('onderwijstijd');
  const types = meta.settings.types.map((type) => t(`types.${type}`)).join(', ');
  return (
    <details className="text-sm print:block" open data-testid="onderwijstijd-definitions">
      <summary className="cursor-pointer font-semibold print:list-none">{t('definitions.title')}</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink-muted">
        <li>{t('definitions.types', { types })}</li>
        <li>{t('definitions.programmed')}</li>
        <li>{t('definitions.realised')}</li>
        <li>{t('definitions.expected')}</li>
        <li>{t('definitions.hours')}</li>
        <li>{t('definitions.lesuitval')}</li>
        <li>{t('definitions.klas')}</li>
        <li>{t('norm')}</li>
        <li>{t('definitions.cumulative')}</li>
      </ul>
    </details>
  );
}
