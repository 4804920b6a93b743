'use client';

import { useTranslations } from 'next-intl';
import type { DayChange, Grouping } from '@/lib/changes/day-changes';
import type { Formats } from '@/lib/format/dates';
import { lessonOf, NewMark, periodOf, useBeforeAfter, withoutOutcome } from './change-row';

// One change on the hall screen, on one line read from afar: the group it is listed under (only on
// the first row of a run, the rest would repeat it), when, the lesson without the group the row is
// already under, what kind and was → wordt. The portal's note is left out: it says was → wordt again.

export function DisplayRow({
  change,
  f,
  zone,
  group,
  grouping,
  showGroup,
  arrived,
  hidden,
}: {
  change: DayChange;
  f: Formats;
  zone: string;
  /** The group, teacher, room or lesuur the row is listed under. */
  group: string;
  grouping: Grouping;
  /** The first row of its group on the page. */
  showGroup: boolean;
  arrived: boolean;
  /** Not on the current page (laid out only to measure the pages). */
  hidden: boolean;
}) {
  const t = useTranslations('changes');
  const beforeAfter = useBeforeAfter();
  const a = change.shown;
  const kinds = change.kinds.map((k) => t(`kind.${k}`)).join(', ');
  const time = `${f.clockTime(a.start, zone)}–${f.clockTime(a.end, zone)}`;
  const byPeriod = grouping === 'period';
  // The lesson without the klas the row is listed under (a merged lesson keeps its other klas).
  const lesson = grouping === 'group' ? lessonOf({ ...a, groups: a.groups.filter((g) => g !== group) }) : lessonOf(a);
  return (
    <tr
      hidden={hidden}
      tabIndex={0}
      data-testid="change-row"
      data-key={change.key}
      data-kinds={change.kinds.join(' ')}
      data-arrived={arrived ? '' : undefined}
      aria-label={t('list.row', { period: periodOf(a, f, zone), lesson: lessonOf(a), kinds })}
      className={`change-row border-t border-surface-line focus-visible:outline-offset-[-2px] ${
        arrived ? 'bg-state-changed-bg' : ''
      } ${showGroup ? 'border-t-ink-faint' : ''}`}
    >
      <td className="px-3 py-1 font-semibold" translate="no" data-testid="display-group">
        {showGroup ? (
          <>
            {group || (byPeriod ? t('grouping.offGrid') : t('grouping.none'))}
            {byPeriod && group ? <span className="ml-2 text-base font-normal text-ink-muted">{time}</span> : null}
          </>
        ) : null}
      </td>
      {byPeriod ? null : (
        <td className="whitespace-nowrap px-3 py-1 font-medium">
          <span translate="no">{periodOf(a, f, zone)}</span>
          <span className="ml-2 text-base text-ink-muted">{time}</span>
        </td>
      )}
      <td className="px-3 py-1" translate="no">
        {lesson}
      </td>
      <td className="px-3 py-1">
        <span
          className={`font-semibold ${change.kinds.includes('cancelled') ? 'text-state-danger' : ''}`}
          data-kind-label
        >
          {kinds}
        </span>
        <NewMark isNew={false} arrived={arrived} />
      </td>
      <td className="px-3 py-1">{beforeAfter(withoutOutcome(change), f, zone).join('; ')}</td>
    </tr>
  );
}
