'use client';

import { useTranslations } from 'next-intl';
import type { FieldSpec, FilterSpec } from '@/lib/partner-api/catalog-types';

/** What the specification says a filter does (its own English words), if anything. */
export function specMeaning(spec: FieldSpec | FilterSpec | undefined): string | null {
  if (!spec) return null;
  return ('meaning' in spec ? spec.meaning : undefined) ?? ('notes' in spec ? spec.notes : undefined) ?? null;
}

const EXPLAINED = ['start', 'end', 'modifiedSince'] as const;

/** One filter explained: Rooster's words for the ones with rules, else the specification's. */
export function FilterHelp({ endpoint, name, meaning }: { endpoint: string; name: string; meaning: string | null }) {
  const t = useTranslations('explorer.help');
  const ours = endpoint === 'appointments' && (EXPLAINED as readonly string[]).includes(name);
  if (!ours && !meaning) return null;
  return (
    <p className="basis-full pl-1 text-xs text-ink-muted">
      {ours ? (
        t(name as (typeof EXPLAINED)[number])
      ) : (
        <>
          {t('spec')} <span lang="en">{meaning}</span>
        </>
      )}
    </p>
  );
}

/** Fields or filters asked for (by a link) that the token may not use, and what to ask the school. */
export function OutsideRights({
  endpoint,
  fields,
  filters,
}: {
  endpoint: string;
  fields: string[];
  filters: string[];
}) {
  const t = useTranslations('explorer.help');
  if (fields.length === 0 && filters.length === 0) return null;
  return (
    <div role="status" className="rounded-md border border-state-warn bg-state-warn-bg p-3 text-sm text-state-warn">
      {fields.length > 0 ? <p>{t('outsideFields', { fields: fields.join(', '), endpoint })}</p> : null}
      {filters.length > 0 ? <p>{t('outsideFilters', { filters: filters.join(', '), endpoint })}</p> : null}
    </div>
  );
}
