'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const PLACEMENT = {
  /** A panel along the right edge, full height: details beside the page they belong to. */
  side: 'm-0 ml-auto h-full max-h-none w-full max-w-lg overflow-y-auto p-6',
  /** A small box in the middle: a few choices before an action. */
  center: 'w-full max-w-md rounded-lg p-6 text-sm',
} as const;

/**
 * A modal dialog on the platform's <dialog>: focus moves in and is kept there, Escape closes,
 * the page behind is inert, and focus returns where it was. No script to ship for any of it.
 * Mounted means open; `onClose` follows every way it closes (Escape, the close button). Rendered
 * at the end of <body>, so no container's spacing or type size reaches it (a `space-y-*` parent
 * pushed it 12 px down).
 */
export function Dialog({
  title,
  onClose,
  placement = 'side',
  closeButton = true,
  children,
}: {
  title: string;
  onClose: () => void;
  placement?: keyof typeof PLACEMENT;
  /** A close button beside the title (a dialog with its own Cancel leaves it out). */
  closeButton?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`${PLACEMENT[placement]} bg-surface text-ink shadow-xl backdrop:bg-black/30`}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {closeButton ? <Button onClick={() => ref.current?.close()}>{t('close')}</Button> : null}
      </div>
      {children}
    </dialog>,
    document.body,
  );
}
