'use client';

import { useTranslations } from 'next-intl';
import type { FilterSpec, FieldSpec } from '@/lib/partner-api/catalog-types';
import { fromWire, toWire } from '@/lib/explorer/state';
import { controlClass } from '@/components/ui/control';

/** An input typed by the catalogue: booleans, allowed values, dates, date-times, weeks, lists. */
export function FilterInput({
  name,
  spec,
  value,
  zone,
  onChange,
  idPrefix = 'filter-value',
  label,
}: {
  /** The input's accessible name, when "value of <name>" would be ambiguous on the page. */
  label?: string;
  /** Keeps a second form's inputs (the comparison's) apart from the explorer's own. */
  idPrefix?: string;
  name: string;
  spec: FieldSpec | FilterSpec | undefined;
  value: string;
  zone: string;
  onChange: (wire: string) => void;
}) {
  const t = useTranslations('explorer.form');
  const type = spec?.type ?? 'string';
  const common = {
    id: `${idPrefix}-${name}`,
    'aria-label': label ?? t('valueLabel', { name }),
    className: controlClass('default', 'text-sm'),
  };
  if (type === 'boolean') {
    return (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  }
  if (spec?.allowedValues) {
    return (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        {spec.allowedValues.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    );
  }
  const html = { date: 'date', timestamp: 'datetime-local', week: 'week' }[type as string];
  if (html)
    return (
      <input
        {...common}
        type={html}
        value={fromWire(type, value, zone)}
        onChange={(e) => onChange(toWire(type, e.target.value, zone))}
      />
    );
  const list = type.endsWith('[]') || type === 'long' || type === 'string';
  return (
    <input
      {...common}
      type="text"
      inputMode={type === 'long' || type === 'integer' ? 'numeric' : undefined}
      placeholder={list ? t('listPlaceholder') : ''}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A filter's name as its visible label, then its input: one row of a filter list. */
export function FilterField(props: Parameters<typeof FilterInput>[0]) {
  return (
    <>
      <label
        htmlFor={`${props.idPrefix ?? 'filter-value'}-${props.name}`}
        className="w-48 font-mono text-xs"
        translate="no"
      >
        {props.name}
      </label>
      <FilterInput {...props} />
    </>
  );
}

export function defaultValue(spec: FieldSpec | FilterSpec | undefined, zone: string): string {
  if (!spec) return '';
  if (spec.type === 'boolean') return 'true';
  if (spec.allowedValues) return spec.allowedValues[0] ?? '';
  if (spec.type === 'timestamp') return toWire('timestamp', new Date().toISOString().slice(0, 10) + 'T00:00', zone);
  return '';
}
