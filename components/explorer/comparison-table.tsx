'use client';

import { useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { formatCell } from '@/lib/csv/format';
import type { Comparison, FieldChange, RecordDiff } from '@/lib/explorer/compare';
import type { ResourceName } from '@/lib/partner-api/catalog';
import type { EndpointSpecs } from '@/lib/partner-api/catalog-types';
import { ownValue } from '@/lib/partner-api/records';
import { fieldColumns } from '@/lib/data-table/columns';

const diffOf = (row: TableRow) => row.diff as RecordDiff;

/** The difference between two answers: counts, then one row per added, removed or changed record. */
export function ComparisonTable({
  comparison,
  endpoint,
  specs,
  fields,
  keyField,
  zone,
  from,
  to,
}: {
  comparison: Comparison;
  endpoint: ResourceName;
  specs: EndpointSpecs;
  fields: string[];
  keyField: string | null;
  zone: string;
  /** What the first and the second answer were (their differing parameters, or when they were read). */
  from: ReactNode;
  to: ReactNode;
}) {
  const t = useTranslations('explorer.compare');
  const tt = useTranslations('table');
  const columns = useMemo<TableColumn[]>(() => {
    const text = (value: unknown, type: Parameters<typeof formatCell>[1]) =>
      String(formatCell(value, type, 'human', zone, tt) ?? '');
    const kind: TableColumn = {
      id: 'change',
      label: t('change'),
      kind: 'enum',
      value: (row) => t(`kind.${diffOf(row).kind}`),
      render: (row) => <ChangeBadge kind={diffOf(row).kind} label={t(`kind.${diffOf(row).kind}`)} />,
    };
    const perField = fieldColumns(specs, fields).map<TableColumn>((c) => {
      const changeOf = (d: RecordDiff) => d.changes.find((ch) => ch.field === c.id);
      const current = (d: RecordDiff) => ownValue(d.after ?? d.before ?? {}, c.id);
      return {
        id: c.id,
        label: c.label,
        kind: 'text',
        unsupported: c.unsupported,
        hiddenByDefault: false,
        value: (row) => {
          const d = diffOf(row);
          const ch = changeOf(d);
          return ch
            ? `${text(ch.before, c.fieldType)} → ${text(ch.after, c.fieldType)}`
            : text(current(d), c.fieldType);
        },
        render: (row) => {
          const d = diffOf(row);
          const ch = changeOf(d);
          if (!ch) return text(current(d), c.fieldType) || <span className="text-ink-faint">—</span>;
          return <FieldChangeCell change={ch} format={(v) => text(v, c.fieldType)} />;
        },
      };
    });
    return [kind, ...perField];
  }, [specs, fields, t, tt, zone]);
  const rows = useMemo(() => comparison.differences.map((diff) => ({ diff })), [comparison]);
  const { counts } = comparison;

  return (
    <section className="space-y-2" aria-label={t('resultLabel')}>
      <p className="text-sm">{t.rich('fromTo', { from: () => from, to: () => to })}</p>
      <ul className="flex flex-wrap gap-2 text-sm" data-testid="compare-counts">
        {(['added', 'removed', 'changed', 'same'] as const).map((k) => (
          <li key={k} className="rounded-md border border-surface-line px-2 py-0.5">
            {t(`count.${k}`, { count: counts[k] })}
          </li>
        ))}
      </ul>
      {keyField === null ? (
        <p className="text-sm text-ink-muted">{t('noKey')}</p>
      ) : comparison.unkeyed > 0 ? (
        <p className="text-sm text-ink-muted">{t('unkeyed', { count: comparison.unkeyed, key: keyField })}</p>
      ) : null}
      <DataTable
        tableId={`compare-${endpoint}`}
        urlPrefix="cmp."
        columns={columns}
        rows={rows}
        loading={false}
        error={null}
        onRetry={() => undefined}
        empty={t('none')}
        exportName={{ endpoint: `${endpoint}-compare`, project: 'all' }}
        zone={zone}
      />
    </section>
  );
}

const badge = {
  added: 'bg-state-ok-bg text-state-ok',
  removed: 'bg-state-danger-bg text-state-danger',
  changed: 'bg-state-warn-bg text-state-warn',
} as const;

function ChangeBadge({ kind, label }: { kind: RecordDiff['kind']; label: string }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${badge[kind]}`} data-change={kind}>
      {label}
    </span>
  );
}

/**
 * `old → new`, the old struck through; for two lists only the elements that went and came (or
 * "another order"). Screen readers hear "was … wordt …", as strike-through is not announced.
 */
function FieldChangeCell({ change, format }: { change: FieldChange; format: (v: unknown) => string }) {
  const t = useTranslations('explorer.compare');
  const said = (key: 'was' | 'now' | 'gone' | 'new') => <span className="sr-only">{t(key)} </span>;
  if (change.added && change.removed) {
    if (change.added.length === 0 && change.removed.length === 0)
      return (
        <span data-changed-field={change.field} className="italic">
          {t('orderChanged')}
        </span>
      );
    return (
      <span data-changed-field={change.field}>
        {change.removed.map((v, i) => (
          <del key={`-${i}`} className="mr-1 text-state-danger">
            {said('gone')}
            {format(v)}
          </del>
        ))}
        {change.added.map((v, i) => (
          <ins key={`+${i}`} className="mr-1 font-semibold no-underline">
            {said('new')}
            {format(v)}
          </ins>
        ))}
      </span>
    );
  }
  return (
    <span data-changed-field={change.field}>
      <del className="text-state-danger">
        {said('was')}
        {format(change.before) || '—'}
      </del>
      <span aria-hidden> → </span>
      <ins className="font-semibold no-underline">
        {said('now')}
        {format(change.after) || '—'}
      </ins>
    </span>
  );
}
