'use client';

import { useTranslations } from 'next-intl';
import type { CoverMeta, Reason, ReasonKey } from '@/lib/cover/types';

/** A reason in words ("kent de klas", "2 invallessen in de periode bij 0,4 fte"): one wording everywhere. */
export function useReasonLabel() {
  const t = useTranslations('cover');
  return (r: Pick<Reason, 'key' | 'count' | 'fte'>) =>
    r.key === 'coversSoFar' && r.fte !== undefined
      ? t('reason.coversSoFarFte', { count: r.count ?? 0, fte: r.fte })
      : t(`reason.${r.key}`, { count: r.count ?? 0 });
}

/** A reason in words, with its points ("kent de klas +30"). */
function useReasonWords() {
  const label = useReasonLabel();
  return (r: Reason) => `${label(r)} ${r.points > 0 ? '+' : '−'}${Math.abs(r.points)}`;
}

/** The reasons of a score, and those the rights do not give shown greyed ("geen recht"). */
export function ReasonList({ reasons, meta }: { reasons: Reason[]; meta: CoverMeta }) {
  const t = useTranslations('cover');
  const words = useReasonWords();
  return (
    <ul className="flex flex-wrap gap-1 text-xs">
      {reasons.map((r) => (
        <li
          key={r.key}
          className={`rounded px-1.5 py-0.5 ${r.points >= 0 ? 'bg-state-ok-bg text-state-ok' : 'bg-state-danger-bg text-state-danger'}`}
          data-reason={r.key}
          data-points={r.points}
        >
          {words(r)}
        </li>
      ))}
      {meta.reasonsWithoutRight.map((key: ReasonKey) => (
        <li key={key} className="rounded px-1.5 py-0.5 text-ink-faint" title={missingTitle(meta, key, t)}>
          {t(`reason.${key}`, { count: 0 })}: {t('noRightReason')}
        </li>
      ))}
    </ul>
  );
}

/** The reasons in one line (the proposal's "why"). */
export function ReasonText({ reasons }: { reasons: Reason[]; meta: CoverMeta }) {
  const words = useReasonWords();
  return <span className="text-ink-muted">{reasons.map(words).join(', ')}</span>;
}

const FIELD_OF: Partial<Record<ReasonKey, { endpoint: string; field: string }>> = {
  freed: { endpoint: 'appointments', field: 'cancelledReason' },
  knowsGroup: { endpoint: 'courses', field: 'teachers' },
  sameBranch: { endpoint: 'appointments', field: 'branchOfSchool' },
};

function missingTitle(meta: CoverMeta, key: ReasonKey, t: ReturnType<typeof useTranslations<'cover'>>) {
  const right = meta.missing.find((m) => m.endpoint === FIELD_OF[key]?.endpoint) ?? FIELD_OF[key];
  return right ? t('noRightTitle', { endpoint: right.endpoint, field: right.field }) : undefined;
}
