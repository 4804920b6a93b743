import type { ResourceName } from './partner-api/catalog';

// The dashboard's sections. `needs` names the partner endpoints a section reads, so the
// navigation can be disabled, with the reason, for partners who lack them.

export interface NavItem {
  href: string;
  label: string;
  /** Grouping shown as "Staff › Contracts". */
  group?: string;
  needs: readonly (ResourceName | 'partners/~me')[];
}

export const navItems: readonly NavItem[] = [
  { href: '/rights', label: 'Rights', needs: ['partners/~me'] },
  { href: '/timetable', label: 'Timetable', needs: ['appointments'] },
  { href: '/staff/contracts', label: 'Contracts', group: 'Staff', needs: ['contracts'] },
  { href: '/staff/absences', label: 'Absences', group: 'Staff', needs: ['employeeabsences'] },
  { href: '/explore', label: 'Explorer', needs: [] },
];

/** The endpoints a section needs that the partner lacks (`partners/~me` every partner has). */
export function missingRights(item: NavItem, granted: readonly string[]): string[] {
  return item.needs.filter((n) => n !== 'partners/~me' && !granted.includes(n));
}

export function navLabel(item: NavItem): string {
  return item.group ? `${item.group} › ${item.label}` : item.label;
}
