'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { downloadCsv } from '@/lib/csv/download';
import { coverPaths } from '@/lib/cover/api.client';
import type { FairnessRow } from '@/lib/cover/fairness';

/** The report's period, kept in the address (a shared link opens the same report), and its CSV. */
export function FairnessTools({
  from,
  to,
  projects,
  rows,
}: {
  from: string;
  to: string;
  /** The projects the report reads (none: every one), kept when the period changes. */
  projects: number[];
  rows: FairnessRow[] | null;
}) {
  const t = useTranslations('cover.fairness');
  const router = useRouter();
  const [draft, setDraft] = useState({ from, to });
  const [pending, startTransition] = useTransition();
  const show = (e: FormEvent) => {
    e.preventDefault();
    startTransition(() => router.push(coverPaths.fairnessPage(draft.from, draft.to, projects)));
  };
  const csv = () => {
    if (!rows) return;
    const c = (k: 'teacher' | 'name' | 'covers' | 'fte' | 'perFte' | 'swaps') => t(`columns.${k}`);
    const weeks = rows[0]?.weeks.map((w) => w.week) ?? [];
    void downloadCsv(
      `invalwerk-${from}-${to}.csv`,
      [c('teacher'), c('name'), c('covers'), c('fte'), c('perFte'), c('swaps'), ...weeks],
      rows.map((r) => [
        r.employee,
        r.name,
        r.covers,
        r.fte ?? '',
        r.coversPerFte ?? '',
        r.swaps,
        ...r.weeks.map((w) => w.covers),
      ]),
    );
  };
  return (
    <form className="flex flex-wrap items-end gap-3 print:hidden" onSubmit={show} aria-label={t('period')}>
      <DateField label={t('from')} value={draft.from} onChange={(day) => setDraft({ ...draft, from: day })} />
      <DateField label={t('to')} value={draft.to} onChange={(day) => setDraft({ ...draft, to: day })} />
      <Button type="submit" variant="primary" disabled={pending || !draft.from || !draft.to}>
        {t('show')}
      </Button>
      {pending ? (
        <span role="status" className="text-sm text-ink-muted">
          {t('showing')}
        </span>
      ) : null}
      <Button type="button" onClick={csv} disabled={!rows}>
        {t('csv')}
      </Button>
    </form>
  );
}
