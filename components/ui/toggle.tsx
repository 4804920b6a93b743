import type { ComponentProps } from 'react';

// The app's one toggle: a button that is on or off (a day tab, a kind of row, this week or the year),
// said with `aria-pressed` so a screen reader hears which one is chosen, named as shadcn/ui's Toggle.
// A row of them sits in a `role="group"` with a label; `segment` joins them into one bar.

const LOOKS = {
  outline: {
    base: 'rounded-md border',
    on: 'border-brand-strong bg-brand-soft font-semibold text-brand-strong',
    off: 'border-surface-line bg-surface hover:bg-surface-sunken',
  },
  segment: { base: '', on: 'bg-brand-strong font-semibold text-white', off: 'bg-surface hover:bg-surface-sunken' },
} as const;
const SIZES = {
  small: 'shrink-0 px-2 py-0.5 text-xs',
  default: 'px-3 py-1.5 text-sm',
  /** A finger's height on a phone (44 px), the default's from md up. */
  touch: 'min-h-11 px-3 py-1 text-sm md:min-h-0',
} as const;
export type ToggleLook = keyof typeof LOOKS;
export type ToggleSize = keyof typeof SIZES;

export function toggleClass(pressed: boolean, look: ToggleLook = 'outline', size: ToggleSize = 'default'): string {
  const { base, on, off } = LOOKS[look];
  return [base, SIZES[size], pressed ? on : off].filter(Boolean).join(' ');
}

/** A button that is on (`pressed`) or off. */
export function Toggle({
  pressed,
  look,
  size,
  className = '',
  type = 'button',
  ...props
}: Omit<ComponentProps<'button'>, 'aria-pressed'> & { pressed: boolean; look?: ToggleLook; size?: ToggleSize }) {
  const classes = toggleClass(pressed, look, size);
  return (
    <button type={type} aria-pressed={pressed} className={className ? `${classes} ${className}` : classes} {...props} />
  );
}
