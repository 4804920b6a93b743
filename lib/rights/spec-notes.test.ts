import { describe, expect, it } from 'vitest';
import { catalog } from '@/lib/partner-api/catalog';
import { compareRights } from './compare';
import { hasDutch, specNote } from './spec-notes';

describe("the spec's remarks in Dutch", () => {
  it('every remark of the catalogue on a field or filter has its Dutch text', () => {
    const remarks = new Set<string>();
    for (const spec of Object.values(catalog)) {
      for (const f of spec.fields as readonly { notes?: string }[]) if (f.notes) remarks.add(f.notes);
      for (const f of spec.filters as readonly { meaning?: string }[]) if (f.meaning) remarks.add(f.meaning);
    }
    expect(remarks.size).toBeGreaterThan(40);
    expect([...remarks].filter((r) => !hasDutch(r))).toEqual([]);
  });

  it('the rights page shows them in Dutch to a Dutch reader, as the spec writes them otherwise', () => {
    expect(specNote('sequence number of the last time slot; use endTimeSlotName for display', 'nl')).toBe(
      'volgnummer van het laatste lesuur; toon endTimeSlotName',
    );
    const partner = {
      name: 'p',
      schoolInSchoolYears: [],
      endpoints: [{ name: 'appointments', readFields: ['endTimeSlot'], filterFields: [], writeFields: [] }],
    } as unknown as Parameters<typeof compareRights>[0];
    const row = (locale: string) =>
      compareRights(partner, undefined, locale)[0]!.rows.find((r) => r.name === 'endTimeSlot')!.notes;
    expect(row('nl')).toContain('volgnummer van het laatste lesuur');
    expect(row('en')).toContain('sequence number of the last time slot');
  });
});
