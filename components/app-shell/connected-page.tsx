import type { ReactNode } from 'react';
import { getCurrentConnection } from '@/lib/connection/current';
import { ConnectFirst } from '@/components/ui/connect-first';
import { PageHeader } from '@/components/ui/page-header';

/** A page that needs a connected portal: its content, or the honest "connect first" state. */
export async function ConnectedPage({
  title,
  description,
  what,
  children,
}: {
  title: string;
  description: ReactNode;
  /** What the page shows, for the "connect first" sentence ("The timetable"). */
  what: string;
  children: ReactNode;
}) {
  const connection = await getCurrentConnection();
  return (
    <>
      <PageHeader title={title} description={description} />
      {connection ? children : <ConnectFirst what={what} />}
    </>
  );
}
