'use client';

import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useCodeOnDemand } from '@/lib/browser/use-code-on-demand.client';
import { CodeFailed } from './code-failed';

/**
 * A component whose code is fetched when it is first drawn (a dialog, a panel inside it): nothing
 * while it arrives, and should it not arrive, a retry rather than the page's error screen (what
 * React.lazy gives). `floating`: the retry stands over the page's bottom edge, for a dialog opened
 * from anywhere in a long page; `pending`: what stands there while the code arrives (a tab's panel
 * says it is loading; a dialog shows nothing). Call once per component, at module level (the load
 * keys the cache).
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { floating = false, pending = null }: { floating?: boolean; pending?: ReactNode } = {},
): ComponentType<P> {
  function OnDemand(props: P) {
    const { module: Component, failed, ask } = useCodeOnDemand(load);
    useEffect(() => ask(), [ask]);
    if (Component) return <Component {...props} />;
    if (!failed) return pending;
    return floating ? (
      <div className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md shadow-lg">
        <CodeFailed onRetry={ask} />
      </div>
    ) : (
      <CodeFailed onRetry={ask} />
    );
  }
  return OnDemand;
}
