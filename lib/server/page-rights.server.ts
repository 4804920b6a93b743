import 'server-only';
import { createTranslator } from 'next-intl';
import { PartnerApiError } from '@/lib/partner-api/errors';
import type { Partner } from '@/lib/partner-api/schemas';
import { messages } from '@/messages';
import { getPartner, type ActiveConnection } from './connection.server';

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

/** The partner's projects to choose from; one the portal gives no name is labelled in `t`'s language. */
export function projectChoices(partner: Partner, t: ProjectWords = english) {
  return partner.schoolInSchoolYears.map((p) => ({
    id: p.id,
    label:
      typeof p.name === 'string'
        ? p.name
        : p.schoolYear
          ? t('labelWithYear', { id: p.id, from: p.schoolYear, to: p.schoolYear + 1 })
          : t('label', { id: p.id }),
    schoolYear: p.schoolYear ?? null,
  }));
}
