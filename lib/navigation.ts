import type { ResourceName } from './partner-api/catalog';

// The dashboard's sections. `needs` names the partner endpoints a section reads, so the
// navigation can be disabled, with the reason, for partners who lack them.

export interface NavItem {
  href: string;
  /** Its name in messages `common.nav`. */
  label:
    | 'rights'
    | 'timetable'
    | 'overview'
    | 'changes'
    | 'cover'
    | 'contracts'
    | 'absences'
    | 'load'
    | 'groups'
    | 'onderwijstijd'
    | 'explore';
  /** Grouping shown as "Personeel › Dienstverbanden". */
  group?: 'staff';
  needs: readonly (ResourceName | 'partners/~me')[];
}

export const navItems: readonly NavItem[] = [
  { href: '/timetable', label: 'timetable', needs: ['appointments'] },
  { href: '/timetable/overview', label: 'overview', needs: ['appointments'] },
  { href: '/changes', label: 'changes', needs: ['appointments'] },
  { href: '/cover', label: 'cover', needs: ['appointments', 'employeeabsences'] },
  { href: '/staffing/absences', label: 'absences', group: 'staff', needs: ['employeeabsences'] },
  { href: '/staffing/contracts', label: 'contracts', group: 'staff', needs: ['contracts'] },
  { href: '/staffing/load', label: 'load', group: 'staff', needs: ['contracts', 'appointments'] },
  { href: '/staffing/groups', label: 'groups', group: 'staff', needs: ['choosableindepartments', 'courses'] },
  { href: '/onderwijstijd', label: 'onderwijstijd', needs: ['appointments'] },
  { href: '/rights', label: 'rights', needs: ['partners/~me'] },
  { href: '/explorer', label: 'explore', needs: [] },
];

/** The endpoints a section needs that the partner lacks (`partners/~me` every partner has). */
export function missingRights(item: NavItem, granted: readonly string[]): string[] {
  return item.needs.filter((n) => n !== 'partners/~me' && !granted.includes(n));
}

/** The section a path is in: the longest href that is the path or a folder of it. */
export function currentItem(pathname: string): NavItem | undefined {
  return navItems
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
}

/** "Personeel › Dienstverbanden": `t` is `useTranslations('common.nav')` or its server twin. */
export function navLabel(item: NavItem, t: (key: NavItem['label'] | 'staff') => string): string {
  return item.group ? `${t(item.group)} › ${t(item.label)}` : t(item.label);
}
