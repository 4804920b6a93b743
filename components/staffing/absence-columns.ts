import type { TableColumn, TableRow } from '@/components/data-table/types';
import { ownValue } from '@/lib/partner-api/records';
import type { FieldColumn } from '@/lib/data-table/columns';
import { nameColumn, type StaffT } from './columns';

// The absences table's columns: a module of its own so the contracts page does not ship them.

/** Absences: name, employee, start, end, duration, type, definitive, then the other granted fields. */
/** `absenceFields`: the granted fields as columns, made on the server (see `contractColumns`). */
export function absenceColumns(t: StaffT, absenceFields: readonly FieldColumn[]): TableColumn[] {
  return [
    nameColumn(t),
    { id: 'employee', label: t('columns.employee'), kind: 'text', value: (r) => r.employee },
    { id: 'start', label: t('columns.start'), kind: 'date', fieldType: 'timestamp', value: (r) => r.start },
    { id: 'end', label: t('columns.end'), kind: 'date', fieldType: 'timestamp', value: (r) => r.end },
    { id: 'absenceDuration', label: t('columns.duration'), kind: 'number', value: (r) => r.absenceDuration },
    { id: '_type', label: t('columns.type'), kind: 'enum', value: (r) => r._type },
    { id: 'definitive', label: t('columns.definitive'), kind: 'boolean', value: (r) => r.definitive },
    ...absenceFields
      .filter(
        (c) =>
          ![
            'employee',
            'start',
            'end',
            'absenceDuration',
            'definitive',
            'absenceTypeCode',
            'absenceType',
            'firstName',
            'prefix',
            'lastName',
          ].includes(c.id),
      )
      .map((c) => ({
        ...c,
        hiddenByDefault: c.id === 'id' || c.hiddenByDefault,
        value: (r: TableRow) => ownValue(r, c.id),
      })),
  ];
}
