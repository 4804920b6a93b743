import 'server-only';

// The staffing figures, computed on the server from the portal's answers so the browser gets the
// table, not the school's week. Every read asks only for granted fields; what a figure needs and
// the rights lack is named in `meta.missing`, and the figure stays null. This module is the
// feature's public face; each page's reads live in a module of their own.

export { lessonsOf, teacherLoads, weekLoads } from './teacher-loads.server';
export { schoolGroups, staffingGroups } from './groups.server';
export { staffingAbsenceCosts } from './absence-costs.server';
