'use client';

import { buttonClass } from '@/components/ui/button';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button and its panel on the platform's popover: it opens and closes by the button, Escape
 * and a click elsewhere close it, it lies above everything, and the button says it is expanded —
 * no script shipped for any of that. The panel is placed under the button, its start or its end
 * edge aligned with the button's, and follows it while the page scrolls. Its content is mounted
 * only while open, as a closed menu has nothing to say to a screen reader or to the page's work.
 */
export function Popover({
  label,
  align = 'start',
  panelClassName = '',
  children,
}: {
  label: ReactNode;
  align?: 'start' | 'end';
  panelClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const box = panel.current!;
    const place = () => {
      const at = button.current!.getBoundingClientRect();
      // Below the button, or above it when the room below is short and above is more; never past
      // the window's edge (the panel scrolls within), as a fixed panel does not scroll with the page.
      const below = window.innerHeight - at.bottom - 12;
      const above = at.top - 12;
      const up = below < 240 && above > below;
      box.style.top = up ? 'auto' : `${at.bottom + 4}px`;
      box.style.bottom = up ? `${window.innerHeight - at.top + 4}px` : 'auto';
      box.style.maxHeight = `${Math.max(120, Math.min(up ? above : below, window.innerHeight * 0.7))}px`;
      if (align === 'end') box.style.right = `${Math.max(8, document.documentElement.clientWidth - at.right)}px`;
      else box.style.left = `${Math.max(8, at.left)}px`;
    };
    const onToggle = (event: Event) => {
      setOpen((event as ToggleEvent).newState === 'open');
      if ((event as ToggleEvent).newState === 'open') {
        place();
        window.addEventListener('scroll', place, true);
        window.addEventListener('resize', place);
      } else {
        // Closed from inside (Escape on a checkbox): focus goes back to the button, not the page's top.
        if (box.contains(document.activeElement)) button.current?.focus();
        window.removeEventListener('scroll', place, true);
        window.removeEventListener('resize', place);
      }
    };
    box.addEventListener('beforetoggle', onToggle);
    return () => {
      box.removeEventListener('beforetoggle', onToggle);
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [align]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={buttonClass()}
        popoverTarget={id}
        aria-expanded={open}
        aria-controls={id}
      >
        {label}
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        className={`fixed inset-auto m-0 max-h-[70vh] overflow-y-auto rounded-md border border-surface-line bg-surface text-sm text-ink shadow-lg ${panelClassName}`}
      >
        {open ? children : null}
      </div>
    </>
  );
}
