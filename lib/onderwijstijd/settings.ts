import { z } from 'zod';
import {
  APPOINTMENT_TYPES,
  COUNTING_TYPES,
  DEFAULT_CODE_RULES,
  EQUAL_SHARES,
  LEERJAREN,
  OPLEIDINGEN,
  type CodeRule,
  type Opleiding,
  type YearShares,
} from './definitions';

// Onderwijstijd's per-portal settings (issue 48): which appointment types count, each leerjaar's
// share of its opleiding's norm, and how a department code names its opleiding. Shared by every
// user of the school's portal; what is sent is checked whole (messages are keys of `api`).

export interface OnderwijstijdSettings {
  types: AppointmentTypeList;
  yearShares: YearShares;
  codeRules: CodeRule[];
}
type AppointmentTypeList = (typeof APPOINTMENT_TYPES)[number][];

export const DEFAULT_ONDERWIJSTIJD_SETTINGS: OnderwijstijdSettings = {
  types: [...COUNTING_TYPES],
  yearShares: { vmbo: [...EQUAL_SHARES.vmbo], havo: [...EQUAL_SHARES.havo], vwo: [...EQUAL_SHARES.vwo] },
  codeRules: [...DEFAULT_CODE_RULES],
};

export type { SettingsChange } from '@/lib/platform/settings-change';

/** At most this many code rules (a school has a handful of departments' spellings). */
export const MAX_CODE_RULES = 30;

const share = z
  .number('onderwijstijd.shareRange')
  .min(0, 'onderwijstijd.shareRange')
  .max(1, 'onderwijstijd.shareRange');
const sharesOf = (o: Opleiding) =>
  z
    .array(share)
    .length(LEERJAREN[o], 'onderwijstijd.sharesLength')
    // The leerjaren share the whole norm: together they are the opleiding's 100%.
    .refine((xs) => Math.abs(xs.reduce((a, b) => a + b, 0) - 1) < 0.005, 'onderwijstijd.sharesSum');

export const onderwijstijdSettingsSchema: z.ZodType<OnderwijstijdSettings> = z.object({
  types: z
    .array(z.enum(APPOINTMENT_TYPES, 'onderwijstijd.unknownType'))
    .min(1, 'onderwijstijd.noType')
    .max(APPOINTMENT_TYPES.length)
    .refine((ts) => new Set(ts).size === ts.length, 'onderwijstijd.typeTwice'),
  yearShares: z.object({ vmbo: sharesOf('vmbo'), havo: sharesOf('havo'), vwo: sharesOf('vwo') }),
  codeRules: z
    .array(
      z.object({
        prefix: z
          .string('onderwijstijd.prefix')
          .trim()
          .min(1, 'onderwijstijd.prefix')
          .max(20, 'onderwijstijd.prefix')
          .regex(/^[\p{L}\p{N}._-]+$/u, 'onderwijstijd.prefix'),
        opleiding: z.enum(OPLEIDINGEN, 'onderwijstijd.unknownOpleiding'),
      }),
    )
    .max(MAX_CODE_RULES, 'onderwijstijd.tooManyRules'),
});

/** Settings as stored: one kept before a setting existed keeps the rest, the new one at its default. */
export function readSettings(stored: unknown): OnderwijstijdSettings {
  const given = typeof stored === 'object' && stored !== null ? stored : {};
  const parsed = onderwijstijdSettingsSchema.safeParse({ ...DEFAULT_ONDERWIJSTIJD_SETTINGS, ...given });
  return parsed.success ? parsed.data : DEFAULT_ONDERWIJSTIJD_SETTINGS;
}
