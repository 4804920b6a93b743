import { createTranslator } from 'next-intl';
import { catalog, resourceNames, type ResourceName } from '@/lib/partner-api/catalog';
import type { FieldSpec, FilterSpec } from '@/lib/partner-api/catalog-types';
import type { Partner } from '@/lib/partner-api/schemas';
import { messages } from '@/messages';
import { specNote } from './spec-notes';

// The partner's rights held against the catalogue: per endpoint, every field and extra filter
// with what the spec says and what the token may do, and what deserves a person's attention.
// Rooster's own words in the rows (notes, "not in the spec") come from `rights.compare` in the
// reader's language; the catalogue's notes are the specification's, in Dutch for a Dutch reader
// (spec-notes.ts), its titles as written.

/** Says a `rights.compare` message: `getTranslations('rights.compare')` on a page. */
export type CompareWords = (
  key: keyof (typeof messages)['en']['rights']['compare'],
  values?: Record<string, string | number>,
) => string;

const english: CompareWords = createTranslator({ locale: 'en', messages: messages.en, namespace: 'rights.compare' });

export type Attention = 'unsupported-granted' | 'supported-missing' | 'unknown-to-spec' | 'deprecated';

export interface RightsRow {
  kind: 'field' | 'filter';
  name: string;
  type: string;
  /** null: the spec does not know this name (the API is newer than the document). */
  supported: boolean | null;
  readable: boolean;
  /** The partner may filter on it (a filter row: may use it). */
  filterable: boolean;
  /** The spec says a request can filter on it. */
  specFilterable: boolean;
  notes: string;
  attention: Attention[];
}

export interface EndpointRightsView {
  endpoint: string;
  title: string;
  granted: boolean;
  partial: boolean;
  rows: RightsRow[];
  counts: {
    readable: number;
    supportedMissing: number;
    unsupportedGranted: number;
    unknown: number;
    deprecated: number;
  };
}

const PARAMS_EVERYONE_HAS = new Set(['fields', 'schoolInSchoolYear']);

function deprecation(spec: FieldSpec | FilterSpec, t: CompareWords): string | undefined {
  if (!('deprecated' in spec) || !spec.deprecated) return undefined;
  const d = spec.deprecated;
  return d.replacement ? t('useInstead', { kind: d.replacement.kind, name: d.replacement.name }) : t('doNotUse');
}

function notesOf(spec: FieldSpec, t: CompareWords, locale: string): string {
  const parts = [
    spec.notes ? specNote(spec.notes, locale) : undefined,
    spec.ref ? t('ref', { resource: spec.ref.resource, field: spec.ref.field }) : undefined,
    spec.allowedValues ? t('values', { values: spec.allowedValues.join(', ') }) : undefined,
    deprecation(spec, t),
  ];
  return parts.filter(Boolean).join('; ');
}

function viewOf(
  name: ResourceName,
  rights: Partner['endpoints'][number] | undefined,
  t: CompareWords,
  locale: string,
): EndpointRightsView {
  const spec = catalog[name];
  const read = new Set(rights?.readFields ?? []);
  const filter = new Set(rights?.filterFields ?? []);
  const granted = Boolean(rights);
  const rows: RightsRow[] = [];
  for (const field of spec.fields as readonly FieldSpec[]) {
    const readable = read.has(field.name);
    const filterable = filter.has(field.name);
    const attention: Attention[] = [];
    if (granted && !field.supported && (readable || filterable)) attention.push('unsupported-granted');
    if (granted && field.supported && !readable) attention.push('supported-missing');
    if ((readable || filterable) && field.deprecated) attention.push('deprecated');
    rows.push({
      kind: 'field',
      name: field.name,
      type: field.typeShown ? field.type : t('typeNotShown', { type: field.type }),
      supported: field.supported,
      readable,
      filterable,
      specFilterable: field.filterable,
      notes: notesOf(field, t, locale),
      attention,
    });
  }
  for (const f of spec.filters as readonly FilterSpec[]) {
    const usable = filter.has(f.name) || (granted && PARAMS_EVERYONE_HAS.has(f.name));
    const attention: Attention[] = [];
    if (granted && !f.supported && usable) attention.push('unsupported-granted');
    if (granted && f.supported && !usable) attention.push('supported-missing');
    rows.push({
      kind: 'filter',
      name: f.name,
      type: f.type,
      supported: f.supported,
      readable: false,
      filterable: usable,
      specFilterable: true,
      notes: [
        f.meaning ? specNote(f.meaning, locale) : undefined,
        f.ref ? t('ref', { resource: f.ref.resource, field: f.ref.field }) : undefined,
      ]
        .filter(Boolean)
        .join('; '),
      attention,
    });
  }
  const known = new Set(rows.map((r) => r.name));
  for (const unknown of new Set([...read, ...filter].filter((n) => !known.has(n)))) {
    rows.push({
      kind: read.has(unknown) ? 'field' : 'filter',
      name: unknown,
      type: t('notInSpec'),
      supported: null,
      readable: read.has(unknown),
      filterable: filter.has(unknown),
      specFilterable: false,
      notes: t('unknownField'),
      attention: ['unknown-to-spec'],
    });
  }
  return { endpoint: name, title: spec.title, granted, partial: spec.partial, rows, counts: count(rows) };
}

