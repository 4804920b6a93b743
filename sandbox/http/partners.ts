import { randomBytes, randomInt } from 'node:crypto';
import { DateTime } from 'luxon';
import { catalog, resourceNames, type ResourceName } from '../../lib/partner-api/catalog';
import type { Project } from '../school/types';
import { PortalError } from './envelope';

// Partners, their rights, one-time codes and bearer tokens: what a portal administrator manages.

export interface EndpointRights {
  readFields: string[];
  writeFields: string[];
  filterFields: string[];
}

export interface Partner {
  id: string;
  name: string;
  endpoints: Record<string, EndpointRights>;
  schoolInSchoolYears: number[];
  /** Lifetime of tokens issued from now on, in seconds. */
  tokenTtlSeconds: number;
}

interface TokenRecord {
  partnerId: string;
  created: number;
  expires: number;
  revoked: boolean;
}

/** Real partner tokens live for years. */
const DEFAULT_TOKEN_TTL = 3 * 365 * 86_400;

/** The fields public clients read from /liveschedule (wire-facts). */
export const LIVESCHEDULE_FIELDS = [
  'id',
  'appointmentInstance',
  'start',
  'end',
  'cancelled',
  'appointmentType',
  'online',
  'optional',
  'startTimeSlotName',
  'endTimeSlotName',
  'subjects',
  'groups',
  'locations',
  'teachers',
  'onlineTeachers',
  'capacity',
  'expectedStudentCount',
  'changeDescription',
  'schedulerRemark',
  'content',
  'status',
  'actions',
];

/** Unsupported fields and filters the demo partner also holds, as real partners often do. */
const DEMO_EXTRAS: Partial<Record<ResourceName, { read?: string[]; filter?: string[] }>> = {
  appointments: {
    read: ['capacity', 'availableSpace', 'expectedStudentCount', 'cancelledReason', 'remark', 'modified'],
    filter: ['user', 'possibleStudents', 'modified'],
  },
  contracts: {
    read: [
      'firstName',
      'prefix',
      'lastName',
      'email',
      'employeeNumber',
      'fteNet',
      'ftePermanent',
      'isMainContract',
      'defaultFunctionCategory',
      'clockHoursGross',
      'lessonsMax',
      'lessonsToPlan',
      'clockHoursBalance',
      'lessonSpace',
      'taskSpace',
    ],
    filter: ['isMainContract', 'year'],
  },
  employeeabsences: {
    read: [
      'employee',
      'contract',
      'start',
      'end',
      'absenceType',
      'absenceTypeCode',
      'absenceDuration',
      'definitive',
      'firstName',
      'prefix',
      'lastName',
      'created',
      'lastModified',
    ],
    filter: ['employee', 'absenceDuration', 'definitive', 'startDate', 'endDate', 'startWeek', 'endWeek'],
  },
  // Newer than the catalogue: granted, served, unknown to the spec document.
  users: { read: ['isStudent', 'isEmployee'] },
  departmentsofbranches: { read: ['yearOfEducation', 'educationType', 'studentCount'] },
  choosableindepartments: {
    read: ['subjectCode', 'subjectName', 'courseType', 'expectedGroupCount', 'expectedStudentCount'],
  },
};

/**
 * Everything supported, plus the extras above: the partner a school would make for Rooster.
 * Without the extras: a partner that holds only what the spec supports (no staffing figures).
 */
export function demoRights(extras: typeof DEMO_EXTRAS = DEMO_EXTRAS): Record<string, EndpointRights> {
  const endpoints: Record<string, EndpointRights> = {};
  for (const name of resourceNames) {
    const spec = catalog[name];
    const extra = extras[name] ?? {};
    endpoints[name] = {
      readFields: [...spec.fields.filter((f) => f.supported).map((f) => f.name), ...(extra.read ?? [])],
      writeFields: [],
      filterFields: [
        ...spec.filters.filter((f) => f.supported).map((f) => f.name),
        ...spec.fields.filter((f) => f.supported && f.filterable).map((f) => f.name),
        ...(extra.filter ?? []),
      ],
    };
  }
  endpoints.liveschedule = {
    readFields: LIVESCHEDULE_FIELDS,
    writeFields: [],
    filterFields: ['student', 'week', 'schoolInSchoolYear', 'fields'],
  };
  return endpoints;
}

/** Appointments only, without students, teachers and lastModified, for one project. */
export function limitedRights(): Record<string, EndpointRights> {
  const spec = catalog.appointments;
  const withheld = new Set(['students', 'teachers', 'lastModified']);
  return {
    appointments: {
      readFields: spec.fields.filter((f) => f.supported && !withheld.has(f.name)).map((f) => f.name),
      writeFields: [],
      filterFields: [
        'fields',
        'schoolInSchoolYear',
        ...spec.fields.filter((f) => f.supported && f.filterable && !withheld.has(f.name)).map((f) => f.name),
      ],
    },
  };
}

export class PartnerStore {
  private readonly partners = new Map<string, Partner>();
  private readonly codes = new Map<string, string>();
  private readonly usedCodes = new Set<string>();
  private readonly tokens = new Map<string, TokenRecord>();

