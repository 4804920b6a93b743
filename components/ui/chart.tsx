import type { ComponentProps, ReactNode } from 'react';

// A chart drawn on the server, one frame for every picture: an SVG with `role="img"`, its sentence
// as the label and the title (what a screen reader and a hovering mouse are told), scaled down to
// its place and never up, in the page's ink so it prints black on white.

export function Chart({
  label,
  width,
  height,
  fontSize = 10,
  children,
  ...props
}: {
  /** What the picture shows, in a sentence: its figures are in the table beside it. */
  label: string;
  width: number;
  height: number;
  fontSize?: number;
  children: ReactNode;
} & Omit<ComponentProps<'svg'>, 'role' | 'viewBox' | 'width' | 'height' | 'fontSize'>) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      className="h-auto max-w-full text-ink"
      fontSize={fontSize}
      {...props}
    >
      <title>{label}</title>
      {children}
    </svg>
  );
}
