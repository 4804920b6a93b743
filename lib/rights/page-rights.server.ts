import 'server-only';
import { createTranslator } from 'next-intl';
import { serverEnv } from '@/lib/env.server';
import { fieldSpec } from '@/lib/partner-api/catalog';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { today, weekdayOf } from '@/lib/partner-api/calendar';
import { currentWeek } from '@/lib/partner-api/values';
import type { Partner } from '@/lib/partner-api/schemas';
import { messages } from '@/messages';
import { getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import { schoolYearName } from '@/lib/format/dates';

// What pages need from /partners/~me, read once per page: the partner or the failure to show.

export async function partnerOrError(active: ActiveConnection): Promise<Partner | PartnerApiError> {
  return getPartner(active).catch((error: unknown) => {
    if (error instanceof PartnerApiError) return error;
    throw error;
  });
}

export function rightsFor(partner: Partner, endpoint: string) {
  const r = partner.endpoints.find((e) => e.endpoint === endpoint);
  return r ? { readFields: r.readFields, filterFields: r.filterFields } : null;
}

/** Says a `rights.project` message: `getTranslations('rights.project')` on a page. */
export type ProjectWords = (
  key: keyof (typeof messages)['en']['rights']['project'],
  values: Record<string, string | number>,
) => string;

const english: ProjectWords = createTranslator({ locale: 'en', messages: messages.en, namespace: 'rights.project' });

/** A project's own name with its school year, where the name does not say it ("Hoofdgebouw 2025-2026"). */
function withYear(name: string, schoolYear: number | null | undefined): string {
  if (!schoolYear || name.includes(String(schoolYear))) return name;
  return `${name} ${schoolYearName(schoolYear)}`;
}

/** The partner's projects to choose from; one the portal gives no name is labelled in `t`'s language. */
export function projectChoices(partner: Partner, t: ProjectWords = english) {
  return partner.schoolInSchoolYears.map((p) => ({
    id: p.id,
    label:
      typeof p.name === 'string' && p.name.trim() !== ''
        ? withYear(p.name, p.schoolYear)
        : p.schoolYear
          ? t('labelWithYear', { id: p.id, from: p.schoolYear, to: p.schoolYear + 1 })
          : t('label', { id: p.id }),
    schoolYear: p.schoolYear ?? null,
  }));
}

/**
 * What the week pages (timetable, overview) take from the server: the school's zone and week, the
 * granted appointment fields with their kinds (the catalogue stays here), names and projects.
 */
export function weekPageConfig(
  partner: Partner,
  rights: NonNullable<ReturnType<typeof rightsFor>>,
  projectWords: ProjectWords,
) {
  const env = serverEnv();
  return {
    zone: env.SCHOOL_TIME_ZONE,
    pollSeconds: env.TIMETABLE_POLL_SECONDS,
    today: currentWeek(env.SCHOOL_TIME_ZONE),
    /** Today's ISO weekday in the school's zone: the day a phone's first paint shows in this week. */
    todayWeekday: weekdayOf(today(env.SCHOOL_TIME_ZONE)),
    fieldKinds: Object.fromEntries(
      rights.readFields.map((f) => [
        f,
        {
          supported: fieldSpec('appointments', f)?.supported ?? null,
          timestamp: fieldSpec('appointments', f)?.type === 'timestamp',
        },
      ]),
    ),
    rights,
    userFields: partner.endpoints.find((e) => e.endpoint === 'users')?.readFields ?? null,
    liveSchedule: partner.endpoints.some((e) => e.endpoint === 'liveschedule'),
    projects: projectChoices(partner, projectWords),
  };
}
