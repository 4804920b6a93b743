'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { apiFetch } from '@/lib/api/http.client';
import type { OnderwijstijdSettings, SettingsChange } from './settings';
import { onderwijstijdPaths } from './paths';

// The addresses live in paths.ts, which the server-drawn page links with too.
export { onderwijstijdPaths };

export const onderwijstijdKeys = {
  settings: (connectionId: string) => [connectionId, 'onderwijstijd', 'settings'] as const,
};

/** The settings as `GET /api/onderwijstijd/settings` gives them, with who changed them last. */
export interface OnderwijstijdSettingsAnswer {
  data: OnderwijstijdSettings;
  meta: { changed: SettingsChange | null };
}

export function useOnderwijstijdSettings() {
  const connectionId = useConnectionId();
  return useQuery({
    queryKey: onderwijstijdKeys.settings(connectionId),
    queryFn: ({ signal }) =>
      apiFetch<OnderwijstijdSettingsAnswer>(onderwijstijdPaths.settings(), { signal, connectionId }),
    enabled: connectionId !== NO_CONNECTION,
    retry: false,
  });
}

/** Saves the school's settings; the page then shows the figures by them (its server part read again). */
export function useSaveOnderwijstijdSettings(onSaved: () => void) {
  const connectionId = useConnectionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: OnderwijstijdSettings) =>
      apiFetch<OnderwijstijdSettingsAnswer>(onderwijstijdPaths.settings(), {
        method: 'PUT',
        body: settings,
        connectionId,
      }),
    onSuccess: (answer) => {
      // The answer says who changed them now: the panel shows it without asking again.
      client.setQueryData(onderwijstijdKeys.settings(connectionId), answer);
      onSaved();
    },
  });
}
