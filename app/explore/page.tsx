import type { Metadata } from 'next';
import Link from 'next/link';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { UpstreamError } from '@/components/ui/upstream-error';
import { catalog, resourceNames } from '@/lib/partner-api/catalog';
import { PartnerApiError } from '@/lib/partner-api/errors';
import type { ActiveConnection } from '@/lib/server/connection.server';
import { partnerOrError } from '@/lib/server/page-rights.server';

export const metadata: Metadata = { title: 'Explorer' };

export default function ExplorerPage() {
  return (
    <ConnectedPage
      title="Explorer"
      description="Try every endpoint your rights allow: pick fields, build filters, see the exact request."
      what="The explorer"
    >
      {(active) => <Endpoints active={active} />}
    </ConnectedPage>
  );
}

async function Endpoints({ active }: { active: ActiveConnection }) {
  const partner = await partnerOrError(active);
  if (partner instanceof PartnerApiError)
    return (
      <UpstreamError
        title="The portal could not tell us your rights"
        message={partner.message}
        eventId={partner.info.eventId}
      />
    );
  const granted = new Set(partner.endpoints.map((e) => e.endpoint));
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {resourceNames.map((name) => (
        <li key={name} className="rounded-lg border border-surface-line bg-surface p-4">
          {granted.has(name) ? (
            <Link href={`/explore/${name}`} className="font-mono font-semibold text-brand-strong hover:underline">
              /{name}
            </Link>
          ) : (
            <span
              className="font-mono font-semibold text-ink-faint"
              aria-disabled="true"
              title="Not in your partner rights"
            >
              /{name}
            </span>
          )}
          <p className="text-sm text-ink-muted">{catalog[name].title}</p>
          {!granted.has(name) ? <p className="text-xs text-ink-muted">Not in your partner rights.</p> : null}
        </li>
      ))}
    </ul>
  );
}
