import { toCsv, type Cell, type CsvOptions } from './csv';

/** Saves a CSV in the browser. */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly Cell[])[], options?: CsvOptions): void {
  const blob = new Blob([toCsv(header, rows, options)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
