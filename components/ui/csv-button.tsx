'use client';

import { Button } from '@/components/ui/button';
import type { Cell } from '@/lib/csv/csv';
import { downloadCsv } from '@/lib/csv/download';

/** Saves a table the page shows as a CSV file (its rows as the server gave them, figures unrounded by the page). */
export function CsvButton({
  label,
  fileName,
  header,
  rows,
}: {
  label: string;
  fileName: string;
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
}) {
  return (
    <Button type="button" onClick={() => void downloadCsv(fileName, header, rows)} className="print:hidden">
      {label}
    </Button>
  );
}
