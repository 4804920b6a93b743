import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import type { TokenStatus } from '@/lib/rights/compare';

const tone = {
  ok: 'border-surface-line bg-surface',
  unknown: 'border-surface-line bg-surface',
  warning: 'border-state-warn bg-state-warn-bg',
  expired: 'border-state-danger bg-state-danger-bg',
} as const;

export function TokenPanel({ token }: { token: TokenStatus }) {
  const t = useTranslations('rights.token');
  const f = useFormats();
  return (
    <div className={`rounded-lg border p-4 ${tone[token.level]}`} data-testid="token-panel" data-level={token.level}>
      <h2 className="text-sm font-semibold text-ink-muted">{t('title')}</h2>
      <p className="mt-1 font-mono text-sm">{token.masked ?? t('notShown')}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 text-sm">
        <dt className="text-ink-muted">{t('created')}</dt>
        <dd>{token.created ? f.date(token.created) : '—'}</dd>
        <dt className="text-ink-muted">{t('expires')}</dt>
        <dd>{token.expires ? f.date(token.expires) : '—'}</dd>
      </dl>
      {token.level === 'warning' ? (
        <p role="status" className="mt-2 text-sm font-medium text-state-warn">
          {t('expiresSoon', { daysLeft: token.daysLeft ?? 0 })}
        </p>
      ) : token.level === 'expired' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-state-danger">
          {t('expired')}
        </p>
      ) : token.daysLeft !== null ? (
        <p className="mt-2 text-sm text-ink-muted">{t('daysLeft', { daysLeft: token.daysLeft })}</p>
      ) : null}
    </div>
  );
}
