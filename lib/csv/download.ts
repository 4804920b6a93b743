import type { Cell, CsvOptions, Delimiter } from './csv';

/** Dutch Excel expects semicolons; others commas. */
export function defaultDelimiter(): Delimiter {
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('nl') ? ';' : ',';
}

/** Saves a file the page made or fetched. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Saves a CSV in the browser. The CSV writer (csv-stringify, and the Buffer polyfill it brings) is
 * fetched when a file is asked for, not with the page: it was a tenth of the timetable's first load.
 */
export async function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  options?: CsvOptions,
): Promise<void> {
  const { toCsv } = await import('./csv');
  downloadBlob(fileName, new Blob([toCsv(header, rows, options)], { type: 'text/csv;charset=utf-8' }));
}

/** The file name a server answer proposes, or a fallback. */
export function attachmentName(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}
