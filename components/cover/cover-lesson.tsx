'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCoverLesson, usePinCover } from '@/lib/cover/api.client';
import type { Because, Candidate, CoverConflict, CoverLesson, CoverMeta, CoverState } from '@/lib/cover/types';
import { becauseWords, topReasons, type CoverSay } from '@/lib/cover/words';
import { useFormats } from '@/lib/format/use-formats.client';
import { ReasonList, ReasonText } from './cover-reasons';
import { Select } from '@/components/ui/control';

const STATE_STYLE: Record<CoverState, string> = {
  open: 'bg-state-danger-bg text-state-danger',
  covered: 'bg-state-ok-bg text-state-ok',
  cancelled: 'bg-state-cancelled-bg text-state-cancelled',
};

/** What a lesson's card and its parts are drawn from. */
interface LessonProps {
  lesson: CoverLesson;
  meta: CoverMeta;
  date: string;
  zone: string;
}

/** One lesson of an absent teacher: what, who is away, its state; open: the proposal and the candidates. */
export function CoverLessonCard({ lesson, meta, date, zone }: LessonProps) {
  const t = useTranslations('cover');
  const f = useFormats();
  const open = lesson.state === 'open';
  // One compact row: when, what, who is away; open: the proposal and another choice; the
  // candidates with their reasons open below it.
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-0.5 border-b border-surface-line px-2 py-0.5 text-sm last:border-b-0"
      data-testid="cover-lesson"
      data-state={lesson.state}
      data-id={lesson.id ?? ''}
      data-kind={lesson.kind}
      data-proposed={lesson.proposed ?? ''}
    >
      <span className="w-28 shrink-0 tabular-nums text-ink-muted">
        <span className="font-semibold text-ink">{lesson.period ?? ''}</span> {f.clockTime(lesson.start, zone)}–
        {f.clockTime(lesson.end, zone)}
      </span>
      {open ? null : (
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATE_STYLE[lesson.state]}`}>
          {t(`state.${lesson.state}`)}
        </span>
      )}
      <span className="w-36 shrink-0 font-semibold" translate="no">
        {lesson.kind !== 'lesson' ? (
          <span
            className="mr-1 rounded bg-surface-sunken px-1.5 py-0.5 text-xs"
            data-testid="cover-kind"
            translate="yes"
          >
            {t(`kind.${lesson.kind}`)}
          </span>
        ) : null}
        {[lesson.groups.join(', '), lesson.subjects.join(', ')].filter(Boolean).join(' · ')}
      </span>
      <span className="w-14 shrink-0 text-ink-muted" translate="no">
        {lesson.locations.join(', ')}
      </span>
      <span className="w-36 shrink-0">
        {(['absence', 'elsewhere'] as const).map((why) => {
          // "gve, hmu (afwezig)": those away for one reason together, the full reason on hover.
          const codes = lesson.away.filter((a) => a.why === why).map((a) => a.employee);
          return codes.length === 0 ? null : (
            <span key={why} className="mr-2" title={t(`absentBecause.${why}`)}>
              <span translate="no">{codes.join(', ')}</span> ({t(`absentShort.${why}`)})
            </span>
          );
        })}
      </span>
      {lesson.state === 'covered' ? <span>{t('coveredBy', { teachers: lesson.coveredBy.join(', ') })}</span> : null}
      {lesson.followUp ? (
        <span
          className="rounded bg-surface-sunken px-1.5 py-0.5 text-xs"
          data-testid="cover-follow-up"
          data-follow-up={lesson.followUp}
        >
          {t(`followUp.${lesson.followUp}`)}
          {lesson.followUp === 'other' ? ` (${t('proposedWas', { employee: lesson.wasProposed ?? '' })})` : ''}
        </span>
      ) : null}
      {lesson.conflicts ? <CoverConflicts conflicts={lesson.conflicts} meta={meta} /> : null}
      {open ? <OpenLesson lesson={lesson} meta={meta} date={date} zone={zone} /> : null}
    </li>
  );
}

function OpenLesson({ lesson, meta, date, zone }: LessonProps) {
  const t = useTranslations('cover');
  const pin = usePinCover(date);
  // The answer carries the best three; every candidate is read when the list is opened.
  const [wantAll, setWantAll] = useState(false);
  const all = useCoverLesson(date, lesson.id, wantAll && lesson.candidateCount > lesson.candidates.length);
  const candidates = all.data?.candidates ?? lesson.candidates;
  const key = lesson.id !== null ? String(lesson.id) : '';
  const proposed = lesson.candidates.find((c) => c.employee === lesson.proposed);
  return (
    <>
      {proposed ? (
        <p className="min-w-64 flex-1" data-testid="cover-proposed">
          <span className="font-semibold">{t('proposed', { name: proposed.name, employee: proposed.employee })}</span>
          {lesson.pinned ? <span className="ml-2 text-xs text-ink-muted">({t('pinned')})</span> : null} ·{' '}
          <ReasonText reasons={topReasons(proposed.reasons)} meta={meta} />
          {lesson.because ? <BecauseLine because={lesson.because} zone={zone} /> : null}
        </p>
      ) : lesson.cancelRule ? (
        <p className="min-w-64 flex-1" data-testid="cover-cancel-rule" data-rule={lesson.cancelRule}>
          <span className="font-semibold text-state-cancelled">
            {t('cancelByRule', { rule: t(`cancelRules.${lesson.cancelRule}`) })}
          </span>{' '}
          <span className="text-xs text-ink-muted">{t('cancelRuleHint')}</span>
        </p>
      ) : (
        <p className="min-w-64 flex-1 font-semibold text-state-danger" data-testid="cover-nobody">
          {lesson.nobody ? t(`nobody.${lesson.nobody}`) : null} {t('choiceLeft')}
        </p>
      )}
      {key && candidates.length > 0 ? (
        <label className="print:hidden">
          <span className="sr-only">{t('choose')}</span>
          <Select
            size="compact"
            className="max-w-44"
            value={lesson.pinned && lesson.proposed ? lesson.proposed : ''}
            disabled={pin.isPending}
            onFocus={() => setWantAll(true)}
            onChange={(e) => pin.mutate({ lesson: key, employee: e.target.value || null })}
          >
            <option value="">{t('followProposal')}</option>
            {candidates.map((c) => (
              <option key={c.employee} value={c.employee}>
                {c.name} ({c.employee}) · {t('score', { score: c.score })}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
      {lesson.candidateCount > 0 ? (
        <details
          className="text-xs print:hidden open:basis-full"
          onToggle={(e) => setWantAll(wantAll || e.currentTarget.open)}
        >
          <summary className="cursor-pointer text-brand-strong" title={t('showCandidates')}>
            {t('candidates', { count: lesson.candidateCount })}
          </summary>
          <Candidates candidates={candidates} meta={meta} />
        </details>
      ) : null}
    </>
  );
}

/** Why this reliever and not the highest score: one short sentence after the reasons. */
function BecauseLine({ because, zone }: { because: Because; zone: string }) {
  const t = useTranslations('cover');
  const f = useFormats();
  const say = t as unknown as CoverSay;
  return (
    <span className="ml-1 text-xs text-ink-muted" data-testid="cover-because" data-rule={because.rule}>
      · {t('because.label')}: {becauseWords(because, say, (s) => f.clockTime(s, zone))}
    </span>
  );
}

/** A cover entered in the portal that breaks a hard rule: said beside the green "ingevuld". */
function CoverConflicts({ conflicts, meta }: { conflicts: CoverConflict[]; meta: CoverMeta }) {
  const t = useTranslations('cover');
  const words = (c: CoverConflict) =>
    t(`conflict.${c.rule}`, {
      teacher: c.teacher,
      what: c.appointment ? `${c.appointment.groups.join(', ')} (${c.appointment.id ?? '?'})`.trim() : '',
      max: c.rule === 'inRow' ? meta.caps.inRow : meta.caps.lessonsPerDay,
    });
  return (
    <p className="text-sm font-semibold text-state-danger" role="note" data-testid="cover-conflict">
      ⚠ {t('conflictTitle')} {conflicts.map(words).join('; ')}
    </p>
  );
}

/** Every candidate, best first, each with the reasons that make its score. */
function Candidates({ candidates, meta }: { candidates: Candidate[]; meta: CoverMeta }) {
  const t = useTranslations('cover');
  return (
    <ol className="mt-2 space-y-1" data-testid="cover-candidates">
      {candidates.map((c) => (
        <li key={c.employee} className="flex flex-wrap gap-x-2" data-employee={c.employee} data-score={c.score}>
          <span className="min-w-40 font-medium">
            {c.name} <span translate="no">({c.employee})</span>
          </span>
          <span className="tabular-nums font-semibold">{t('score', { score: c.score })}</span>
          <ReasonList reasons={c.reasons} meta={meta} />
        </li>
      ))}
    </ol>
  );
}
