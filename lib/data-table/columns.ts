import { fieldSpecIn, type EndpointSpecs, type FieldSpec } from '@/lib/partner-api/catalog-types';
import type { FilterKind } from '@/lib/data-table/table-state';

// Table columns for a resource's granted fields, from the catalogue: supported first, unsupported
// ones (and names the catalogue does not know) available but hidden until picked.

export interface FieldColumn {
  id: string;
  label: string;
  kind: FilterKind;
  fieldType?: FieldSpec['type'];
  unsupported: boolean;
  hiddenByDefault: boolean;
}

export function kindOf(spec: FieldSpec | undefined): FilterKind {
  if (!spec) return 'text';
  if (spec.type === 'boolean') return 'boolean';
  if (spec.type === 'date' || spec.type === 'timestamp') return 'date';
  if (spec.allowedValues) return 'enum';
  if (['long', 'integer', 'float', 'percentage'].includes(spec.type)) return 'number';
  return 'text';
}

export function fieldColumns(
  specs: EndpointSpecs,
  granted: readonly string[],
  skip: readonly string[] = [],
): FieldColumn[] {
  const columns = granted
    .filter((name) => !skip.includes(name))
    .map((name) => {
      const spec = fieldSpecIn(specs, name);
      const unsupported = spec ? !spec.supported : true;
      return {
        id: name,
        label: name,
        kind: kindOf(spec),
        fieldType: spec?.type,
        unsupported,
        hiddenByDefault: unsupported,
      };
    });
  return [...columns.filter((c) => !c.unsupported), ...columns.filter((c) => c.unsupported)];
}
