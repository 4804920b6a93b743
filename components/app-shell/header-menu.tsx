'use client';

import { buttonClass } from '@/components/ui/button';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Fold } from '@/components/ui/fold';

// On a phone the navigation, the connection and the language fold behind one "Menu" button, so a
// page's own content (a grid, a list) starts near the top; from md up they stand in the header as
// before. A new page closes the menu (the fold starts afresh per path).

export function HeaderMenu({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const t = useTranslations('common.nav');
  return (
    <Fold
      key={pathname}
      testId="menu-button"
      buttonClassName={buttonClass('default', 'menu-item ml-auto md:hidden')}
      button={(open) => (
        <>
          <span aria-hidden="true">{open ? '✕' : '☰'}</span> {t('menu')}
        </>
      )}
      panelClassName={(open) =>
        `${open ? 'flex' : 'hidden'} w-full flex-col gap-3 md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center md:gap-x-6 md:gap-y-2`
      }
    >
      {children}
    </Fold>
  );
}
