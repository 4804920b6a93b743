'use client';

import { useState } from 'react';
import { apiFetch, ApiError } from '@/lib/api/http.client';

/** Once, right after a code exchange: the portal will never hand out this token again. */
export function RevealPanel({ connectionId }: { connectionId: string }) {
  const [token, setToken] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const reveal = async () => {
    try {
      setToken(
        (await apiFetch<{ token: string }>(`/api/connections/${connectionId}/reveal`, { method: 'POST' })).token,
      );
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'The token could not be shown.');
    }
  };

  return (
    <section
      aria-labelledby="reveal-title"
      data-connection-id={connectionId}
      className="rounded-lg border border-state-warn bg-state-warn-bg p-4 text-sm"
    >
      <h2 id="reveal-title" className="font-semibold text-state-warn">
        Keep a copy of the token?
      </h2>
      <p className="mt-1">
        The portal hands out a token only once. Rooster keeps it encrypted for this session, but if you need it
        elsewhere (another tool, another browser), copy it now: it can be shown <strong>one time</strong>.
      </p>
      {token ? (
        <div className="mt-3 flex gap-2">
          <label className="sr-only" htmlFor="revealed-token">
            Access token
          </label>
          <input
            id="revealed-token"
            readOnly
            value={token}
            className="w-full rounded-md border border-surface-line bg-surface px-2 py-1 font-mono"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="btn"
            onClick={async () => {
              await navigator.clipboard.writeText(token).catch(() => undefined);
              setCopied(true);
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      ) : (
        <button type="button" className="btn mt-3" onClick={reveal} disabled={Boolean(message)}>
          Reveal token
        </button>
      )}
      {message ? (
        <p role="alert" className="mt-2 text-state-danger">
          {message}
        </p>
      ) : null}
    </section>
  );
}
