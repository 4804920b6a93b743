'use client';

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  name: string;
  panel: ReactNode;
  /** Once opened, kept mounted (hidden) while another tab shows, so its state survives a look elsewhere. */
  keepMounted?: boolean;
}

/**
 * Tabs as the WAI-ARIA pattern has them: one tab stop, arrow keys (and Home/End) move and select,
 * each panel labelled by its tab. A panel is mounted when first opened (and, unless kept, only while
 * selected), so its work — a read, a generator, the code it loads — starts when it is opened.
 */
export function Tabs({ label, tabs, defaultIndex = 0 }: { label: string; tabs: TabSpec[]; defaultIndex?: number }) {
  const id = useId();
  const [selected, setSelected] = useState(Math.min(defaultIndex, tabs.length - 1));
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([selected]));
  const show = (i: number) => {
    setSelected(i);
    setOpened((was) => (was.has(i) ? was : new Set(was).add(i)));
  };
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number) => {
    const next = (i + tabs.length) % tabs.length;
    show(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const to = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-surface-line text-sm"
      >
        {tabs.map((tab, i) => (
          <button
            key={tab.name}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={i === selected || (tab.keepMounted && opened.has(i)) ? `${id}-panel-${i}` : undefined}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => show(i)}
            className="rounded-t-md px-3 py-1.5 text-ink-muted aria-selected:border aria-selected:border-b-surface aria-selected:border-surface-line aria-selected:bg-surface aria-selected:font-semibold aria-selected:text-ink"
          >
            {tab.name}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) =>
        i === selected || (tab.keepMounted && opened.has(i)) ? (
          <div
            key={tab.name}
            role="tabpanel"
            id={`${id}-panel-${i}`}
            aria-labelledby={`${id}-tab-${i}`}
            hidden={i !== selected}
            tabIndex={0}
            className="pt-3"
          >
            {tab.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
