import 'server-only';
import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { chargeOrRefuse, sharedLimiter } from '@/lib/platform/rate-limit.server';
import { readSettingsRecord, writeSettingsRecord, type SettingsWriter } from '@/lib/platform/settings-record.server';
import { checkPartner, getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import type { Partner } from '@/lib/partner-api/schemas';
import { readSettings, type OnderwijstijdSettings, type SettingsChange } from './settings';

// Onderwijstijd's settings, kept per portal (its API base URL) in the state store and shared by
// everyone who reads the school's onderwijstijd. A change is a write: only a partner whose rights
// hold what onderwijstijd reads (asked of the portal anew, so a revoked token changes nothing),
// at most WRITES_PER_MINUTE a connection, stored whole in one step, logged with the connection and
// partner (never the token) and which settings changed.

const settingsKey = (portal: string) => `onderwijstijd-settings:${portal}`;
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

export async function onderwijstijdSettingsRecord(
  portal: string,
): Promise<{ settings: OnderwijstijdSettings; changed: SettingsChange | null }> {
  const { stored, changed } = await readSettingsRecord(settingsKey(portal));
  return { settings: readSettings(stored), changed };
}

export const onderwijstijdSettings = async (portal: string) => (await onderwijstijdSettingsRecord(portal)).settings;

export async function saveOnderwijstijdSettings(
  portal: string,
  settings: OnderwijstijdSettings,
  by: SettingsWriter,
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
  return writeSettingsRecord(settingsKey(portal), settings, before, by, {
    what: 'onderwijstijd settings changed',
    portal,
  });
}
