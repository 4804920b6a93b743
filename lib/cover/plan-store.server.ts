import 'server-only';
import { chargeOrRefuse, sharedLimiter } from '@/lib/platform/rate-limit.server';
import { apiText } from '@/lib/api/api-text';
import { dayStart, plusDays } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { HttpError } from '@/lib/platform/api.server';
import { log } from '@/lib/platform/log.server';
import { stateStore } from '@/lib/platform/state/state.server';
import { readSettingsRecord, writeSettingsRecord, type SettingsWriter } from '@/lib/platform/settings-record.server';
import { coverSettingsSchema } from './query';
import { DEFAULT_SETTINGS, type CoverSettings, type SettingsChange } from './types';

// What the school's schedulers share of the cover plan, kept per portal (its API base URL) in the
// state store: the settings with who changed them last, the day's pins (a field per lesson, set
// atomically), the day's proposals (what the follow-up compares with) and the day's lessons to
// cover (what a pin may name). Every change is a write: bounded, rate-limited per connection,
// logged with the connection and partner, never the token. No student data is kept.

const settingsKey = (portal: string) => `cover-settings:${portal}`;
const pinsKey = (portal: string, date: string) => `cover-pins:v2:${portal}:${date}`;
const proposedKey = (portal: string, date: string) => `cover-proposed:${portal}:${date}`;
const lessonsKey = (portal: string, date: string) => `cover-lessons:${portal}:${date}`;

/** At most this many pins a day (a large school's day has well under a hundred open lessons). */
export const MAX_PINS_PER_DAY = 300;
/** Changes to the plan (settings and pins) one connection may make per minute. */
export const PLAN_WRITES_PER_MINUTE = 60;

/** A week: a plan written for a day long past is still kept this long after it was written. */
const WEEK_MS = 7 * 86_400_000;

/**
 * A day's plan is kept until a week after the day (a past day's follow-up stays readable), and at
 * least a week after it was written: pins set while looking back at a past day do not vanish
 * within a minute, and "ingevuld zoals voorgesteld" stays to be seen.
 */
export function keptForDay(date: string): number {
  return Math.max(dayStart(plusDays(date, 8), serverEnv().SCHOOL_TIME_ZONE) * 1000 - Date.now(), WEEK_MS);
}

/** Who wrote to the plan: the connection (its id and partner name), never the token. */
export type PlanWriter = SettingsWriter;

export async function coverSettingsRecord(
  portal: string,
): Promise<{ settings: CoverSettings; changed: SettingsChange | null }> {
  const { stored, changed } = await readSettingsRecord(settingsKey(portal));
  if (!stored) return { settings: DEFAULT_SETTINGS, changed: null };
  // Settings stored before a setting (or a reason) was added keep theirs, the new one at its
  // default; settings stored before the bounds of today (a year-long window, year 9999) are not used.
  const weights = typeof stored.weights === 'object' && stored.weights !== null ? stored.weights : {};
  const parsed = coverSettingsSchema.safeParse({
    ...DEFAULT_SETTINGS,
    ...stored,
    weights: { ...DEFAULT_SETTINGS.weights, ...weights },
  });
  return { settings: parsed.success ? parsed.data : DEFAULT_SETTINGS, changed };
}

export async function coverSettings(portal: string): Promise<CoverSettings> {
  return (await coverSettingsRecord(portal)).settings;
}

export async function saveCoverSettings(
  portal: string,
  settings: CoverSettings,
  by: PlanWriter,
): Promise<SettingsChange> {
  await chargePlanWrite(by.connectionId);
  const before = await coverSettings(portal);
  return writeSettingsRecord(settingsKey(portal), settings, before, by, { what: 'cover settings changed', portal });
}

export async function coverPins(portal: string, date: string): Promise<Record<string, string>> {
  return stateStore().getFields(pinsKey(portal, date));
}

/**
 * A pin (or, with `employee` null, its removal) on one of the day's lessons to cover: a field of
 * the day's record, so pins set at once on other lessons are all kept.
 */
export async function pinCover(
  portal: string,
  date: string,
  lesson: string,
  employee: string | null,
  by: PlanWriter,
): Promise<void> {
  await chargePlanWrite(by.connectionId);
  const set = await stateStore().setField(pinsKey(portal, date), lesson, employee, keptForDay(date), MAX_PINS_PER_DAY);
  if (!set) throw new HttpError(409, apiText('cover.tooManyPins', { max: MAX_PINS_PER_DAY }));
  log.info(
    { connectionId: by.connectionId, partner: by.partnerName, portal, date, lesson, pinned: employee !== null },
    'cover pin changed',
  );
}

/** The day's lessons to cover (their keys) as the last answer for the day found them; null: not read yet. */
export async function dayLessons(portal: string, date: string): Promise<string[] | null> {
  const raw = await stateStore().get(lessonsKey(portal, date));
  return raw ? (JSON.parse(raw) as string[]) : null;
}

export async function keepDayLessons(portal: string, date: string, keys: string[]): Promise<void> {
  await stateStore().set(lessonsKey(portal, date), JSON.stringify(keys), keptForDay(date));
}

/** The day's proposals by lesson chain, as made so far. */
export async function proposals(portal: string, date: string): Promise<Record<string, string>> {
  const raw = await stateStore().get(proposedKey(portal, date));
  return raw ? (JSON.parse(raw) as Record<string, string>) : {};
}

export async function keepProposals(portal: string, date: string, proposed: Record<string, string>): Promise<void> {
  await stateStore().set(proposedKey(portal, date), JSON.stringify(proposed), keptForDay(date));
}

const writeLimiter = () =>
  sharedLimiter('cover-plan-writes', { points: PLAN_WRITES_PER_MINUTE, duration: 60, keyPrefix: 'rl:cover:writes' });

async function chargePlanWrite(connectionId: string): Promise<void> {
  await chargeOrRefuse(writeLimiter(), connectionId, (seconds) =>
    apiText('cover.tooManyWrites', { max: PLAN_WRITES_PER_MINUTE, seconds }),
  );
}
