'use client';

import { Button } from '@/components/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiErrorState } from '@/components/ui/upstream-error';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { liveScheduleOptions } from '@/lib/api/live-schedule.client';
import { partnerPaths } from '@/lib/api/proxy-paths.client';
import { useFormats } from '@/lib/format/use-formats.client';
import { formatIsoWeek, parseWeek, type IsoWeek } from '@/lib/partner-api/values';
import { readLiveWeeks, type LiveSlot } from '@/lib/timetable/live-schedule';
import { useQueryState } from '@/lib/url-state.client';
import { ResultViews } from './result-views';
import { Input, Select } from '@/components/ui/control';
import { cardClass } from '@/components/ui/card';
import { Table, TableCell, TableHead } from '@/components/ui/table';

export interface LiveExplorerConfig {
  projects: { id: number; label: string }[];
  zone: string;
  thisWeek: IsoWeek;
}

interface LiveRequest {
  student: string;
  week: IsoWeek;
  project: number | null;
  run: boolean;
}

/** /liveschedule tried out: a student, a week and a project in, the week's slots (choices included) out. */
export function LiveExplorer({ config }: { config: LiveExplorerConfig }) {
  const t = useTranslations('explorer.live');
  const connectionId = useConnectionId();
  const [request, go] = useQueryState<LiveRequest>(
    (p) => ({
      student: p.get('student') ?? '',
      week: parseWeek(p.get('week') ?? '') ?? config.thisWeek,
      project: Number(p.get('project')) || config.projects[0]?.id || null,
      run: p.get('run') === '1',
    }),
    (base, r) => {
      const out = new URLSearchParams(base);
      out.set('student', r.student);
      out.set('week', formatIsoWeek(r.week));
      if (r.project) out.set('project', String(r.project));
      if (r.run) out.set('run', '1');
      return out;
    },
  );
  const [draft, setDraft] = useState(request);
  const ready = request.run && request.student !== '' && request.project !== null;
  const answer = useQuery({
    ...liveScheduleOptions(connectionId, request.student, request.week, request.project ?? 0),
    enabled: ready && connectionId !== NO_CONNECTION,
  });
  const slots = answer.data ? readLiveWeeks(answer.data.data).flatMap((w) => w.slots) : [];

  return (
    <div className="space-y-4">
      <form
        className={cardClass('default', 'flex flex-wrap items-end gap-3 text-sm')}
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...draft, run: true });
        }}
      >
        <label className="flex flex-col gap-1">
          {t('student')}
          <Input
            value={draft.student}
            onChange={(e) => setDraft({ ...draft, student: e.target.value.trim() })}
            required
            className="font-mono"
          />
        </label>
        <label className="flex flex-col gap-1">
          {t('week')}
          <Input
            type="week"
            value={formatIsoWeek(draft.week)}
            onChange={(e) => setDraft({ ...draft, week: parseWeek(e.target.value) ?? draft.week })}
          />
        </label>
        <label className="flex flex-col gap-1">
          {t('project')}
          <Select
            aria-label={t('project')}
            value={draft.project ?? ''}
            onChange={(e) => setDraft({ ...draft, project: Number(e.target.value) })}
          >
            {config.projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="primary" disabled={!draft.student}>
          {t('run')}
        </Button>
      </form>
      {!ready ? (
        <p className="text-sm text-ink-muted">{t('notRun')}</p>
      ) : answer.error ? (
        <ApiErrorState title={t('failed')} error={answer.error} onRetry={() => void answer.refetch()} />
      ) : !answer.data ? (
        <p className="text-sm text-ink-muted">{t('reading')}</p>
      ) : (
        <ResultViews
          meta={answer.data.meta}
          path={partnerPaths.liveSchedule(request.student, request.week, request.project ?? 0)}
          readAt={answer.dataUpdatedAt}
          table={<SlotTable slots={slots} zone={config.zone} />}
        />
      )}
    </div>
  );
}

function SlotTable({ slots, zone }: { slots: LiveSlot[]; zone: string }) {
  const t = useTranslations('explorer.live');
  const f = useFormats();
  if (slots.length === 0) return <p className="text-sm text-ink-muted">{t('empty')}</p>;
  return (
    <Table data-testid="live-slots">
      <caption className="sr-only">{t('caption')}</caption>
      <thead>
        <tr className="text-ink-muted">
          <TableHead>{t('when')}</TableHead>
          <TableHead>{t('slot')}</TableHead>
          <TableHead>{t('what')}</TableHead>
          <TableHead pad="end">{t('choice')}</TableHead>
        </tr>
      </thead>
      <tbody>
        {slots.map((s) => {
          const a = s.appointment;
          return (
            <tr key={a.key} className="border-t border-surface-line align-top" data-choice={s.options.length > 0}>
              <TableCell>
                {f.dateTime(a.start, zone)}–{f.clockTime(a.end, zone)}
              </TableCell>
              <TableCell className="font-mono">{a.startSlotName ?? '—'}</TableCell>
              <TableCell translate="no">
                {[a.subjects.join(', '), a.groups.join(', '), a.teachers.join(', '), a.locations.join(', ')]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </TableCell>
              <TableCell pad="end">{s.options.length > 0 ? t('options', { count: s.options.length }) : ''}</TableCell>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
