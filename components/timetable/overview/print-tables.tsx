'use client';

import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useFormats } from '@/lib/format/use-formats.client';
import type { MatrixRow, OverviewMatrix } from '@/lib/timetable/overview/matrix';
import { dayName } from '@/lib/timetable/words';
import type { GridTexts } from './grid-texts';

// Paper: plain tables (their header rows repeat on every sheet), landscape, a week or each day on
// its own sheet. Rendered only while printing, so the screen keeps its virtual rows.

/** True while the page is being printed (the print dialog, or print media emulated). */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia('print');
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(media.matches);
    const change = () => setPrinting(media.matches);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    media.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media.removeEventListener('change', change);
    };
  }, []);
  return printing;
}

export function PrintTables({
  matrix,
  rows,
  indexes,
  perDay,
  heading,
  texts,
  names,
}: {
  matrix: OverviewMatrix;
  rows: readonly MatrixRow[];
  indexes: number[];
  perDay: boolean;
  heading: string;
  texts: GridTexts;
  names: ReadonlyMap<string, { name: string }> | undefined;
}) {
  const formats = useFormats();
  const sheets: number[][] = [];
  for (const i of indexes) {
    const last = sheets.at(-1);
    if (perDay && last && matrix.columns[last[0]!]!.day !== matrix.columns[i]!.day) sheets.push([i]);
    else if (last) last.push(i);
    else sheets.push([i]);
  }
  return (
    <div className="overview-print hidden print:block" data-testid="overview-print">
      {sheets.map((sheet, s) => {
        const days: { date: string; weekday: number; span: number }[] = [];
        for (const i of sheet) {
          const c = matrix.columns[i]!;
          const last = days.at(-1);
          if (last && last.date === c.date) last.span++;
          else days.push({ date: c.date, weekday: c.weekday, span: 1 });
        }
        return (
          <table key={s} className="overview-print-sheet">
            <caption>{perDay ? `${heading} · ${formats.longDate(days[0]!.date)}` : heading}</caption>
            <thead>
              <tr>
                <th rowSpan={2} scope="col">
                  {texts.kindOne}
                </th>
                {days.map((d) => (
                  <th key={d.date} colSpan={d.span} scope="colgroup" className="day-start">
                    {dayName(d.weekday, texts.words.locale)} {formats.dayMonth(d.date)}
                  </th>
                ))}
              </tr>
              <tr>
                {sheet.map((i, n) => {
                  const c = matrix.columns[i]!;
                  const start = n === 0 || matrix.columns[sheet[n - 1]!]!.day !== c.day;
                  return (
                    <th key={c.key} scope="col" className={start ? 'day-start' : undefined}>
                      {c.period ?? texts.extra}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const name = names?.get(row.code)?.name;
                return (
                  <tr key={row.code}>
                    <th scope="row">
                      {row.code}
                      {name && name !== row.code ? <small> {name}</small> : null}
                    </th>
                    {sheet.map((i, n) => {
                      const start = n === 0 || matrix.columns[sheet[n - 1]!]!.day !== matrix.columns[i]!.day;
                      return (
                        <td key={i} className={start ? 'day-start' : undefined}>
                          {row.cells[i]?.map((item, k) => (
                            <div
                              key={k}
                              className="print-item"
                              data-cancelled={item.codes.includes('cancelled') || undefined}
                              data-changed={item.codes.length > 0 || undefined}
                              data-clash={item.clash || undefined}
                            >
                              {item.clash ? '! ' : ''}
                              {item.lines.map((l) => l.text).join(' ')}
                            </div>
                          ))}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
