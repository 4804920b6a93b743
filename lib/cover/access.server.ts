import 'server-only';
import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { checkPartner, getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import type { Partner } from '@/lib/partner-api/schemas';

// Who may steer the school's cover plan (its settings and pins are shared by every scheduler of
// the portal): a partner whose rights hold what cover planning reads. Reading the settings takes
// the rights as every read does (at most a minute old); a write asks the portal for them anew, so a
// token the portal has revoked changes nothing: the portal's 401 drops the connection as on a read.

/** What cover planning reads, per endpoint: the fields a plan cannot be made without. */
export const COVER_PLANNER_NEEDS = {
  appointments: ['id', 'start', 'end', 'teachers'],
  employeeabsences: ['employee', 'start', 'end'],
  contracts: ['employee'],
} as const;

/** The needed fields the partner's rights lack, as `endpoint.field`. */
export function missingForCover(partner: Partner): string[] {
  const missing: string[] = [];
  for (const [endpoint, fields] of Object.entries(COVER_PLANNER_NEEDS)) {
    const rights = partner.endpoints.find((e) => e.endpoint === endpoint);
    for (const field of fields) if (!rights?.readFields.includes(field)) missing.push(`${endpoint}.${field}`);
  }
  return missing;
}

/**
 * The partner of a connection that may read (or, with `write`, change) the cover settings and
 * pins, or a 403 that names the rights it lacks.
 */
export async function requireCoverPlanner(active: ActiveConnection, { write = false } = {}): Promise<Partner> {
  const partner = write ? await checkPartner(active) : await getPartner(active);
  const missing = missingForCover(partner);
  if (missing.length > 0) throw new HttpError(403, apiText('cover.plannerRights', { fields: missing.join(', ') }));
  return partner;
}
