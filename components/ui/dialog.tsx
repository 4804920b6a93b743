'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal side panel on the platform's <dialog>: focus moves in and is kept there, Escape closes,
 * the page behind is inert, and focus returns where it was. No script to ship for any of it.
 */
export function SidePanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const t = useTranslations('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-0 ml-auto h-full max-h-none w-full max-w-lg overflow-y-auto bg-surface p-6 text-ink shadow-xl backdrop:bg-black/30"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" className="btn" onClick={() => ref.current?.close()}>
          {t('close')}
        </button>
      </div>
      {children}
    </dialog>
  );
}
