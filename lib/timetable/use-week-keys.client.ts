'use client';

import { useEffect, useRef } from 'react';

/** ← → change the week and T goes to this week, unless the person is typing or moving between blocks. */
export function useWeekKeys(actions: { previous: () => void; next: () => void; today: () => void }) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        target.closest('input, select, textarea, [role="dialog"], [data-appointment-id]')
      )
        return;
      if (event.key === 'ArrowLeft') latest.current.previous();
      else if (event.key === 'ArrowRight') latest.current.next();
      else if (event.key === 't' || event.key === 'T') latest.current.today();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
