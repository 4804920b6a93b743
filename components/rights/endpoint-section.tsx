import type { Attention, EndpointRightsView, RightsRow } from '@/lib/rights/compare';

const badges: Record<Attention, { label: string; className: string; title: string }> = {
  'unsupported-granted': {
    label: 'unsupported',
    className: 'bg-state-warn-bg text-state-warn',
    title: 'Granted, but the portal makes no stability promise for it: it may change without notice.',
  },
  'supported-missing': {
    label: 'not granted',
    className: 'bg-surface-sunken text-ink-muted',
    title: 'A supported field you may not read: ask the school’s portal administrator to add it to your rights.',
  },
  'unknown-to-spec': {
    label: 'not in spec',
    className: 'bg-brand-soft text-brand-strong',
    title: 'Granted but unknown to the specification: probably newer than the document.',
  },
  deprecated: {
    label: 'deprecated',
    className: 'bg-state-danger-bg text-state-danger',
    title: 'The specification says not to use this.',
  },
};

const yes = (v: boolean) => (v ? 'yes' : '—');

export function EndpointSection({ view, filtered }: { view: EndpointRightsView; filtered: boolean }) {
  const missing = view.rows.filter((r) => r.attention.includes('supported-missing') && r.kind === 'field');
  return (
    <section
      id={`endpoint-${view.endpoint}`}
      aria-labelledby={`title-${view.endpoint}`}
      className="scroll-mt-4 rounded-lg border border-surface-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`title-${view.endpoint}`} className="text-lg font-semibold">
          <a href={`#endpoint-${view.endpoint}`} className="hover:underline">
            /{view.endpoint}
          </a>{' '}
          <span className="text-sm font-normal text-ink-muted">{view.title}</span>
        </h2>
        <p
          className={`text-sm font-medium ${view.granted ? 'text-state-ok' : 'text-ink-muted'}`}
          data-testid={`granted-${view.endpoint}`}
        >
          {view.granted ? `Granted · ${view.counts.readable} readable fields` : 'Not granted'}
        </p>
      </div>
      {view.partial ? (
        <p className="mt-1 text-xs text-ink-muted">The specification shows this resource only in part.</p>
      ) : null}
      {view.granted && missing.length > 0 ? (
        <p className="mt-2 rounded-md bg-surface-sunken p-2 text-sm" data-testid={`missing-${view.endpoint}`}>
          Supported fields you cannot read: <strong>{missing.map((r) => r.name).join(', ')}</strong>. Ask the
          school&apos;s portal administrator to add them to your partner rights.
        </p>
      ) : null}
      {view.rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{filtered ? 'No field matches the search.' : 'No fields.'}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Fields and filters of /{view.endpoint}</caption>
            <thead className="text-ink-muted">
              <tr>
                <th className="py-1 pr-3 font-medium">Name</th>
                <th className="py-1 pr-3 font-medium">Type</th>
                <th className="py-1 pr-3 font-medium">Spec</th>
                <th className="py-1 pr-3 font-medium">Readable</th>
                <th className="py-1 pr-3 font-medium">Filterable</th>
                <th className="py-1 font-medium">Notes</th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <Row key={`${row.kind}-${row.name}`} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Row({ row }: { row: RightsRow }) {
  return (
    <tr className="border-t border-surface-line align-top" data-field={row.name}>
      <td className="py-1 pr-3">
        <span className="font-mono">{row.name}</span>
        {row.kind === 'filter' ? <span className="ml-1 text-xs text-ink-muted">(filter)</span> : null}
        {row.attention.map((a) => (
          <span
            key={a}
            title={badges[a].title}
            className={`ml-1 inline-block rounded px-1.5 text-xs font-medium ${badges[a].className}`}
          >
            {badges[a].label}
          </span>
        ))}
      </td>
      <td className="py-1 pr-3 font-mono text-xs">{row.type}</td>
      <td className="py-1 pr-3">
        {row.supported === null ? 'not in spec' : row.supported ? 'supported' : 'unsupported'}
      </td>
      <td className="py-1 pr-3">{row.kind === 'field' ? yes(row.readable) : ''}</td>
      <td className="py-1 pr-3">{yes(row.filterable)}</td>
      <td className="py-1 text-ink-muted">{row.notes}</td>
    </tr>
  );
}
