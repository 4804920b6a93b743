import type { ResourceName } from '@/lib/partner-api/catalog';
import { readTypedRecord } from '@/lib/partner-api/field-read';
import type { RecordOf } from '@/lib/partner-api/records';
import { BODY_HEADER, META_HEADER, type ProxyList, type StreamMeta } from './contract';

// The browser's one reading of a proxied list: `{data, meta}` as the server made it, or the
// portal's envelope passed on as it arrived (`x-rooster-body: envelope`), reshaped here once the
// way the server reshapes its own reads (each record read leniently by the same readers, with the
// field types the server sends in the meta header; one unreadable record is
// counted, not fatal). An envelope that does not parse broke off on the way: that is an error,
// never a shorter table.

export class BrokenAnswer extends Error {
  constructor() {
    super('The answer broke off');
    this.name = 'BrokenAnswer';
  }
}

interface Envelope {
  response?: { data?: unknown };
}

export async function readListAnswer<R extends ResourceName>(
  resource: R,
  res: Response,
): Promise<ProxyList<RecordOf<R>>> {
  if (res.headers.get(BODY_HEADER) !== 'envelope') return (await res.json()) as ProxyList<RecordOf<R>>;
  let body: Envelope;
  try {
    body = JSON.parse(await res.text()) as Envelope;
  } catch {
    throw new BrokenAnswer();
  }
  const records = body.response?.data;
  if (!Array.isArray(records)) throw new BrokenAnswer();
  const meta = JSON.parse(res.headers.get(META_HEADER) ?? '{}') as Partial<StreamMeta>;
  // Read by the types the server names beside the answer (the catalogue's): no zod, no catalogue here.
  const types = meta.fieldTypes ?? {};
  const typeOf = (field: string) => types[field];
  const data: RecordOf<R>[] = [];
  for (const raw of records) {
    const row = readTypedRecord(raw, typeOf) as RecordOf<R> | undefined;
    if (row) data.push(row);
  }
  return {
    data,
    meta: {
      totalRows: data.length,
      upstreamRows: records.length,
      unreadable: records.length - data.length,
      durationMs: meta.durationMs ?? 0,
      request: meta.request ?? '',
      status: meta.status,
    },
  };
}
