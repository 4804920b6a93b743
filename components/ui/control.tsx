import type { ComponentProps } from 'react';

// The app's one look for a control a person types in or picks from (input, select, textarea), named
// as shadcn/ui's Input and Select are. Sizes, not free padding classes, so a place cannot fight the
// look with a second padding; anything else of the place (width, font) goes after it.

const BASE = 'rounded-md border border-surface-line bg-surface aria-[invalid=true]:border-state-danger';
const SIZES = {
  /** In a toolbar or a form row. */
  default: 'px-2 py-1',
  /** Inside a dense cell (free rooms, a grid's filter). */
  compact: 'px-1 py-0.5',
  /** The one field of a page (connecting, searching a table). */
  large: 'px-3 py-2',
} as const;
export type ControlSize = keyof typeof SIZES;

/** The class of a control: the look, its size, then the place's own classes. */
export function controlClass(size: ControlSize = 'default', extra = ''): string {
  return `${BASE} ${SIZES[size]}${extra ? ` ${extra}` : ''}`;
}

type Sized<P> = Omit<P, 'size'> & { size?: ControlSize };

/** A text, number, date or search input in the app's look. */
export function Input({ size, className = '', ...props }: Sized<ComponentProps<'input'>>) {
  return <input className={controlClass(size, className)} {...props} />;
}

/** A select in the same look as an input. */
export function Select({ size, className = '', ...props }: Sized<ComponentProps<'select'>>) {
  return <select className={controlClass(size, className)} {...props} />;
}

/** A textarea in the same look as an input. */
export function Textarea({ size, className = '', ...props }: Sized<ComponentProps<'textarea'>>) {
  return <textarea className={controlClass(size, className)} {...props} />;
}