function count(rows: RightsRow[]): EndpointRightsView['counts'] {
  const has = (a: Attention) => rows.filter((r) => r.attention.includes(a)).length;
  return {
    readable: rows.filter((r) => r.readable).length,
    supportedMissing: has('supported-missing'),
    unsupportedGranted: has('unsupported-granted'),
    unknown: has('unknown-to-spec'),
    deprecated: has('deprecated'),
  };
}

/**
 * Every catalogue endpoint, then liveschedule, then granted endpoints the catalogue does not know.
 * Rooster's own words in `t`'s language (English without).
 */
export function compareRights(partner: Partner, t: CompareWords = english, locale = 'en'): EndpointRightsView[] {
  const byName = new Map(partner.endpoints.map((e) => [e.endpoint, e]));
  const views = resourceNames.map((name) => viewOf(name, byName.get(name), t, locale));
  const live = byName.get('liveschedule');
  views.push({
    endpoint: 'liveschedule',
    title: t('liveTitle'),
    granted: Boolean(live),
    partial: true,
    rows: [...(live?.readFields ?? [])].map((name) => ({
      kind: 'field' as const,
      name,
      type: t('notShown'),
      supported: null,
      readable: true,
      filterable: false,
      specFilterable: false,
      notes: t('liveNote'),
      attention: [],
    })),
    counts: {
      readable: live?.readFields.length ?? 0,
      supportedMissing: 0,
      unsupportedGranted: 0,
      unknown: 0,
      deprecated: 0,
    },
  });
  for (const [name, rights] of byName) {
    if (name === 'liveschedule' || (resourceNames as string[]).includes(name)) continue;
    const rows = [
      ...rights.readFields.map((f) => ({ f, kind: 'field' as const })),
      ...rights.filterFields.map((f) => ({ f, kind: 'filter' as const })),
    ].map(({ f, kind }) => ({
      kind,
      name: f,
      type: t('notInSpec'),
      supported: null,
      readable: kind === 'field',
      filterable: kind === 'filter',
      specFilterable: false,
      notes: t('unknownEndpoint'),
      attention: ['unknown-to-spec' as const],
    }));
    views.push({
      endpoint: name,
      title: t('unknownEndpointTitle'),
      granted: true,
      partial: true,
      rows,
      counts: count(rows),
    });
  }
  return views;
}

export interface TokenStatus {
  masked: string | null;
  /** The token's creation day, ISO (`2026-11-26`; the schema reads the portal's day-month-year). */
  created: string | null;
  /** Its expiry day, ISO. Shown through the one date format (`Formats.date`), never as it came. */
  expires: string | null;
  daysLeft: number | null;
  level: 'ok' | 'warning' | 'expired' | 'unknown';
}

/** Days until the token expires: a warning under 30, an error once expired. */
export function tokenStatus(partner: Partner, now = Date.now()): TokenStatus {
  const t = partner.token;
  const expiresAt =
    t?.expires != null ? t.expires * 1000 : t?.expirationDate ? Date.parse(`${t.expirationDate}T23:59:59Z`) : null;
  const daysLeft = expiresAt === null ? null : Math.floor((expiresAt - now) / 86_400_000);
  const level = daysLeft === null ? 'unknown' : expiresAt! <= now ? 'expired' : daysLeft < 30 ? 'warning' : 'ok';
  return {
    masked: t?.token ?? null,
    created: t?.creationDate ?? null,
    expires: t?.expirationDate ?? null,
    daysLeft,
    level,
  };
}
