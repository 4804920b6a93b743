import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/lib/i18n/locales';
import { formatsFor } from '@/lib/format/dates';
import { HIGH_LOAD_TIMES_MEDIAN, loadOf, type FairnessAnswer } from '@/lib/cover/fairness';
import { Table, TableCell, TableHead } from '@/components/ui/table';
import { FairnessChart } from './fairness-chart';

// The report drawn on the server: what was counted and how, the chart, and the same figures in a
// table beside it (every teacher, those without a cover too).

export async function FairnessReport({ answer, locale }: { answer: FairnessAnswer; locale: AppLocale }) {
  const [t, tCover] = await Promise.all([getTranslations('cover.fairness'), getTranslations('cover')]);
  const f = formatsFor(locale);
  const { meta, data } = answer;
  const covered = data.filter((r) => r.covers > 0);
  const perFte = meta.fte !== 'none';
  const number = (n: number) => f.count(Math.round(n * 100) / 100);
  const top = covered[0];
  return (
    <div className="space-y-3">
      <div className="space-y-1 text-sm" data-testid="fairness-summary">
        <p className="text-base font-semibold" role="status">
          {t('summary', {
            covers: meta.covers,
            swaps: meta.swaps,
            from: f.date(meta.from),
            to: f.date(meta.to),
            weeks: meta.weeks.length,
            median: number(meta.median),
          })}
        </p>
        <p className="text-ink-muted">{t('rule')}</p>
        <p className="text-xs text-ink-muted" data-testid="fairness-fte-source">
          {tCover(`fteSource.${meta.fte}`)}
        </p>
      </div>
      {covered.length === 0 ? (
        <p className="text-sm">{t('empty')}</p>
      ) : (
        <div className="flex flex-col items-start gap-6 lg:flex-row">
          <figure className="shrink-0 space-y-1">
            <FairnessChart
              answer={answer}
              words={{
                label: t('chartLabel', {
                  from: f.date(meta.from),
                  to: f.date(meta.to),
                  teachers: covered.length,
                  most: top ? top.employee : '',
                  top: top ? number(loadOf(top)) : '',
                  median: number(meta.median),
                }),
                median: t('median', { median: number(meta.median) }),
                perWeek: t('perWeek'),
                axis: perFte ? t('axis') : t('axisCovers'),
                number,
              }}
            />
            <figcaption className="text-xs text-ink-muted">
              {t('others', { count: data.length - covered.length })} {t('highLoad', { times: HIGH_LOAD_TIMES_MEDIAN })}
            </figcaption>
          </figure>
          <FairnessTable answer={answer} number={number} />
        </div>
      )}
    </div>
  );
}

async function FairnessTable({ answer, number }: { answer: FairnessAnswer; number: (n: number) => string }) {
  const t = await getTranslations('cover.fairness');
  return (
    // Scrolls on its own: reachable by keyboard (tab to it, then the arrow keys), named for a screen reader.
    <div
      className="max-h-[80vh] min-w-0 max-w-full overflow-auto print:max-h-none print:overflow-visible"
      tabIndex={0}
      role="region"
      aria-label={t('tableLabel')}
    >
      <Table data-testid="fairness-table" className="w-auto tabular-nums">
        <thead className="sticky top-0 bg-surface">
          <tr className="border-b border-surface-line">
            <TableHead>{t('columns.teacher')}</TableHead>
            <TableHead>{t('columns.name')}</TableHead>
            <TableHead className="text-right">{t('columns.covers')}</TableHead>
            <TableHead className="text-right">{t('columns.fte')}</TableHead>
            <TableHead className="text-right">{t('columns.perFte')}</TableHead>
            <TableHead className="text-right">{t('columns.swaps')}</TableHead>
            <TableHead pad="end">{t('columns.weeks')}</TableHead>
          </tr>
        </thead>
        <tbody>
          {answer.data.map((r) => (
            <tr
              key={r.employee}
              className="border-b border-surface-line last:border-b-0"
              data-testid="fairness-row"
              data-employee={r.employee}
              data-covers={r.covers}
            >
              <TableCell translate="no">{r.employee}</TableCell>
              <TableCell className="max-w-40 truncate" title={r.name}>
                {r.name}
              </TableCell>
              <TableCell className="text-right">{r.covers}</TableCell>
              <TableCell className="text-right">{r.fte === null ? '—' : number(r.fte)}</TableCell>
              <TableCell className="text-right">{r.coversPerFte === null ? '—' : number(r.coversPerFte)}</TableCell>
              <TableCell className="text-right">{r.swaps}</TableCell>
              <TableCell
                pad="end"
                className="text-xs text-ink-muted"
                title={r.weeks.map((w) => `${w.week}: ${w.covers}`).join(', ')}
              >
                {r.weeks.map((w) => w.covers).join(' ')}
              </TableCell>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
