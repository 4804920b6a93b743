'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { downloadCsv } from './download';

/**
 * `downloadCsv` with its failure said: the CSV writer is fetched when a file is asked for, and a
 * fetch that fails (offline, or the page older than a new deploy) would otherwise save nothing and
 * say nothing. `download` tells whether the file was saved.
 */
export function useCsvDownload() {
  const common = useTranslations('common');
  const [error, setError] = useState<string | null>(null);
  const download = async (...args: Parameters<typeof downloadCsv>): Promise<boolean> => {
    setError(null);
    try {
      await downloadCsv(...args);
      return true;
    } catch {
      setError(common('csvFailed'));
      return false;
    }
  };
  return { download, error };
}
