'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { absenceTypeLabel } from './absence-types';

/** "Ziek (ZIEK)" in the interface's language: one label for every page that names an absence type. */
export function useAbsenceTypeName() {
  const t = useTranslations('staffing');
  return useCallback(
    (a: { typeCode?: string | null; type?: number | null }) =>
      absenceTypeLabel(a.typeCode, a.type, {
        known: (code) => t(`absenceTypes.${code}`),
        number: (n) => t('absences.typeNumber', { number: n }),
        unknown: t('absences.unknownType'),
      }),
    [t],
  );
}
