'use client';

import { buttonClass } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Fold } from './fold';

// A toolbar's less-used controls: on a phone behind one "Meer" button, so the toolbar is one row
// and the page's content starts in the top half; from md up the panel is no box of its own
// (display: contents), so they stand in the toolbar's row as before.

export function ToolbarMore({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  return (
    <Fold
      testId="toolbar-more"
      buttonClassName={buttonClass('default', 'md:hidden')}
      button={(open) => (
        <>
          {t('more')} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </>
      )}
      panelClassName={(open) => `${open ? 'flex' : 'hidden'} w-full flex-wrap items-center gap-2 md:contents`}
    >
      {children}
    </Fold>
  );
}
