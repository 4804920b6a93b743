import 'server-only';
import { z } from 'zod';
import { log } from './log.server';
import type { SettingsChange } from './settings-change';
import { stateStore } from './state/state.server';

// A portal's shared settings as one record in the state store: the settings and who changed them
// last, written whole in one step and logged with the connection, the partner and which settings
// changed (never the token). Each feature checks and bounds its own settings and charges its own
// write limit before it writes; this is the one way they are stored and read back.

/** Settings outlive a school year: kept 400 days after the last change. */
const KEPT_MS = 400 * 86_400_000;

const changeSchema = z.object({ partner: z.string(), connection: z.string(), at: z.number() });

/** Who writes: the connection (its id and partner name), never the token. */
export interface SettingsWriter {
  connectionId: string;
  partnerName: string;
}

/** The record under `key` as stored (null: none yet; each feature reads it with its own schema), and who changed it last. */
export async function readSettingsRecord(
  key: string,
): Promise<{ stored: Record<string, unknown> | null; changed: SettingsChange | null }> {
  const raw = await stateStore().get(key);
  const parsed: unknown = raw ? JSON.parse(raw) : null;
  const stored = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  const changed = changeSchema.safeParse(stored?.changed);
  return { stored, changed: changed.success ? changed.data : null };
}

/** `settings` stored whole under `key` with who changed them; logged as `what` with the names of those that differ from `before`. */
export async function writeSettingsRecord<S extends object>(
  key: string,
  settings: S,
  before: S,
  by: SettingsWriter,
  { what, portal }: { what: string; portal: string },
): Promise<SettingsChange> {
  const changed: SettingsChange = { partner: by.partnerName, connection: by.connectionId, at: Date.now() };
  await stateStore().set(key, JSON.stringify({ ...settings, changed }), KEPT_MS);
  const fields = (Object.keys(settings) as (keyof S)[]).filter(
    (k) => JSON.stringify(settings[k]) !== JSON.stringify(before[k]),
  );
  log.info({ connectionId: by.connectionId, partner: by.partnerName, portal, changed: fields }, what);
  return changed;
}
