import { create, type ArrayDelta, type Delta } from 'jsondiffpatch';
import { ownValue } from '@/lib/partner-api/records';

// Two answers of one request compared record by record: records are matched by a key field (`id`
// by default) and the matched pairs diffed field by field with jsondiffpatch. Records without a key
// (a null or missing id, as real portals send) are never dropped: they are compared by their whole
// content, so an unchanged one counts as equal and any other shows as added or removed.

type Rec = Readonly<Record<string, unknown>>;

export type DiffKind = 'added' | 'removed' | 'changed';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** For list fields: the elements only the second answer has, and those only the first has. */
  added?: unknown[];
  removed?: unknown[];
}

export interface RecordDiff {
  kind: DiffKind;
  /** The record's key as text; null for records without one. */
  key: string | null;
  /** The record as the first answer has it (absent for added records). */
  before?: Rec;
  /** The record as the second answer has it (absent for removed records). */
  after?: Rec;
  /** Changed fields, in the order of the record's fields. */
  changes: FieldChange[];
}

export interface Comparison {
  differences: RecordDiff[];
  counts: Record<DiffKind | 'same', number>;
  /** Records of either answer that had no value in the key field. */
  unkeyed: number;
}

const differ = create({ arrays: { detectMove: false } });

const keyText = (value: unknown): string | null =>
  value === null || value === undefined || value === ''
    ? null
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** JSON with object keys sorted, so equal content gives equal text whatever the key order. */
function contentOf(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function listChange(delta: ArrayDelta): Pick<FieldChange, 'added' | 'removed'> {
  const added: unknown[] = [];
  const removed: unknown[] = [];
  for (const [index, d] of Object.entries(delta)) {
    if (index === '_t' || !Array.isArray(d)) continue;
    if (index.startsWith('_') && d.length === 3 && d[2] === 0) removed.push(d[0]);
    else if (!index.startsWith('_') && d.length === 1) added.push(d[0]);
    else if (!index.startsWith('_') && d.length === 2) {
      removed.push(d[0]);
      added.push(d[1]);
    }
  }
  return { added, removed };
}

/** The fields two versions of one record differ in; an empty list when they are equal. */
export function fieldChanges(before: Rec, after: Rec): FieldChange[] {
  const delta = differ.diff(before, after) as Record<string, Delta> | undefined;
  if (!delta) return [];
  const order = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return order
    .filter((field) => Object.hasOwn(delta, field))
    .map((field) => {
      const d = delta[field];
      const change: FieldChange = { field, before: ownValue(before, field), after: ownValue(after, field) };
      const isList = d && !Array.isArray(d) && (d as ArrayDelta)._t === 'a';
      return isList ? { ...change, ...listChange(d as ArrayDelta) } : change;
    });
}

/** The difference from the first answer to the second, matched on `keyField` (null: by content only). */
export function compareAnswers(first: readonly Rec[], second: readonly Rec[], keyField: string | null): Comparison {
  const keyOf = (r: Rec) => (keyField ? keyText(ownValue(r, keyField)) : null);
  const waiting = new Map<string, Rec[]>();
  let unkeyed = 0;
  for (const r of first) {
    const k = keyOf(r) ?? `content:${contentOf(r)}`;
    if (keyOf(r) === null) unkeyed++;
    waiting.set(k, [...(waiting.get(k) ?? []), r]);
  }
  const differences: RecordDiff[] = [];
  let same = 0;
  for (const after of second) {
    const key = keyOf(after);
    if (key === null) unkeyed++;
    const slot = key ?? `content:${contentOf(after)}`;
    const before = waiting.get(slot)?.shift();
    if (!before) {
      differences.push({ kind: 'added', key, after, changes: [] });
      continue;
    }
    const changes = fieldChanges(before, after);
    if (changes.length === 0) same++;
    else differences.push({ kind: 'changed', key, before, after, changes });
  }
  // What the second answer did not take, in the first answer's order.
  for (const before of first) {
    const slot = keyOf(before) ?? `content:${contentOf(before)}`;
    const left = waiting.get(slot);
    if (left?.[0] === before) {
      left.shift();
      differences.push({ kind: 'removed', key: keyOf(before), before, changes: [] });
    }
  }
  const count = (kind: DiffKind) => differences.filter((d) => d.kind === kind).length;
  return {
    differences,
    counts: { added: count('added'), removed: count('removed'), changed: count('changed'), same },
    unkeyed,
  };
}

/** The field to match records on: `id` when asked for, else the first asked-for field named like a key. */
export function defaultKeyField(fields: readonly string[]): string | null {
  if (fields.includes('id')) return 'id';
  return fields.find((f) => /(^|[a-z])(Id|Instance|code)$/.test(f)) ?? null;
}
