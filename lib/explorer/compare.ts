import { create } from 'jsondiffpatch';
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
  /** For two lists: the elements only the second has, and those only the first has (by content). */
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

const hasKey = (value: unknown) => value !== null && value !== undefined && value !== '';
const keyText = (value: unknown): string | null =>
  !hasKey(value) ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** JSON with object keys sorted, so equal content gives equal text whatever the key order. */
function contentOf(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The elements each list has that the other lacks, counted by content (so [a, a] → [a] removes one a). */
function listChange(before: unknown[], after: unknown[]): Pick<FieldChange, 'added' | 'removed'> {
  const left = new Map<string, number>();
  for (const v of before) left.set(contentOf(v), (left.get(contentOf(v)) ?? 0) + 1);
  const added: unknown[] = [];
  for (const v of after) {
    const n = left.get(contentOf(v)) ?? 0;
    if (n > 0) left.set(contentOf(v), n - 1);
    else added.push(v);
  }
  const removed = before.filter((v) => {
    const n = left.get(contentOf(v)) ?? 0;
    if (n === 0) return false;
    left.set(contentOf(v), n - 1);
    return true;
  });
  return { added, removed };
}

/** The fields two versions of one record differ in; an empty list when they are equal. */
export function fieldChanges(before: Rec, after: Rec): FieldChange[] {
  const delta = differ.diff(before, after) as Record<string, unknown> | undefined;
  if (!delta) return [];
  const order = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return order
    .filter((field) => Object.hasOwn(delta, field))
    .map((field) => {
      const change: FieldChange = { field, before: ownValue(before, field), after: ownValue(after, field) };
      return Array.isArray(change.before) && Array.isArray(change.after)
        ? { ...change, ...listChange(change.before, change.after) }
        : change;
    });
}

/** The difference from the first answer to the second, matched on `keyField` (null: by content only). */
export function compareAnswers(first: readonly Rec[], second: readonly Rec[], keyField: string | null): Comparison {
  const keyOf = (r: Rec) => (keyField ? keyText(ownValue(r, keyField)) : null);
  // Where a record waits for its partner: keyed ones by the key's type and value (1 and "1" differ),
  // the others by content.
  const slotOf = (r: Rec) => {
    const value = keyField ? ownValue(r, keyField) : undefined;
    return hasKey(value) ? `key:${typeof value}:${contentOf(value)}` : `content:${contentOf(r)}`;
  };
  const waiting = new Map<string, Rec[]>();
  let unkeyed = 0;
  for (const r of first) {
    if (keyOf(r) === null) unkeyed++;
    const slot = slotOf(r);
    waiting.set(slot, [...(waiting.get(slot) ?? []), r]);
  }
  const differences: RecordDiff[] = [];
  let same = 0;
  for (const after of second) {
    const key = keyOf(after);
    if (key === null) unkeyed++;
    const before = waiting.get(slotOf(after))?.shift();
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
    const left = waiting.get(slotOf(before));
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

/** The chosen key if the answer can have it, else the default for these fields. */
export const keyFieldFor = (chosen: string | null | undefined, fields: readonly string[]): string | null =>
  chosen === null ? null : chosen && fields.includes(chosen) ? chosen : defaultKeyField(fields);
