import { Faker, nl, en, base } from '@faker-js/faker';
import type { Person } from './types';

// Dutch names from faker's nl locale, seeded. Surname prefixes ("van der", "de") go into `prefix`,
// the way Dutch administrations store them (sorting on the last name proper).

const PREFIXES = [
  'van der',
  'van den',
  'van de',
  "van 't",
  "in 't",
  'op de',
  'van',
  'de',
  'den',
  'der',
  'ter',
  'ten',
  'te',
  "'t",
];

export function splitSurname(full: string): { prefix: string | null; lastName: string } {
  for (const prefix of PREFIXES) {
    if (full.toLowerCase().startsWith(`${prefix} `)) return { prefix, lastName: full.slice(prefix.length + 1) };
  }
  return { prefix: null, lastName: full };
}

export class NameSource {
  private readonly faker: Faker;
  private readonly usedCodes = new Set<string>();

  constructor(seed: number) {
    this.faker = new Faker({ locale: [nl, en, base] });
    this.faker.seed(seed);
  }

  person(): Omit<Person, 'code'> {
    const firstName = this.faker.person.firstName();
    const { prefix, lastName } = splitSurname(this.faker.person.lastName());
    return { firstName, prefix, lastName };
  }

  /** A teacher's code as schools use them: three lowercase letters from the name, unique. */
  employeeCode(name: Omit<Person, 'code'>): string {
    const letters = (name.firstName.slice(0, 1) + name.lastName.replace(/[^a-zA-Z]/g, '')).toLowerCase();
    const candidates = [
      letters.slice(0, 3),
      letters.slice(0, 2) + letters.slice(-1),
      letters.slice(0, 1) + letters.slice(2, 4),
    ];
    for (const c of candidates) {
      if (c.length === 3 && !this.usedCodes.has(c)) return this.use(c);
    }
    for (let n = 2; ; n++) {
      const c = `${letters.slice(0, 2)}${n}`;
      if (!this.usedCodes.has(c)) return this.use(c);
    }
  }

  private use(code: string): string {
    this.usedCodes.add(code);
    return code;
  }
}
