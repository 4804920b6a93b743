import type { ComponentProps } from 'react';

// The app's plain table (a few rows a person reads, not a data table: that is components/data-table),
// named as shadcn/ui's Table: a head cell and a body cell share one padding per density, so the
// columns of a header and its rows line up in every table.

const PADS = {
  default: 'py-1 pr-3',
  /** Figures that need air between them. */
  wide: 'py-1 pr-4',
  /** The last column: nothing to its right. */
  end: 'py-1',
  /** A printed list at 9 pt. */
  print: 'py-0.5 pr-2',
} as const;
export type CellPad = keyof typeof PADS;

const join = (...classes: string[]) => classes.filter(Boolean).join(' ');

/** A table as wide as its place, left-aligned, in the body's small type. */
export function Table({ className = '', ...props }: ComponentProps<'table'>) {
  return <table className={join('w-full text-left text-sm', className)} {...props} />;
}

/** A column's heading cell (scope="col" unless said otherwise). */
export function TableHead({
  pad = 'default',
  className = '',
  scope = 'col',
  ...props
}: ComponentProps<'th'> & { pad?: CellPad }) {
  return <th scope={scope} className={join(PADS[pad], 'font-medium', className)} {...props} />;
}

/** A body cell. */
export function TableCell({ pad = 'default', className = '', ...props }: ComponentProps<'td'> & { pad?: CellPad }) {
  return <td className={join(PADS[pad], className)} {...props} />;
}
