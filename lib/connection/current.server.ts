import 'server-only';
import { getActiveConnection, getPartner, summarize } from '@/lib/connection/connection.server';
import type { ConnectionSummary } from './types';

export interface ShellState {
  connections: ConnectionSummary[];
  active: ConnectionSummary;
  /** Endpoints the partner may use; null when the portal could not say. */
  granted: string[] | null;
}

/** What the app shell shows of this request's connections: never the token. */
export async function getShellState(): Promise<ShellState | null> {
  const lookup = await getActiveConnection();
  if (lookup.status !== 'ok') return null;
  const { session, connection } = lookup.active;
  const granted = await getPartner(lookup.active).then(
    (p) => p.endpoints.map((e) => e.endpoint),
    () => null,
  );
  return { connections: session.connections.map(summarize), active: summarize(connection), granted };
}
