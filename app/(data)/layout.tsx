import type { ReactNode } from 'react';
import { QueryProvider } from '@/components/app-shell/query-provider';

// The pages that read the portal from the browser (through react-query): the query cache is theirs.
// Connecting, the rights page and the explorer's index read on the server only and ship without it.
export default function DataLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
