import { describe, expect, it } from 'vitest';
import { readSpec, resourceSections, tableFields, unsupportedFields } from '@/tests/support/spec-reader';
import {
  catalog,
  endpointByName,
  endpoints,
  fieldSpec,
  filterSpec,
  referencedResources,
  resourceNames,
} from './catalog';
import { FIELD_TYPES, type FieldSpec } from './catalog-types';

const spec = readSpec();
const sections = resourceSections(spec);
const all = (name: keyof typeof catalog): readonly FieldSpec[] => catalog[name].fields;

describe('the catalogue holds every resource of the spec', () => {
  it('has exactly the resources the spec lists, in order', () => {
    expect(resourceNames).toEqual([
      'appointments',
      'branchesofschools',
      'branches',
      'choosableindepartments',
      'contracts',
      'courses',
      'departmentsofbranches',
      'employeeabsences',
      'employees',
      'groupindepartments',
      'users',
    ]);
  });

  it.each([
    // resource, supported fields, unsupported fields — counted by hand from partner-api.md
    ['appointments', 30, 27],
    ['branchesofschools', 3, 1],
    ['branches', 4, 0],
    ['choosableindepartments', 3, 45],
    ['contracts', 5, 108],
    ['courses', 13, 0],
    ['departmentsofbranches', 4, 38],
    ['employeeabsences', 1, 19],
    ['employees', 11, 0],
    ['groupindepartments', 6, 0],
    ['users', 4, 0],
  ] as const)('%s: %i supported and %i unsupported fields', (name, supported, unsupported) => {
    const fields = all(name);
    expect(fields.filter((f) => f.supported)).toHaveLength(supported);
    expect(fields.filter((f) => !f.supported)).toHaveLength(unsupported);
    expect(new Set(fields.map((f) => f.name)).size).toBe(fields.length);
  });

  it('marks the resources the spec only partly shows', () => {
    const partial = resourceNames.filter((n) => catalog[n].partial);
    expect(partial).toEqual(['employees', 'groupindepartments', 'users']);
  });

  it('uses only the spec type words', () => {
    for (const name of resourceNames) {
      for (const f of [...all(name), ...catalog[name].filters]) expect(FIELD_TYPES).toContain(f.type);
    }
  });
});

describe('the catalogue matches the spec text, field by field', () => {
  // Resources whose fields the spec lists in tables and bullets (the others are "not shown" in part).
  const listed = [
    'appointments',
    'branchesofschools',
    'branches',
    'choosableindepartments',
    'contracts',
    'courses',
    'departmentsofbranches',
    'employees',
  ] as const;

  it.each(listed)('%s: names, types, filter and supported flags equal the spec', (name) => {
    const section = sections.get(name);
    expect(section, `section ### ${name} in the spec`).toBeDefined();
    const fromSpec = [...tableFields(section!), ...unsupportedFields(section!)];
    const fromCatalog = all(name).map(({ name: n, type, filterable, supported }) => ({
      name: n,
      type,
      filterable,
      supported,
    }));
    expect(fromCatalog).toEqual(fromSpec);
  });

  it('employeeabsences: the prose id plus the 19 unsupported bullets', () => {
    const fromSpec = unsupportedFields(sections.get('employeeabsences')!);
    const fromCatalog = all('employeeabsences')
      .filter((f) => !f.supported)
      .map(({ name, type, filterable, supported }) => ({ name, type, filterable, supported }));
    expect(fromCatalog).toEqual(fromSpec);
    expect(fieldSpec('employeeabsences', 'id')).toMatchObject({ type: 'long', filterable: true, supported: true });
  });
});

