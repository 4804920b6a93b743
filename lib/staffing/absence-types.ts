// An absence type as a school reads it: the name of a well-known code beside the code itself
// ("Ziek (ZIEK)"); a code Rooster does not know stays as the portal sends it; without a code, the
// number ("soort 2"). One rule for the absences table, its counts and what absences cost.

export const KNOWN_ABSENCE_CODES = ['ZIEK', 'SCHOL', 'VERL', 'BVERL', 'ZWANG', 'OUDER', 'DIENST', 'OVERIG'] as const;
export type KnownCode = (typeof KNOWN_ABSENCE_CODES)[number];

/** The words, in the interface's language: a known code's name, "soort {number}", "onbekend". */
export interface AbsenceTypeWords {
  known: (code: KnownCode) => string;
  number: (n: string) => string;
  unknown: string;
}

const isKnown = (code: string): code is KnownCode => (KNOWN_ABSENCE_CODES as readonly string[]).includes(code);

export function absenceTypeLabel(code: unknown, type: unknown, words: AbsenceTypeWords): string {
  const text = typeof code === 'string' ? code.trim() : '';
  const upper = text.toUpperCase();
  if (text) return isKnown(upper) ? `${words.known(upper)} (${text})` : text;
  if (typeof type === 'number') return words.number(String(type));
  return words.unknown;
}