  constructor(
    private readonly projects: readonly Project[],
    currentProjects: readonly Project[],
    private readonly now: () => number,
  ) {
    this.partners.set('demo', {
      id: 'demo',
      name: 'Rooster Demo',
      endpoints: demoRights(),
      schoolInSchoolYears: projects.map((p) => p.id),
      tokenTtlSeconds: DEFAULT_TOKEN_TTL,
    });
    this.partners.set('basic', {
      id: 'basic',
      name: 'Rooster Basic',
      endpoints: demoRights({}),
      schoolInSchoolYears: projects.map((p) => p.id),
      tokenTtlSeconds: DEFAULT_TOKEN_TTL,
    });
    this.partners.set('limited', {
      id: 'limited',
      name: 'Rooster Limited',
      endpoints: limitedRights(),
      schoolInSchoolYears: [currentProjects[0]!.id],
      tokenTtlSeconds: DEFAULT_TOKEN_TTL,
    });
  }

  get(id: string): Partner | undefined {
    return this.partners.get(id);
  }

  create(input: Omit<Partner, 'id' | 'tokenTtlSeconds'> & { tokenTtlSeconds?: number }): Partner {
    const unknownProject = input.schoolInSchoolYears.find((id) => !this.projects.some((p) => p.id === id));
    if (unknownProject !== undefined) throw new PortalError(400, `Unknown schoolInSchoolYear ${unknownProject}`);
    const id = `p${this.partners.size + 1}-${randomBytes(3).toString('hex')}`;
    const partner: Partner = { id, tokenTtlSeconds: DEFAULT_TOKEN_TTL, ...input };
    this.partners.set(id, partner);
    return partner;
  }

  /** A fresh one-time code of 12 digits. */
  newCode(partnerId: string): string {
    if (!this.partners.has(partnerId)) throw new PortalError(404, `Unknown partner ${partnerId}`);
    let code: string;
    do code = Array.from({ length: 12 }, () => randomInt(10)).join('');
    while (this.codes.has(code) || this.usedCodes.has(code));
    this.codes.set(code, partnerId);
    return code;
  }

  /** Exchanges a code (spaces and dashes ignored: `1234 5678 9012`, `1234-5678-9012`) for a token, once. */
  exchange(rawCode: string): { token: string; record: TokenRecord } {
    const code = rawCode.replace(/[\s-]+/g, '');
    if (this.usedCodes.has(code))
      throw new PortalError(
        400,
        'Authorization code already used',
        'An authorization code can be exchanged once. Ask the portal administrator for a new code.',
      );
    const partnerId = this.codes.get(code);
    if (!partnerId)
      throw new PortalError(
        400,
        'Unknown authorization code',
        'No partner has this authorization code. Check the digits or ask the portal administrator for a new code.',
      );
    this.codes.delete(code);
    this.usedCodes.add(code);
    const partner = this.partners.get(partnerId)!;
    const created = this.now();
    const token = randomBytes(20)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .padEnd(26, '0')
      .slice(0, 26);
    const record = { partnerId, created, expires: created + partner.tokenTtlSeconds, revoked: false };
    this.tokens.set(token, record);
    return { token, record };
  }

  revoke(partnerId: string): number {
    if (!this.partners.has(partnerId)) throw new PortalError(404, `Unknown partner ${partnerId}`);
    let count = 0;
    for (const record of this.tokens.values()) {
      if (record.partnerId === partnerId && !record.revoked) {
        record.revoked = true;
        count++;
      }
    }
    return count;
  }

  /** The partner behind an Authorization header; 401 for anything else. */
  authenticate(header: string | undefined): { partner: Partner; token: string; record: TokenRecord } {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match) throw new PortalError(401, 'Missing bearer token', 'Send the header Authorization: Bearer <token>.');
    const token = match[1]!;
    const record = this.tokens.get(token);
    if (!record) throw new PortalError(401, 'Invalid token', 'The token is unknown to this portal.');
    if (record.revoked) throw new PortalError(401, 'Token revoked', 'The portal administrator revoked this token.');
    if (record.expires <= this.now())
      throw new PortalError(401, 'Token expired', 'Ask the portal administrator for a new authorization code.');
    return { partner: this.partners.get(record.partnerId)!, token, record };
  }

  /** The `/partners/~me` description, as the spec shows it. */
  describe(partner: Partner, token: string, record: TokenRecord, schoolName: string, schoolId: number) {
    const dmy = (t: number) => DateTime.fromSeconds(t, { zone: 'Europe/Amsterdam' }).toFormat('dd-MM-yyyy');
    return {
      name: partner.name,
      token: {
        expirationDate: dmy(record.expires),
        expires: record.expires,
        token: token.slice(0, 4) + '*'.repeat(token.length - 4),
        creationDate: dmy(record.created),
        created: record.created,
      },
      endpoints: Object.entries(partner.endpoints).map(([endpoint, rights]) => ({ endpoint, ...rights })),
      schoolInSchoolYears: partner.schoolInSchoolYears.map((id) => {
        const project = this.projects.find((p) => p.id === id)!;
        return { id, schoolYear: project.schoolYear, school: { id: schoolId, name: schoolName }, name: project.name };
      }),
    };
  }
}
