'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { DateTime } from 'luxon';
import { fieldSpec } from '@/lib/partner-api/catalog';
import type { PartnerRecord } from '@/lib/partner-api/schemas';

/** Every granted field of one appointment version: supported first, unsupported marked. */
export function DetailsDialog({ record, loading, note, zone, onClose, extra }: { record: PartnerRecord | null; loading: boolean; note?: string; zone: string; onClose: () => void; extra?: React.ReactNode }) {
  const entries = record ? Object.entries(record) : [];
  const supported = entries.filter(([k]) => fieldSpec('appointments', k)?.supported !== false);
  const unsupported = entries.filter(([k]) => fieldSpec('appointments', k)?.supported === false);
  const title = record ? `${(record.subjects as string[] | undefined)?.join(', ') || record.content || record.type || 'Appointment'} · ${String(record.id)}` : 'Appointment';
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-lg">
        <DialogPanel className="h-full w-full overflow-y-auto bg-surface p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </div>
          {loading ? <p className="mt-4 text-sm text-ink-muted">Reading every field you may see…</p> : null}
          {note ? <p className="mt-2 text-sm text-ink-muted">{note}</p> : null}
          <FieldList rows={supported} zone={zone} />
          {unsupported.length > 0 ? (
            <>
              <h3 className="mt-4 text-sm font-semibold text-ink-muted">Unsupported fields</h3>
              <p className="text-xs text-ink-muted">The portal makes no stability promise for these.</p>
              <FieldList rows={unsupported} zone={zone} />
            </>
          ) : null}
          {extra}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function FieldList({ rows, zone }: { rows: [string, unknown][]; zone: string }) {
  return (
    <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="truncate font-mono text-xs text-ink-muted">{k}</dt>
          <dd className="break-words">{show(k, v, zone)}</dd>
        </div>
      ))}
    </dl>
  );
}

function show(name: string, value: unknown, zone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (fieldSpec('appointments', name)?.type === 'timestamp' && typeof value === 'number') return DateTime.fromSeconds(value, { zone }).toFormat('ccc d LLL yyyy HH:mm');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
