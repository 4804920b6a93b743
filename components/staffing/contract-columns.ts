import type { TableColumn, TableRow } from '@/components/data-table/types';
import { ownValue } from '@/lib/partner-api/records';
import type { FieldColumn } from '@/lib/data-table/columns';
import type { Formats } from '@/lib/format/dates';
import { figureColumn, nameColumn, type StaffT } from './columns';

// The contracts table's columns: a module of its own so the absences page does not ship them.

/** The contract figures a team leader reads first, shown by default in this order after the name. */
const CONTRACT_FIRST = ['fteNet', 'lessonsToPlan', 'lessonsMax'] as const;

/** A contract field's name in the interface's language (the portal's name where it has none). */
const contractLabel = (t: StaffT, field: string) =>
  t.has(`contractFields.${field}` as never) ? t(`contractFields.${field}` as never) : field;

/**
 * Contracts: name, code, fte, lessons to plan, maximum, start, end, project, then the other granted
 * fields (in the column picker, by their Dutch names). Number and email stay in the picker.
 */
export function contractColumns(
  t: StaffT,
  /** The granted fields as columns, made on the server from the catalogue (`fieldColumns`), which the page does not ship. */
  contractFields: readonly FieldColumn[],
  projects: readonly { id: number; label: string }[],
  f?: Formats,
): TableColumn[] {
  const project = new Map(projects.map((p) => [p.id, p.label]));
  // Shown by columns of their own: the name (from its parts), the number and the email (the
  // employee's, else the contract's), so the picker does not list them twice under portal names.
  const own = [
    'employee',
    'start',
    'end',
    'schoolInSchoolYear',
    'firstName',
    'prefix',
    'lastName',
    'email',
    'employeeNumber',
  ];
  const fields = contractFields
    .filter((c) => !own.includes(c.id))
    .map((c): TableColumn => ({
      ...c,
      label: contractLabel(t, c.id),
      // Staff read names, not record ids: the id stays in the column picker.
      hiddenByDefault: c.id === 'id' || (c.hiddenByDefault && !(CONTRACT_FIRST as readonly string[]).includes(c.id)),
      value: (r: TableRow) => ownValue(r, c.id),
      // A figure (fte, lessons, hours) in the interface's number format; ids (long) as they are.
      ...(f && c.kind === 'number' && c.fieldType !== 'long' ? { render: figureColumn(c.id, c.label, f).render } : {}),
    }));
  const first = CONTRACT_FIRST.map((id) => fields.find((c) => c.id === id)).filter((c) => c !== undefined);
  return [
    nameColumn(t),
    { id: 'employee', label: t('columns.employee'), kind: 'text', value: (r) => r.employee },
    ...first,
    { id: 'start', label: t('columns.start'), kind: 'date', fieldType: 'date', value: (r) => r.start },
    { id: 'end', label: t('columns.end'), kind: 'date', fieldType: 'date', value: (r) => r.end },
    {
      id: 'schoolInSchoolYear',
      label: t('columns.project'),
      kind: 'enum',
      value: (r) => project.get(r.schoolInSchoolYear as number) ?? r.schoolInSchoolYear,
    },
    {
      id: '_employeeNumber',
      label: t('columns.employeeNumber'),
      kind: 'text',
      hiddenByDefault: true,
      value: (r) => r._employeeNumber,
    },
    { id: '_email', label: t('columns.email'), kind: 'text', hiddenByDefault: true, value: (r) => r._email },
    ...fields.filter((c) => !first.includes(c)),
  ];
}
