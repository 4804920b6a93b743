'use client';

import { useTranslations } from 'next-intl';
import type { PartnerRecord } from '@/lib/partner-api/schemas';
import { Dialog } from '@/components/ui/dialog';
import type { Formats } from '@/lib/format/dates';
import { useFormats } from '@/lib/format/use-formats.client';
import { typeLabel } from '@/lib/timetable/labels';

/** What the details need of the catalogue, sent by the server for the granted fields only. */
export type FieldKinds = Record<string, { supported: boolean | null; timestamp: boolean }>;

/** What a scheduler reads first, in this order, labelled in the interface's words (messages `timetable.details.field`). */
export const FIRST_FIELDS = [
  'start',
  'end',
  'startTimeSlotName',
  'type',
  'subjects',
  'groups',
  'teachers',
  'locations',
  'students',
  'cancelled',
  'changeDescription',
  'schedulerRemark',
  'content',
] as const;
type FirstField = (typeof FIRST_FIELDS)[number];
const PEOPLE_FIELDS: readonly string[] = ['teachers', 'students'];

/**
 * One appointment version: first what a scheduler reads, in their words with names beside codes;
 * then, behind "all fields", every granted field by its portal name (supported first, unsupported marked).
 */
export function DetailsDialog({
  title,
  record,
  loading,
  note,
  zone,
  fieldKinds,
  onClose,
  extra,
  otherHeading,
  names,
}: {
  title: string;
  record: PartnerRecord | null;
  loading: boolean;
  note?: string;
  zone: string;
  fieldKinds: FieldKinds;
  onClose: () => void;
  extra?: React.ReactNode;
  /** The heading of fields the catalogue does not know. */
  otherHeading?: string;
  /** Teachers and students by code (/users), to name them beside their codes. */
  names?: ReadonlyMap<string, { name: string }>;
}) {
  const t = useTranslations('timetable.details');
  const entries = record ? Object.entries(record) : [];
  const supported = entries.filter(([k]) => fieldKinds[k]?.supported === true);
  const unsupported = entries.filter(([k]) => fieldKinds[k]?.supported === false);
  const unknown = entries.filter(([k]) => fieldKinds[k]?.supported == null);
  return (
    <Dialog title={title} onClose={onClose}>
      {loading ? <p className="mt-4 text-sm text-ink-muted">{t('reading')}</p> : null}
      {note ? <p className="mt-2 text-sm text-ink-muted">{note}</p> : null}
      {record ? <FirstFields record={record} zone={zone} names={names} /> : null}
      {extra}
      {record ? (
        <details className="mt-4 border-t border-surface-line pt-2" data-testid="details-all-fields">
          <summary className="cursor-pointer text-sm font-semibold">{t('allFields')}</summary>
          <FieldList rows={supported} zone={zone} fieldKinds={fieldKinds} />
          {unsupported.length > 0 ? (
            <>
              <h3 className="mt-4 text-sm font-semibold text-ink-muted">{t('unsupported')}</h3>
              <p className="text-xs text-ink-muted">{t('unsupportedNote')}</p>
              <FieldList rows={unsupported} zone={zone} fieldKinds={fieldKinds} />
            </>
          ) : null}
          {unknown.length > 0 ? (
            <>
              <h3 className="mt-4 text-sm font-semibold text-ink-muted">{otherHeading ?? t('notInSpec')}</h3>
              <FieldList rows={unknown} zone={zone} fieldKinds={fieldKinds} />
            </>
          ) : null}
        </details>
      ) : null}
    </Dialog>
  );
}

/** The fields a scheduler reads first that the record holds, labelled, people named beside their codes. */
function FirstFields({
  record,
  zone,
  names,
}: {
  record: PartnerRecord;
  zone: string;
  names?: ReadonlyMap<string, { name: string }>;
}) {
  const t = useTranslations('timetable.details');
  const formats = useFormats();
  const labels = useTranslations('labels');
  const words: ShowWords = { formats, yes: t('yes'), no: t('no') };
  const rows = FIRST_FIELDS.filter((k) => Object.hasOwn(record, k)).map((k) => [k, record[k]] as [FirstField, unknown]);
  const named = (code: string) => {
    const name = names?.get(code)?.name;
    return name && name !== code ? `${name} (${code})` : code;
  };
  return (
    <dl className="mt-3 grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 text-sm" data-testid="details-first">
      {rows.map(([k, v]) => (
        <div key={k} className="contents" data-field={k}>
          <dt className="font-medium text-ink-muted">{t(`field.${k}`)}</dt>
          <dd className="break-words">
            {k === 'type' && typeof v === 'string' && v
              ? typeLabel(v, labels)
              : (k === 'start' || k === 'end') && typeof v === 'number'
                ? formats.dateTime(v, zone)
                : PEOPLE_FIELDS.includes(k) && Array.isArray(v) && v.length > 0
                  ? v.map((code) => named(String(code))).join(', ')
                  : show(v, false, zone, words)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FieldList({ rows, zone, fieldKinds }: { rows: [string, unknown][]; zone: string; fieldKinds: FieldKinds }) {
  const t = useTranslations('timetable.details');
  const formats = useFormats();
  const labels = useTranslations('labels');
  const words: ShowWords = { formats, yes: t('yes'), no: t('no') };
  return (
    <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="truncate font-mono text-xs text-ink-muted" translate="no">
            {k}
          </dt>
          <dd className="break-words">
            {k === 'type' && typeof v === 'string' && v ? (
              // The kind in the reader's words, with the portal's own value beside it.
              <>
                {typeLabel(v, labels)} <code className="font-mono text-xs text-ink-muted">{v}</code>
              </>
            ) : (
              show(v, fieldKinds[k]?.timestamp === true, zone, words)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface ShowWords {
  formats: Formats;
  yes: string;
  no: string;
}

function show(value: unknown, timestamp: boolean, zone: string, words: ShowWords): string {
  if (value === null || value === undefined || value === '') return '—';
  if (timestamp && typeof value === 'number') return words.formats.dateTime(value, zone);
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value))
    return value.length === 0
      ? '—'
      : value.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
