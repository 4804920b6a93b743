import type { TokenStatus } from '@/lib/rights/compare';

const tone = {
  ok: 'border-surface-line bg-surface',
  unknown: 'border-surface-line bg-surface',
  warning: 'border-state-warn bg-state-warn-bg',
  expired: 'border-state-danger bg-state-danger-bg',
} as const;

export function TokenPanel({ token }: { token: TokenStatus }) {
  return (
    <div className={`rounded-lg border p-4 ${tone[token.level]}`} data-testid="token-panel" data-level={token.level}>
      <h2 className="text-sm font-semibold text-ink-muted">Token</h2>
      <p className="mt-1 font-mono text-sm">{token.masked ?? 'not shown by the portal'}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 text-sm">
        <dt className="text-ink-muted">Created</dt>
        <dd>{token.created ?? '—'}</dd>
        <dt className="text-ink-muted">Expires</dt>
        <dd>{token.expires ?? '—'}</dd>
      </dl>
      {token.level === 'warning' ? (
        <p role="status" className="mt-2 text-sm font-medium text-state-warn">
          The token expires in {token.daysLeft} days. Ask the school&apos;s portal administrator for a new authorization
          code before then.
        </p>
      ) : token.level === 'expired' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-state-danger">
          The token has expired. Ask the school&apos;s portal administrator for a new authorization code.
        </p>
      ) : token.daysLeft !== null ? (
        <p className="mt-2 text-sm text-ink-muted">{token.daysLeft} days left.</p>
      ) : null}
    </div>
  );
}
