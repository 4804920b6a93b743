// Columns for overlapping blocks: each takes the lowest column free at its start. Kept apart from
// the layout because a whole school's period is hundreds of columns and wants its own heaps.

/**
 * The keys' order as localeCompare has it. Keys of versions with an id are digits, which compare
 * as their characters do (no numeric collation): that plain comparison spares the collator.
 */
export function byKey(x: { key: string; id?: number | null }, y: { key: string; id?: number | null }): number {
  if (plainId(x.id) && plainId(y.id)) return x.key < y.key ? -1 : x.key > y.key ? 1 : 0;
  return x.key.localeCompare(y.key);
}

const plainId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;

/**
 * The columns of one run of overlapping units, placed in start order: each unit takes the lowest
 * column free at its start (whose last unit ended by then), else a new one. Columns still busy sit
 * in a heap by end, free ones in a heap by number: a whole school's period is hundreds of columns.
 */
export class Lanes {
  count = 0;
  private busyEnd: number[] = [];
  private busyColumn: number[] = [];
  private free: number[] = [];

  reset() {
    this.count = 0;
    this.busyEnd.length = 0;
    this.busyColumn.length = 0;
    this.free.length = 0;
  }

  place(start: number, end: number): number {
    while (this.busyEnd.length > 0 && this.busyEnd[0]! <= start) heapPush(this.free, this.popBusy(), null);
    const column = this.free.length > 0 ? heapPop(this.free, null) : this.count++;
    heapPush(this.busyEnd, end, this.busyColumn, column);
    return column;
  }

  private popBusy(): number {
    const column = this.busyColumn[0]!;
    heapPop(this.busyEnd, this.busyColumn);
    return column;
  }
}

/** A min-heap on `keys`, with `values` (when given) moved alongside. */
function heapPush(keys: number[], key: number, values: number[] | null, value = 0) {
  let i = keys.length;
  keys.push(key);
  values?.push(value);
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (keys[parent]! <= key) break;
    keys[i] = keys[parent]!;
    if (values) values[i] = values[parent]!;
    i = parent;
  }
  keys[i] = key;
  if (values) values[i] = value;
}

function heapPop(keys: number[], values: number[] | null): number {
  const top = keys[0]!;
  const lastKey = keys.pop()!;
  const lastValue = values?.pop() ?? 0;
  const n = keys.length;
  if (n > 0) {
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= lastKey) break;
      keys[i] = keys[child]!;
      if (values) values[i] = values[child]!;
      i = child;
    }
    keys[i] = lastKey;
    if (values) values[i] = lastValue;
  }
  return top;
}
