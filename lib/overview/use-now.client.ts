import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import type { IsoWeek } from '@/lib/partner-api/values';

/** The current ISO weekday and minute in the school's zone, once mounted (never on the server). */
export function useNow(zone: string) {
  const [now, setNow] = useState<{ week: IsoWeek; weekday: number; minute: number } | null>(null);
  useEffect(() => {
    const read = () => {
      const t = DateTime.now().setZone(zone);
      setNow({ week: { year: t.weekYear, week: t.weekNumber }, weekday: t.weekday, minute: t.hour * 60 + t.minute });
    };
    read();
    const timer = setInterval(read, 60_000);
    return () => clearInterval(timer);
  }, [zone]);
  return now;
}
