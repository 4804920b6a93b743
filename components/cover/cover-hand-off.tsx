'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { downloadCsv } from '@/lib/csv/download';
import type { CoverAnswer } from '@/lib/cover/types';
import {
  absentNames,
  lessonLine,
  lessonsPerReliever,
  subjectWords,
  topReasons,
  withoutRepeats,
} from '@/lib/cover/words';
import { useFormats } from '@/lib/format/use-formats.client';
import { Textarea } from '@/components/ui/control';
import { useReasonLabel } from './cover-reasons';

/** The hand-off: the cover list as CSV, and a short text per reliever to paste into a message. */
export function CoverHandOff({ answer, zone }: { answer: CoverAnswer; zone: string }) {
  const t = useTranslations('cover');
  const f = useFormats();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const clock = (s: number) => f.clockTime(s, zone);
  const reason = useReasonLabel();
  const csv = () => {
    const rows = answer.data.map((l) => {
      const reliever = l.candidates.find((c) => c.employee === l.proposed);
      return [
        answer.meta.date,
        l.period ?? '',
        `${clock(l.start)}–${clock(l.end)}`,
        l.groups.join(', '),
        subjectWords(l, (k) => t(`kind.${k}`)),
        l.locations.join(', '),
        l.absent.join(', '),
        t(`state.${l.state}`),
        l.state === 'covered' ? l.coveredBy.join(', ') : (l.proposed ?? ''),
        reliever
          ? topReasons(reliever.reasons).map(reason).join(', ')
          : l.cancelRule
            ? t('cancelByRule', { rule: t(`cancelRules.${l.cancelRule}`) })
            : l.nobody
              ? t(`nobody.${l.nobody}`)
              : '',
        l.id ?? '',
      ];
    });
    const c = (k: 'time' | 'period' | 'group' | 'subject' | 'room' | 'absent' | 'reliever' | 'reason') =>
      t(`columns.${k}`);
    void downloadCsv(
      `invallijst-${answer.meta.date}.csv`,
      [
        t('date'),
        c('period'),
        c('time'),
        c('group'),
        c('subject'),
        c('room'),
        c('absent'),
        'status',
        c('reliever'),
        c('reason'),
        'id',
      ],
      rows,
    );
  };
  const texts = [...lessonsPerReliever(answer.data)].map(([employee, lessons]) => {
    const name = lessons[0]!.candidates.find((c) => c.employee === employee)?.name ?? employee;
    const lines = lessons.map((l) =>
      t('messageLesson', {
        what: lessonLine(l, clock, { kind: (k) => t(`kind.${k}`), room: (room) => t('messageRoom', { room }) }),
        absent: absentNames(l),
      }),
    );
    return {
      employee,
      text: withoutRepeats(t('messageFor', { name, date: f.longDate(answer.meta.date), lessons: lines.join('; ') })),
    };
  });
  return (
    <>
      <Button onClick={csv}>CSV</Button>
      <Button aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('messages')}
      </Button>
      {open ? (
        <ul className="w-full space-y-2 text-sm" data-testid="cover-messages">
          {texts.map(({ employee, text }) => (
            <li key={employee} className="flex items-start gap-2">
              <Textarea readOnly className="min-h-16 flex-1" value={text} aria-label={employee} />
              <Button onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(employee))}>
                {copied === employee ? t('copied') : t('copy')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
