import type { Appointment } from '@/lib/timetable/appointment';
import type { DayColumn, Period, PlacedBlock, WeekLayout } from '@/lib/timetable/layout';
import { clashesAmong, codesOf } from './clashes';
import { changeCodes, type ChangeCode } from './codes';
import type { OverviewKind } from './view';

// The overview matrix: one row per teacher, group or room, one column per period of each day
// (u1…u9, and an extra column on a day that has something outside every period). Built from the
// week laid out once (lib/timetable/layout.ts), so days, periods and wall-clock minutes are the
// week grid's own.

export interface MatrixColumn {
  /** `<date>|<period name>`, or `<date>|` for the day's column of things outside every period. */
  key: string;
  /** Index into the matrix's days. */
  day: number;
  weekday: number;
  date: string;
  /** The period's name; null for the day's extra column. */
  period: string | null;
  /** The period's usual times, minutes after midnight (the extra column: the whole day). */
  start: number;
  end: number;
}

export interface CodeLine {
  text: string;
  /** This part changed (the week grid's changed line). */
  changed: boolean;
}

export interface MatrixItem {
  appointment: Appointment;
  block: PlacedBlock;
  /** The compact codes that matter for the row kind, one line each. */
  lines: CodeLine[];
  codes: ChangeCode[];
  /** In this row, at the same time as another valid, not cancelled appointment. */
  clash: boolean;
  /** Carried on from the previous column (an appointment over several periods). */
  continued: boolean;
}

export interface MatrixRow {
  code: string;
  /** Items by column index; undefined where the cell is empty. */
  cells: (MatrixItem[] | undefined)[];
  /** Distinct appointments in the row. */
  count: number;
  /** Some item is cancelled, changed or added. */
  changed: boolean;
  /** Appointments of the row that clash with another. */
  clashes: number;
}

export interface OverviewMatrix {
  kind: OverviewKind;
  days: DayColumn[];
  periods: Period[];
  columns: MatrixColumn[];
  rows: MatrixRow[];
}

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });
export const compareCodes = (x: string, y: string) => collator.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0);

function short(codes: string[], max: number): string {
  return codes.length > max ? `${codes.slice(0, max).join(' ')}+${codes.length - max}` : codes.join(' ');
}

/** For a teacher: group and room; for a group: subject and teacher; for a room: group and teacher. */
export function codeLines(a: Appointment, kind: OverviewKind, title: (a: Appointment) => string): CodeLine[] {
  const lines: CodeLine[] = [];
  const add = (codes: string[], changed: boolean, max = 2) => {
    if (codes.length > 0) lines.push({ text: short(codes, max), changed });
  };
  if (kind === 'teacher') {
    add(a.groups, a.groupChanged);
    add(a.locations, a.locationChanged);
  } else if (kind === 'group') {
    add(a.subjects, false);
    add(a.teachers, a.teacherChanged);
  } else {
    add(a.groups, a.groupChanged);
    add(a.teachers, a.teacherChanged);
  }
  if (kind === 'group' && a.subjects.length === 0) lines.unshift({ text: title(a), changed: false });
  else if (lines.length === 0) lines.push({ text: title(a), changed: false });
  return lines;
}

/** The columns of a laid-out week: each day's periods, and an extra one where a day needs it. */
function columnsOf(layout: WeekLayout, blocks: readonly PlacedBlock[]) {
  const periodIndex = new Map(layout.periods.map((p, i) => [p.name, i]));
  const placeOf = (b: PlacedBlock): number[] | null => {
    const a = b.appointment;
    const s = a.startSlotName === null ? undefined : periodIndex.get(a.startSlotName);
    if (s !== undefined) {
      const e = a.endSlotName === null ? undefined : periodIndex.get(a.endSlotName);
      const last = e !== undefined && e >= s ? e : s;
      return Array.from({ length: last - s + 1 }, (_, i) => s + i);
    }
    const overlapping: number[] = [];
    layout.periods.forEach((p, i) => {
      if (p.start < b.endMinute && p.end > b.startMinute) overlapping.push(i);
    });
    return overlapping.length > 0 ? overlapping : null;
  };
  const places = blocks.map(placeOf);
  const needsExtra = new Set(blocks.filter((_, i) => places[i] === null).map((b) => b.day));
  const columns: MatrixColumn[] = [];
  const index: number[][] = [];
  const extra: number[] = [];
  layout.days.forEach((d, day) => {
    index[day] = layout.periods.map((p) => {
      columns.push({
        key: `${d.date}|${p.name}`,
        day,
        weekday: d.weekday,
        date: d.date,
        period: p.name,
        start: p.start,
        end: p.end,
      });
      return columns.length - 1;
    });
    if (needsExtra.has(day)) {
      columns.push({ key: `${d.date}|`, day, weekday: d.weekday, date: d.date, period: null, start: 0, end: 24 * 60 });
      extra[day] = columns.length - 1;
    }
  });
  const columnsOfBlock = (i: number) => {
    const b = blocks[i]!;
    const place = places[i];
    return place ? place.map((p) => index[b.day]![p]!) : [extra[b.day]!];
  };
  return { columns, columnsOfBlock };
}

