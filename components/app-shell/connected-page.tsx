import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { ConnectFirst } from '@/components/ui/connect-first';
import { PageHeader } from '@/components/ui/page-header';
import { getActiveConnection, type ActiveConnection } from '@/lib/connection/connection.server';

/**
 * A page that needs a connected portal. No cookie: the honest "connect first" state. A cookie
 * that no longer opens (tampered, expired, disconnected elsewhere): to /connect with the reason.
 */
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
  children: (active: ActiveConnection) => ReactNode;
}) {
  const lookup = await getActiveConnection();
  if (lookup.status === 'invalid') redirect(`/connection?reason=${lookup.reason}`);
  return (
    <>
      <PageHeader title={title} description={description} />
      {lookup.status === 'ok' ? children(lookup.active) : <ConnectFirst what={what} />}
    </>
  );
}
