import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { BOM, safeCell, toCsv } from './csv';

describe('CSV for Excel and LibreOffice', () => {
  it('defuses OWASP’s example and keeps real numbers', () => {
    expect(toCsv(['a'], [['=1+2";=1+2']], { bom: false })).toBe('a\r\n"\'=1+2"";\'=1+2"\r\n');
    expect(safeCell(-5)).toBe('-5');
    expect(safeCell('-5')).toBe("'-5");
    expect(safeCell('+31 6 1234')).toBe("'+31 6 1234");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\tx')).toBe("'\tx");
    expect(safeCell('\rx')).toBe("'\rx");
    expect(safeCell('a-b')).toBe('a-b');
  });

  it('starts with the UTF-8 BOM unless asked not to, and ends rows with CRLF', () => {
    const csv = toCsv(['naam'], [['Zoë'], ['Jan']]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1)).toBe('naam\r\nZoë\r\nJan\r\n');
  });

  it('quotes delimiters, quotes and newlines inside cells', () => {
    expect(
      toCsv(
        ['x', 'y'],
        [
          ['a;b', 'say "hi"'],
          ['line\nbreak', null],
        ],
        { delimiter: ';', bom: false },
      ),
    ).toBe('x;y\r\n"a;b";"say ""hi"""\r\n"line\nbreak";\r\n');
    expect(toCsv(['x', 'y'], [['a\tb', 1]], { delimiter: '\t', bom: false })).toBe('x\ty\r\n"a\tb"\t1\r\n');
  });
});

describe('a file read with the other delimiter', () => {
  const nasty = ['a;=1+1', 'a,=1+1', 'x\t@SUM(A1)', 'b;+31 6', 'c,-2', '=HYPERLINK("x")', 'plain; text, here'];
  for (const [written, readAs] of [
    [',', ';'],
    [';', ','],
    [',', '\t'],
    ['\t', ';'],
  ] as const) {
    it(`written with ${JSON.stringify(written)}, read with ${JSON.stringify(readAs)}: no cell starts a formula`, () => {
      const csv = toCsv(
        ['h'],
        nasty.map((n) => [n]),
        { delimiter: written, bom: false },
      );
      const cells = parse(csv, { delimiter: readAs, relax_quotes: true, relax_column_count: true }).flat() as string[];
      for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@]/);
      // Read with the delimiter it was written with, every cell comes back whole (guard aside).
      const back = parse(csv, { delimiter: written })
        .slice(1)
        .map((r: string[]) => r[0]!.replaceAll("'", ''));
      expect(back).toEqual(nasty.map((n) => n.replaceAll("'", '')));
    });
  }
});

describe('export parts', () => {
  it('cuts a range into ISO weeks in the school’s zone, trimmed at both ends', async () => {
    const { weekParts } = await import('./week-parts');
    const parts = weekParts('2026-11-18', '2026-12-01', 'Europe/Amsterdam');
    expect(parts.map((p) => p.label)).toEqual(['2026-W47', '2026-W48', '2026-W49']);
    expect(new Date(parts[0]!.start! * 1000).toISOString()).toBe('2026-11-17T23:00:00.000Z');
    expect(new Date(parts[2]!.end! * 1000).toISOString()).toBe('2026-12-01T23:00:00.000Z');
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.start).toBe(parts[i - 1]!.end);
  });
});