/**
 * The matrix of the shown appointments (valid versions; cancelled ones included and coded).
 * `layout` is `layoutWeek(shown, …)`; `extraRows` are codes known otherwise (rooms of the week
 * without a lesson left in it), shown as empty rows.
 */
export function buildMatrix(
  layout: WeekLayout,
  kind: OverviewKind,
  title: (a: Appointment) => string,
  extraRows: Iterable<string> = [],
): OverviewMatrix {
  const { columns, columnsOfBlock } = columnsOf(layout, layout.blocks);
  const width = columns.length;
  const byCode = new Map<string, { row: MatrixRow; blocks: PlacedBlock[] }>();
  const rowOf = (code: string) => {
    let entry = byCode.get(code);
    if (!entry) {
      entry = { row: { code, cells: new Array(width), count: 0, changed: false, clashes: 0 }, blocks: [] };
      byCode.set(code, entry);
    }
    return entry;
  };
  for (const code of extraRows) if (code) rowOf(code);

  layout.blocks.forEach((b, i) => {
    const a = b.appointment;
    const codes = codesOf(a, kind);
    if (codes.length === 0) return;
    const lines = codeLines(a, kind, title);
    const change = changeCodes(a);
    const cols = columnsOfBlock(i);
    for (const code of codes) {
      const { row, blocks } = rowOf(code);
      blocks.push(b);
      row.count++;
      if (change.length > 0) row.changed = true;
      cols.forEach((c, n) => {
        const item: MatrixItem = { appointment: a, block: b, lines, codes: change, clash: false, continued: n > 0 };
        (row.cells[c] ??= []).push(item);
      });
    }
  });

  for (const { row, blocks } of byCode.values()) {
    const clashing = clashesAmong(blocks.map((b) => b.appointment));
    if (clashing.size === 0) continue;
    row.clashes = clashing.size;
    for (const cell of row.cells) if (cell) for (const item of cell) item.clash = clashing.has(item.appointment.key);
  }
  const rows = [...byCode.values()].map((e) => e.row).sort((x, y) => compareCodes(x.code, y.code));
  return { kind, days: layout.days, periods: layout.periods, columns, rows };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The rows a search and the "only rows with changes" choice leave. */
export function filterRows(
  rows: readonly MatrixRow[],
  query: string,
  changesOnly: boolean,
  nameOf: (code: string) => string | undefined,
): MatrixRow[] {
  const q = fold(query.trim());
  return rows.filter((r) => {
    if (changesOnly && !r.changed) return false;
    if (!q) return true;
    return fold(r.code).includes(q) || fold(nameOf(r.code) ?? '').includes(q);
  });
}

/** Rooms with nothing but cancelled lessons in a column: free (a location matrix's rows). */
export function freeRooms(matrix: OverviewMatrix, column: number): string[] {
  if (matrix.kind !== 'location' || column < 0) return [];
  return matrix.rows
    .filter((r) => (r.cells[column] ?? []).every((item) => item.appointment.cancelled))
    .map((r) => r.code);
}

/** The column of a weekday and period, or -1. */
export function columnAt(matrix: OverviewMatrix, weekday: number, period: string): number {
  return matrix.columns.findIndex((c) => c.weekday === weekday && c.period === period);
}
