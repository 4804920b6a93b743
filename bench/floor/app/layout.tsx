import type { ReactNode } from 'react';

// The floor of page weight: an App Router page with nothing of Rooster's, built with the same Next
// and React (see bench/page-weight.ts). Whatever a Rooster page ships above this is ours.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
