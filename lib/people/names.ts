// Dutch names: "Alisa de Bruijn" in lists, "Bruijn, Alisa de" where a sorted list reads better,
// and sorted by surname without its prefix (tussenvoegsel), so `de Bruijn` sorts under B.

export interface NameParts {
  firstName?: unknown;
  prefix?: unknown;
  lastName?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

// Prefixes a portal may leave inside lastName when it has no separate prefix field.
const PREFIX_IN_SURNAME = /^((?:van|von|de|der|den|het|'t|te|ter|ten|in|op|aan|bij|uit|la|le|du|des|d'|l')(?:\s+|$))+/i;

function parts(p: NameParts) {
  const last = text(p.lastName);
  let prefix = text(p.prefix);
  let surname = last;
  if (!prefix) {
    const inside = PREFIX_IN_SURNAME.exec(last)?.[0] ?? '';
    if (inside && inside.length < last.length) {
      prefix = inside.trim();
      surname = last.slice(inside.length).trim();
    }
  }
  return { first: text(p.firstName), prefix, surname };
}

/** "Alisa de Bruijn"; "" when the portal sends no name. */
export function displayName(p: NameParts): string {
  return [text(p.firstName), text(p.prefix), text(p.lastName)].filter(Boolean).join(' ');
}

/** "Bruijn, Alisa de"; "" when the portal sends no name. */
export function sortedName(p: NameParts): string {
  const { first, prefix, surname } = parts(p);
  const rest = [first, prefix].filter(Boolean).join(' ');
  return surname && rest ? `${surname}, ${rest}` : surname || rest;
}

/** What a name sorts by: surname without prefix, then first name, then prefix. */
export function nameSortKey(p: NameParts): string {
  const { first, prefix, surname } = parts(p);
  return [surname, first, prefix].join('\u0001');
}

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/**
 * Compares two sort keys (from nameSortKey) the Dutch way, accents and case aside: surname first,
 * then first name, then prefix, each part whole, so "Bos" comes before "Bosch" whatever the first
 * names (the collator ignores the separator, which would compare "BosZ…" with "BoschA…").
 */
export function compareSortKeys(a: string, b: string): number {
  return compareSortParts(sortParts(a), sortParts(b));
}

/** A sort key's parts, to compare many times (a sort of a school's people) without splitting each time. */
export const sortParts = (key: string) => key.split('\u0001');

/** compareSortKeys on keys split once (sortParts). */
export function compareSortParts(x: readonly string[], y: readonly string[]): number {
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const order = collator.compare(x[i] ?? '', y[i] ?? '');
    if (order !== 0) return order;
  }
  return 0;
}

export const compareNames = (a: NameParts, b: NameParts) => compareSortKeys(nameSortKey(a), nameSortKey(b));
