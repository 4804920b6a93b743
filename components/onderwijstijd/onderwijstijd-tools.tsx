'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { PeriodForm } from '@/components/ui/period-form';
import { onderwijstijdPaths } from '@/lib/onderwijstijd/api.client';

/**
 * The period, kept in the address with the klas and student shown (a shared link opens the same
 * view), and the print of what is on screen.
 */
export function OnderwijstijdTools({
  from,
  to,
  group,
  student,
}: {
  from: string;
  to: string;
  group: string | null;
  student: string | null;
}) {
  const t = useTranslations('onderwijstijd');
  return (
    <PeriodForm
      from={from}
      to={to}
      words={{ period: t('period'), from: t('from'), to: t('to'), show: t('show'), showing: t('showing') }}
      href={(period) => onderwijstijdPaths.page({ ...period, group, student })}
    >
      <Button type="button" onClick={() => window.print()}>
        {t('print')}
      </Button>
    </PeriodForm>
  );
}
