import { countSeconds } from './count';
import { SUMS, type Sums } from './hours';
import { VersionTable, type ChainVersion } from './version-table';

// Onderwijstijd a week at a time (issue 48). An appointment belongs to the week it starts in (the
// portal's `start`/`end` filters select by start) and counts only inside its week, so the weeks'
// seconds add up to a period's. A week's figures are what the page needs of it and nothing more:
// per participant ten sums of seconds and the klas each student was seen in, never who took part
// in which lesson — which is what may be kept between visits (docs/onderwijstijd.md).

const WIDTH = SUMS.length;

/**
 * Each participant's seconds (in the order of SUMS) in one flat array, a row per code: a school's
 * week is a thousand rows, a year fifty weeks of them, and a row per object would be most of the
 * time a second visit takes.
 */
export class SumsTable {
  private index: Map<string, number> | null = null;

  constructor(
    readonly codes: readonly string[],
    readonly values: Float64Array,
  ) {}

  static from(map: ReadonlyMap<string, ArrayLike<number>>): SumsTable {
    const codes = [...map.keys()];
    const values = new Float64Array(codes.length * WIDTH);
    codes.forEach((c, i) => values.set(Array.from(map.get(c)!).slice(0, WIDTH), i * WIDTH));
    return new SumsTable(codes, values);
  }

  get size(): number {
    return this.codes.length;
  }

  private at(code: string): number | undefined {
    if (!this.index) this.index = new Map(this.codes.map((c, i) => [c, i]));
    return this.index.get(code);
  }

  has(code: string): boolean {
    return this.at(code) !== undefined;
  }

  /** A participant's seconds (a view, not a copy), or undefined. */
  get(code: string): Float64Array | undefined {
    const i = this.at(code);
    return i === undefined ? undefined : this.values.subarray(i * WIDTH, (i + 1) * WIDTH);
  }

  /** Every participant with their seconds as plain arrays (tests and the kept form). */
  toMap(): Map<string, Sums> {
    return new Map(this.codes.map((c, i) => [c, Array.from(this.values.subarray(i * WIDTH, (i + 1) * WIDTH))]));
  }
}

export interface WeekFigures {
  /** Per participant (a student's code, or `#4h1` for a klas under the groups rule) its seconds. */
  sums: SumsTable;
  /** Each klas's students seen in lessons given to the klas alone (none named: an empty set). */
  klassen: Map<string, Set<string>>;
  /** Versions read of the week (every version, deleted ones included). */
  versions: number;
  /** Versions of the week whose participants came from their groups (no `students` list). */
  viaGroups: number;
}

/** A period of Unix seconds [start, end). */
export interface Window {
  start: number;
  end: number;
}

/** Each klas's students by code, from the table's klassen by number. */
const byCode = (t: VersionTable, klassen: ReadonlyMap<number, ReadonlySet<number>>): Map<string, Set<string>> =>
  new Map(
    [...klassen].map(([g, students]) => [
      t.codes.groups.list[g]!,
      new Set([...students].map((s) => t.codes.students.list[s]!)),
    ]),
  );

/**
 * One week's figures inside `window`, from the table's versions `own` (the week's) and the versions
 * of the same chains read in other weeks (`others`: they say which version is a chain's first and
 * which its current one, and count nothing here). A version without a `students` list takes the
 * students of its klas seen this week, or the klas itself.
 */
export function weekFiguresOf(
  t: VersionTable,
  own: readonly number[],
  others: readonly ChainVersion[],
  window: Window,
  options: { now: number },
): WeekFigures {
  const klassen = t.klassen(own);
  const listed: number[] = [];
  for (const students of klassen.values()) for (const s of students) listed.push(s);
  const { codes, values, viaGroups } = countSeconds(t, own, others, {
    from: window.start,
    to: window.end,
    now: options.now,
    klassen,
    listed,
  });
  return { sums: new SumsTable(codes, values), klassen: byCode(t, klassen), versions: own.length, viaGroups };
}

/** The figures of several weeks added up: each participant's seconds, each klas's students. */
export function addWeeks(weeks: Iterable<WeekFigures>): WeekFigures {
  const index = new Map<string, number>();
  const codes: string[] = [];
  let values = new Float64Array(2048 * WIDTH);
  const klassen = new Map<string, Set<string>>();
  let versions = 0;
  let viaGroups = 0;
  for (const w of weeks) {
    const { codes: theirs, values: add } = w.sums;
    for (let i = 0; i < theirs.length; i++) {
      let at = index.get(theirs[i]!);
      if (at === undefined) {
        at = codes.length;
        index.set(theirs[i]!, at);
        codes.push(theirs[i]!);
        if ((at + 1) * WIDTH > values.length) {
          const grown = new Float64Array(values.length * 2);
          grown.set(values);
          values = grown;
        }
      }
      for (let k = 0; k < WIDTH; k++) values[at * WIDTH + k]! += add[i * WIDTH + k]!;
    }
    for (const [klas, students] of w.klassen) {
      const into = klassen.get(klas) ?? klassen.set(klas, new Set()).get(klas)!;
      for (const s of students) into.add(s);
    }
    versions += w.versions;
    viaGroups += w.viaGroups;
  }
  return { sums: new SumsTable(codes, values.slice(0, codes.length * WIDTH)), klassen, versions, viaGroups };
}

/**
 * A week's figures as kept between visits (JSON): the codes, their seconds row by row as 32-bit
 * whole numbers in base64 (a week's are under 605,000; a string parses at once, where a school's
 * twelve thousand numbers a week were most of a second visit's reading), students per klas.
 */
export interface KeptFigures {
  codes: string[];
  seconds: string;
  klassen: Record<string, string[]>;
  versions: number;
  viaGroups: number;
}

export const toKept = (w: WeekFigures): KeptFigures => ({
  codes: [...w.sums.codes],
  seconds: Buffer.from(new Int32Array(w.sums.values).buffer).toString('base64'),
  klassen: Object.fromEntries([...w.klassen].map(([k, s]) => [k, [...s]])),
  versions: w.versions,
  viaGroups: w.viaGroups,
});

const int32s = (base64: string) => {
  const bytes = Buffer.from(base64, 'base64');
  return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
};

export const fromKept = (k: KeptFigures): WeekFigures => ({
  sums: new SumsTable(k.codes, Float64Array.from(int32s(k.seconds))),
  klassen: new Map(Object.entries(k.klassen).map(([klas, s]) => [klas, new Set(s)])),
  versions: k.versions,
  viaGroups: k.viaGroups,
});