describe('details the spec gives on fields and filters', () => {
  it.each([
    [
      'appointments',
      'type',
      {
        requiredAtCreate: true,
        immutable: true,
        allowedValues: ['exam', 'activity', 'lesson', 'talk', 'meeting', 'interlude'],
      },
    ],
    ['appointments', 'startTimeSlot', { type: 'integer', range: { min: 1 } }],
    ['appointments', 'students', { filterable: false, ref: { resource: 'students', field: 'userCode' } }],
    [
      'appointments',
      'modified',
      { supported: false, filterable: true, deprecated: { replacement: { kind: 'filter', name: 'changed' } } },
    ],
    ['appointments', 'base', { supported: false, deprecated: {} }],
    ['appointments', 'udmUUID', { type: 'uuid', supported: false, filterable: false }],
    [
      'appointments',
      'locationsOfBranch',
      { type: 'long[]', filterable: true, ref: { resource: 'locationofbranches', field: 'id' } },
    ],
    [
      'contracts',
      'employee',
      { requiredAtCreate: true, immutable: true, ref: { resource: 'employees', field: 'userCode' } },
    ],
    ['contracts', 'start', { type: 'date', supported: true }],
    ['contracts', 'fteNet', { type: 'float', supported: false }],
    ['contracts', 'gender', { allowedValues: ['f', 'm'] }],
    ['contracts', 'availableDays', { deprecated: { replacement: { kind: 'endpoint', name: 'schedulepreferences' } } }],
    ['contracts', 'employerCostTotalPlanning', { type: 'integer', filterable: false }],
    [
      'choosableindepartments',
      'subjectScheduleCode',
      { deprecated: { replacement: { kind: 'field', name: 'scheduleCode' } } },
    ],
    [
      'choosableindepartments',
      'expectedStudentCountDepartmentPercentage',
      { range: { min: 0, max: 100 }, filterable: true },
    ],
    ['departmentsofbranches', 'participationThreshold', { type: 'percentage', range: { min: 0, max: 1 } }],
    ['departmentsofbranches', 'yearOfEducation', { range: { min: 1, max: 9 }, filterable: true }],
    ['employeeabsences', 'absenceType', { type: 'integer', allowedValues: ['0', '1', '2', '3', '4', '5', '6', '7'] }],
    ['employeeabsences', 'start', { type: 'timestamp', filterable: true, supported: false }],
    ['courses', 'students', { type: 'json[]', filterable: false }],
    ['users', 'code', { filterable: true, typeShown: false }],
  ] as const)('%s.%s', (resource, name, expected) => {
    expect(fieldSpec(resource, name)).toMatchObject(expected);
  });

  it.each([
    ['appointments', 'changed', { type: 'boolean', supported: true }],
    ['appointments', 'modifiedSince', { type: 'timestamp', supported: true }],
    ['appointments', 'includeHidden', { type: 'boolean', supported: true }],
    ['appointments', 'user', { type: 'string', supported: false }],
    ['appointments', 'possibleStudents', { supported: false, ref: { resource: 'users', field: 'code' } }],
    ['employeeabsences', 'startDate', { type: 'date', supported: false }],
    ['employeeabsences', 'endWeek', { type: 'week', supported: false }],
    ['courses', 'teacher', { type: 'string', supported: true }],
    ['contracts', 'schoolFunction', { supported: false }],
  ] as const)('filter %s.%s', (resource, name, expected) => {
    expect(filterSpec(resource, name)).toMatchObject(expected);
  });

  it('gives every resource the fields parameter, and schoolInSchoolYear where it is no field', () => {
    for (const name of resourceNames) {
      expect(filterSpec(name, 'fields'), name).toBeDefined();
      const asField = fieldSpec(name, 'schoolInSchoolYear');
      const asFilter = filterSpec(name, 'schoolInSchoolYear');
      expect(Boolean(asField) !== Boolean(asFilter), `${name}: schoolInSchoolYear exactly once`).toBe(true);
    }
  });

  it('points every ref at a catalogued resource and field, or at a resource marked "not shown"', () => {
    const known = new Set(referencedResources.map((r) => r.name));
    // The spec's own slip: branches has `code` but no `id` field, yet appointments.branch refers to branches.id.
    const danglingInSpec: string[] = [];
    for (const name of resourceNames) {
      for (const f of [...all(name), ...catalog[name].filters]) {
        if (!f.ref) continue;
        const target = f.ref.resource;
        if (target in catalog) {
          if (!fieldSpec(target as keyof typeof catalog, f.ref.field))
            danglingInSpec.push(`${name}.${f.name} → ${target}.${f.ref.field}`);
        } else {
          expect(known.has(target), `${name}.${f.name} → ${target}`).toBe(true);
        }
      }
    }
    expect(danglingInSpec).toEqual(['appointments.branch → branches.id']);
    expect(spec).toContain('branch string* (ref branches.id)');
    for (const r of referencedResources.filter((r) => r.listedBySpec)) {
      expect(spec).toContain(r.name);
    }
  });
});

describe('endpoints', () => {
  it('lists every row of the endpoint table', () => {
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      ...resourceNames.map((n) => `GET /${n}`),
      'GET /liveschedule',
      'GET /partners/~me',
      'POST /oauth/token',
    ]);
    const table = spec.split('### Endpoint list')[1]!.split('\n\n')[1]!;
    for (const e of endpoints) expect(table).toContain(`| ${e.method} | ${e.path} |`);
  });

  it('requires schoolInSchoolYear and fields on list endpoints', () => {
    const appointments = endpointByName('appointments')!;
    expect(appointments.params.filter((p) => p.required).map((p) => p.name)).toEqual(['schoolInSchoolYear', 'fields']);
    expect(
      endpointByName('liveschedule')!
        .params.filter((p) => p.required)
        .map((p) => p.name),
    ).toEqual(['student', 'week', 'schoolInSchoolYear']);
    expect(endpointByName('partners/~me')!.params).toHaveLength(0);
  });
});
