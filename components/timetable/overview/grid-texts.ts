'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { MatrixItem } from '@/lib/timetable/overview/matrix';
import type { OverviewKind } from '@/lib/timetable/overview/view';
import { blockLabel } from '@/lib/timetable/labels';
import type { Words } from '@/lib/timetable/words';
import { useBlockWords } from '@/components/timetable/appointment-block';

/**
 * A changed part: the week grid's change colour, a shade darker so the small codes keep 4.5:1
 * contrast on every appointment colour.
 */
export const CHANGED_TEXT = 'font-bold text-[#9a3412] underline decoration-dotted';

export interface GridTexts {
  words: Words;
  kindOne: string;
  extra: string;
  extraLong: string;
  free: string;
  clash: string;
  added: string;
  /** After the row's code and name on its link: what the link does. */
  openWeek: string;
}

/** The grid's words in the interface's language, for a row kind. */
export function useGridTexts(kind: OverviewKind): GridTexts {
  const t = useTranslations('overview');
  const words = useBlockWords();
  return useMemo(
    () => ({
      words,
      kindOne: t(`one.${kind}`),
      extra: t('grid.extra'),
      extraLong: t('grid.extraLong'),
      free: t('grid.free'),
      clash: t('grid.clash'),
      added: t('grid.added'),
      openWeek: t('grid.openWeek'),
    }),
    [words, t, kind],
  );
}

/** What a screen reader hears for one item: the week grid's sentence, plus added and clash. */
export function itemLabel(item: MatrixItem, weekday: number, texts: GridTexts): string {
  let label = blockLabel(item.block, weekday, false, texts.words);
  if (item.codes.includes('added')) label += `, ${texts.added}`;
  if (item.clash) label += `, ${texts.clash}`;
  return label;
}
