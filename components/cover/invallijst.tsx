'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { CoverAnswer, CoverLesson } from '@/lib/cover/types';
import { byPeriod, subjectWords, topReasons } from '@/lib/cover/words';
import { useFormats } from '@/lib/format/use-formats.client';
import { TableCell } from '@/components/ui/table';
import { useReasonLabel } from './cover-reasons';

/**
 * The invallijst on paper (A4 landscape): per lesuur time, group, subject, room, absent teacher,
 * reliever and a one-line reason, the proposals to enter apart from what the portal shows
 * arranged, the date and the time printed on every page; only in print (the screen shows the cards).
 */
export function Invallijst({ answer, zone }: { answer: CoverAnswer; zone: string }) {
  const t = useTranslations('cover');
  const f = useFormats();
  // When it was printed: set once drawn in the browser and again as the print dialog opens (not
  // on the server, whose clock would differ from the page's).
  const [printedAt, setPrintedAt] = useState<number | null>(null);
  useEffect(() => {
    const now = () => setPrintedAt(Math.floor(Date.now() / 1000));
    const first = window.setTimeout(now, 0);
    window.addEventListener('beforeprint', now);
    return () => {
      window.clearTimeout(first);
      window.removeEventListener('beforeprint', now);
    };
  }, []);
  const rows = byPeriod(answer.data).flatMap(([, lessons]) => lessons);
  // Rooster's proposals still to enter, apart from what the portal shows arranged already.
  const toEnter = rows.filter((l) => l.state === 'open');
  const arranged = rows.filter((l) => l.state !== 'open');
  const title = t('printTitle', { date: f.longDate(answer.meta.date) });
  const heading = printedAt === null ? title : `${title} · ${t('printedAt', { time: f.dateTime(printedAt, zone) })}`;
  return (
    <section className="invallijst hidden print:block" data-testid="invallijst">
      <h2 className="mb-1 text-base font-semibold">{t('printTitle', { date: f.longDate(answer.meta.date) })}</h2>
      <p className="mb-2 text-[9pt]">{t('proposesOnly')}</p>
      {toEnter.length > 0 ? (
        <InvalTable title={t('printToEnter')} heading={heading} lessons={toEnter} zone={zone} />
      ) : null}
      {arranged.length > 0 ? (
        <InvalTable title={t('printArranged')} heading={heading} lessons={arranged} zone={zone} />
      ) : null}
    </section>
  );
}

const COLUMNS = ['period', 'time', 'group', 'subject', 'room', 'absent', 'reliever', 'reason'] as const;

/** One part of the list; its head (the date and the time printed) repeats on every page. */
function InvalTable({
  title,
  heading,
  lessons,
  zone,
}: {
  title: string;
  heading: string;
  lessons: CoverLesson[];
  zone: string;
}) {
  const t = useTranslations('cover');
  const f = useFormats();
  const reason = useReasonLabel();
  return (
    <table className="mb-3 w-full border-collapse text-[9pt]">
      <thead>
        <tr>
          <th colSpan={COLUMNS.length} className="pb-0.5 text-left font-normal" data-testid="invallijst-page-head">
            {heading}
          </th>
        </tr>
        <tr>
          <th colSpan={COLUMNS.length} className="pb-0.5 text-left text-[10pt] font-semibold">
            {title}
          </th>
        </tr>
        <tr className="border-b border-black text-left">
          {COLUMNS.map((k) => (
            <th key={k} className="py-0.5 pr-2">
              {t(`columns.${k}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lessons.map((l) => {
          const reliever = l.candidates.find((x) => x.employee === l.proposed);
          // Already arranged in the portal, or Rooster's proposal still to enter: told apart.
          const who =
            l.state === 'covered'
              ? `${l.coveredBy.join(', ')} (${t('state.covered')})`
              : l.state === 'cancelled'
                ? t('state.cancelled')
                : l.cancelRule
                  ? t('cancelByRule', { rule: t(`cancelRules.${l.cancelRule}`) })
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
              data-state={l.state}
            >
              <TableCell pad="print">{l.period ?? ''}</TableCell>
              <TableCell pad="print" className="tabular-nums">
                {f.clockTime(l.start, zone)}–{f.clockTime(l.end, zone)}
              </TableCell>
              <TableCell pad="print">{l.groups.join(', ')}</TableCell>
              <TableCell pad="print">{subjectWords(l, (k) => t(`kind.${k}`))}</TableCell>
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
  );
}
