import 'server-only';
import type { ConnectionSummary } from './types';

/**
 * The connection of this request's session, or null when there is none.
 * Sessions arrive with the Connect issue; until then no request can carry a connection.
 */
export async function getCurrentConnection(): Promise<ConnectionSummary | null> {
  return null;
}
