'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Delimiter } from '@/lib/csv/csv';
import { defaultDelimiter } from '@/lib/csv/download';
import { useCsvDownload } from '@/lib/csv/use-csv-download.client';
import type { CellFormat } from '@/lib/csv/format';
import { Dialog } from '@/components/ui/dialog';
import { tableCsv } from './table-csv';
import type { TableColumn, TableRow } from './types';

type Shown<T> = Record<'shown' | 'all', readonly T[]>;

export interface ExportName {
  endpoint: string;
  project: string;
}

export function exportFileName({ endpoint, project }: ExportName, date = new Date()): string {
  return `${endpoint}-${project}-${date.toISOString().slice(0, 10)}.csv`.replace(/[^\w.-]+/g, '-');
}

/** Rows and columns as shown or all, delimiter, BOM, human or raw values. */
export function ExportDialog({
  table,
  name,
  zone,
  onClose,
}: {
  /** The table's columns and rows, as shown (its order, filters and sort) and all of them. */
  table: { columns: Shown<TableColumn>; rows: Shown<TableRow> };
  name: ExportName;
  zone: string;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<'shown' | 'all'>('shown');
  const [columns, setColumns] = useState<'shown' | 'all'>('shown');
  const [delimiter, setDelimiter] = useState<Delimiter>(defaultDelimiter);
  const [bom, setBom] = useState(true);
  const [format, setFormat] = useState<CellFormat>('human');
  const t = useTranslations('table');
  const common = useTranslations('common');

  const csvFile = useCsvDownload();
  const run = async () => {
    const csv = tableCsv(table.columns[columns], table.rows[rows], format, zone, t);
    // Closed once the file is saved; a failure is said here, the choices kept.
    if (await csvFile.download(exportFileName(name), csv.header, csv.cells, { delimiter, bom })) onClose();
  };

  return (
    <Dialog title={t('export.title')} onClose={onClose} placement="center" closeButton={false}>
      <div className="mt-4 space-y-4">
        <Choice
          legend={t('export.rows')}
          value={rows}
          onChange={setRows}
          options={[
            ['shown', t('export.rowsShown')],
            ['all', t('export.rowsAll')],
          ]}
        />
        <Choice
          legend={t('export.columns')}
          value={columns}
          onChange={setColumns}
          options={[
            ['shown', t('export.columnsShown')],
            ['all', t('export.columnsAll')],
          ]}
        />
        <Choice
          legend={t('export.delimiter')}
          value={delimiter}
          onChange={setDelimiter}
          options={[
            [';', t('export.semicolon')],
            [',', t('export.comma')],
            ['\t', t('export.tab')],
          ]}
        />
        <Choice
          legend={t('export.values')}
          value={format}
          onChange={setFormat}
          options={[
            ['human', t('export.human')],
            ['raw', t('export.raw')],
          ]}
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} /> {t('export.bom')}
        </label>
        <p className="text-xs text-ink-muted">
          {t.rich('export.file', {
            name: exportFileName(name),
            file: (chunks) => <code className="font-mono">{chunks}</code>,
          })}
        </p>
        {csvFile.error ? (
          <p role="alert" className="text-state-danger">
            {csvFile.error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button variant="primary" onClick={() => void run()}>
            {t('export.download')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function Choice<T extends string>({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: T;
  onChange: (v: T) => void;
  options: [T, string][];
}) {
  return (
    <fieldset>
      <legend className="font-medium">{legend}</legend>
      {options.map(([v, label]) => (
        <label key={v} className="flex items-center gap-2">
          <input type="radio" checked={value === v} onChange={() => onChange(v)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
