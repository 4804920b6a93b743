import type { catalog, ResourceName } from './catalog';
import type { FieldType } from './catalog-types';

// Record types derived from the catalogue: the field names and value types the spec lists, as the
// lenient schemas hand them on (timestamps as Unix seconds, dates as ISO strings). Every field may be
// missing or null on the wire, and portals send fields the spec does not list yet, so those stay open.

type Fields<R extends ResourceName> = (typeof catalog)[R]['fields'][number];

/** A field name of a resource; a misspelt name in a typed field list fails to compile. */
export type FieldName<R extends ResourceName> = Fields<R>['name'];

/** The value a field of a spec type has after the boundary schemas have read it. */
export type ValueOf<T extends FieldType> = T extends 'long' | 'integer' | 'float' | 'percentage' | 'timestamp'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'string[]'
      ? string[]
      : T extends 'long[]'
        ? number[]
        : T extends 'json[]'
          ? unknown[]
          : T extends 'json'
            ? unknown
            : string;

export type RecordOf<R extends ResourceName> = {
  [F in Fields<R> as F['name']]?: ValueOf<F['type']> | null;
} & { readonly [extra: string]: unknown };

/**
 * A record read with `fields`: those fields typed as the catalogue has them, each possibly missing
 * or null (the reader drops fields the rights do not grant; real answers are messy). A field not
 * asked for, or misspelt, is not on the type, so reading it fails to compile.
 */
export type PickedRecord<R extends ResourceName, F extends FieldName<R>> = {
  readonly [K in F]?: ValueOf<Extract<Fields<R>, { name: K }>['type']> | null;
};

/** Checks a constant field list against the catalogue at compile time and keeps its literal type. */
export const fieldList = <R extends ResourceName, const F extends FieldName<R>>(
  _resource: R,
  fields: readonly F[],
): readonly F[] => fields;

/**
 * A record with every field the catalogue lists for the resource, each possibly missing or null,
 * and no others: what a pure module takes, so rows read with any field list fit and a misspelt
 * field fails to compile.
 */
export type CatalogRecord<R extends ResourceName> = PickedRecord<R, FieldName<R>>;

/**
 * A record's own value for a field name that came from outside (the rights, the portal): a field
 * named `constructor` or `toString` must read as absent, not as Object.prototype's function.
 */
export const ownValue = (record: Readonly<Record<string, unknown>>, field: string): unknown =>
  Object.hasOwn(record, field) ? record[field] : undefined;

/** A field the rights do not grant: which field of which endpoint to ask for. */
export interface MissingField {
  endpoint: string;
  field: string;
}
