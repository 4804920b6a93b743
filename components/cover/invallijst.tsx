'use client';

import { useTranslations } from 'next-intl';
import type { CoverAnswer } from '@/lib/cover/types';
import { byPeriod, topReasons } from '@/lib/cover/words';
import { useFormats } from '@/lib/format/use-formats.client';
import { TableCell } from '@/components/ui/table';
import { useReasonLabel } from './cover-reasons';

/**
 * The invallijst on paper (A4 landscape): per lesuur time, group, subject, room, absent teacher,
 * reliever and a one-line reason; only in print (the screen shows the cards).
 */
export function Invallijst({ answer, zone }: { answer: CoverAnswer; zone: string }) {
  const t = useTranslations('cover');
  const f = useFormats();
  const reason = useReasonLabel();
  const c = (k: 'time' | 'period' | 'group' | 'subject' | 'room' | 'absent' | 'reliever' | 'reason') =>
    t(`columns.${k}`);
  const rows = byPeriod(answer.data).flatMap(([, lessons]) => lessons);
  return (
    <section className="invallijst hidden print:block" data-testid="invallijst">
      <h2 className="mb-1 text-base font-semibold">{t('printTitle', { date: f.longDate(answer.meta.date) })}</h2>
      <p className="mb-2 text-[9pt]">{t('proposesOnly')}</p>
      <table className="w-full border-collapse text-[9pt]">
        <thead>
          <tr className="border-b border-black text-left">
            {(['period', 'time', 'group', 'subject', 'room', 'absent', 'reliever', 'reason'] as const).map((k) => (
              <th key={k} className="py-0.5 pr-2">
                {c(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => {
            const reliever = l.candidates.find((x) => x.employee === l.proposed);
            // Already arranged in the portal, or Rooster's proposal still to enter: told apart.
            const who =
              l.state === 'covered'
                ? `${l.coveredBy.join(', ')} (${t('state.covered')})`
                : l.state === 'cancelled'
                  ? t('state.cancelled')
                  : (l.proposed ?? '—');
            const why = reliever
              ? topReasons(reliever.reasons).map(reason).join(', ')
              : l.state === 'open' && l.nobody
                ? t(`nobody.${l.nobody}`)
                : '';
            return (
              <tr
                key={`${l.id}-${l.start}-${l.groups.join()}`}
                className="border-b border-gray-300 align-top"
                data-testid="invallijst-row"
              >
                <TableCell pad="print">{l.period ?? ''}</TableCell>
                <TableCell pad="print" className="tabular-nums">
                  {f.clockTime(l.start, zone)}–{f.clockTime(l.end, zone)}
                </TableCell>
                <TableCell pad="print">{l.groups.join(', ')}</TableCell>
                <TableCell pad="print">
                  {l.kind === 'lesson' ? l.subjects.join(', ') : [t(`kind.${l.kind}`), ...l.subjects].join(', ')}
                </TableCell>
                <TableCell pad="print">{l.locations.join(', ')}</TableCell>
                <TableCell pad="print">{l.absent.join(', ')}</TableCell>
                <TableCell pad="print" className="font-semibold">
                  {who}
                </TableCell>
                <TableCell pad="print">{why}</TableCell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
