'use client';

import { useId, useState, type ReactNode } from 'react';

// A button that shows and hides a panel of controls (the header's menu, a toolbar's 'Meer'). The
// panel is always in the page, so from md up its contents stand in place whatever the button says;
// its classes say how it looks open and closed. A disclosure as the ARIA pattern has it: the
// button's aria-expanded and aria-controls; a few lines of its own rather than Headless UI's,
// which brought its whole library (and react-aria) into every page's first load through the header.

export function Fold({
  button,
  buttonClassName,
  panelClassName,
  testId,
  children,
}: {
  button: (open: boolean) => ReactNode;
  buttonClassName: string;
  panelClassName: (open: boolean) => string;
  testId?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="contents">
      <button
        type="button"
        className={buttonClassName}
        data-testid={testId}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
      >
        {button(open)}
      </button>
      <div id={panel} className={panelClassName(open)}>
        {children}
      </div>
    </div>
  );
}
