'use client';

import { createContext, useContext } from 'react';

// The active connection's id, for every query key in the browser (dub's workspace-id pattern):
// data read for one portal can never be shown for another.

const ConnectionContext = createContext<string | null>(null);

export const ConnectionIdProvider = ConnectionContext.Provider;

export const NO_CONNECTION = 'none';

/** The active connection's id; NO_CONNECTION outside a connection (queries are then not enabled). */
export function useConnectionId(): string {
  return useContext(ConnectionContext) ?? NO_CONNECTION;
}
