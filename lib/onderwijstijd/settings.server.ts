import 'server-only';
import { z } from 'zod';
import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { log } from '@/lib/platform/log.server';
import { chargeOrRefuse, sharedLimiter } from '@/lib/platform/rate-limit.server';
import { stateStore } from '@/lib/platform/state/state.server';
import { checkPartner, getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import type { Partner } from '@/lib/partner-api/schemas';
import { readSettings, type OnderwijstijdSettings, type SettingsChange } from './settings';

// Onderwijstijd's settings, kept per portal (its API base URL) in the state store and shared by
// everyone who reads the school's onderwijstijd. A change is a write: only a partner whose rights
// hold what onderwijstijd reads (asked of the portal anew, so a revoked token changes nothing),
// at most WRITES_PER_MINUTE a connection, stored whole in one step, logged with the connection and
// partner (never the token) and which settings changed.

const settingsKey = (portal: string) => `onderwijstijd-settings:${portal}`;
/** Settings outlive a school year: kept 400 days after the last change. */
const KEPT_MS = 400 * 86_400_000;
export const WRITES_PER_MINUTE = 30;

/** What onderwijstijd reads of appointments: without these no figure can be made. */
export const ONDERWIJSTIJD_NEEDS = ['id', 'start', 'end', 'type'] as const;

/** The needed fields the partner lacks (`appointments.start` …); who took part needs `students` or `groups`. */
export function missingForOnderwijstijd(partner: Partner): string[] {
  const rights = partner.endpoints.find((e) => e.endpoint === 'appointments');
  const missing: string[] = ONDERWIJSTIJD_NEEDS.filter((f) => !rights?.readFields.includes(f)).map(
    (f) => `appointments.${f}`,
  );
  if (!rights?.readFields.includes('students') && !rights?.readFields.includes('groups'))
    missing.push('appointments.students');
  return missing;
}

/** The partner of a connection that may read (with `write`: change) onderwijstijd, or a 403 naming what it lacks. */
export async function requireOnderwijstijd(active: ActiveConnection, { write = false } = {}): Promise<Partner> {
  const partner = write ? await checkPartner(active) : await getPartner(active);
  const missing = missingForOnderwijstijd(partner);
  if (missing.length > 0) throw new HttpError(403, apiText('onderwijstijd.rights', { fields: missing.join(', ') }));
  return partner;
}

const changeSchema = z.object({ partner: z.string(), connection: z.string(), at: z.number() });

export async function onderwijstijdSettingsRecord(
  portal: string,
): Promise<{ settings: OnderwijstijdSettings; changed: SettingsChange | null }> {
  const raw = await stateStore().get(settingsKey(portal));
  const stored = raw ? (JSON.parse(raw) as { changed?: unknown }) : null;
  const changed = changeSchema.safeParse(stored?.changed);
  return { settings: readSettings(stored), changed: changed.success ? changed.data : null };
}

export const onderwijstijdSettings = async (portal: string) => (await onderwijstijdSettingsRecord(portal)).settings;

export async function saveOnderwijstijdSettings(
  portal: string,
  settings: OnderwijstijdSettings,
  by: { connectionId: string; partnerName: string },
): Promise<SettingsChange> {
  const limiter = sharedLimiter('onderwijstijd-settings-writes', {
    points: WRITES_PER_MINUTE,
    duration: 60,
    keyPrefix: 'rl:onderwijstijd:writes',
  });
  await chargeOrRefuse(limiter, by.connectionId, (seconds) =>
    apiText('onderwijstijd.tooManyWrites', { max: WRITES_PER_MINUTE, seconds }),
  );
  const before = await onderwijstijdSettings(portal);
  const changed: SettingsChange = { partner: by.partnerName, connection: by.connectionId, at: Date.now() };
  await stateStore().set(settingsKey(portal), JSON.stringify({ ...settings, changed }), KEPT_MS);
  const fields = (Object.keys(settings) as (keyof OnderwijstijdSettings)[]).filter(
    (k) => JSON.stringify(settings[k]) !== JSON.stringify(before[k]),
  );
  log.info(
    { connectionId: by.connectionId, partner: by.partnerName, portal, changed: fields },
    'onderwijstijd settings changed',
  );
  return changed;
}
