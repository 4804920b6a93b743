import 'server-only';
import { PartnerApiError } from '@/lib/partner-api/errors';
import type { Partner } from '@/lib/partner-api/schemas';
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

export function projectChoices(partner: Partner) {
  return partner.schoolInSchoolYears.map((p) => ({
    id: p.id,
    label:
      typeof p.name === 'string'
        ? p.name
        : `Project ${p.id}${p.schoolYear ? ` (${p.schoolYear}-${p.schoolYear + 1})` : ''}`,
    schoolYear: p.schoolYear ?? null,
  }));
}
