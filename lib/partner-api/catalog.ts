// Catalogue of the partner API: the single source of the spec's resources, field lists,
// extra filters, endpoints, referenced resources and releases in this project.
//
// It must mirror `../shared/spec/partner-api.md` (beside this repository) exactly (field order as in the spec:
// supported fields first, then the "Unsupported fields" lists; type words verbatim).
// When the spec changes, change this file and nothing else that copies field lists.
// Where the spec says "not shown", the resource is marked `partial` and our choices
// (types of groupindepartments/users fields) carry `typeShown: false`.

import {
  fieldSpecIn,
  filterSpecIn,
  type DeprecationSpec,
  type EndpointSpec,
  type EndpointSpecs,
  type FieldSpec,
  type FieldType,
  type FilterSpec,
  type ParamSpec,
  type RefSpec,
  type ReferencedResourceSpec,
  type ResourceSpec,
} from './catalog-types';

// ---------------------------------------------------------------------------
// Tiny local builders (keep the data below compact; the exported shape is plain data).
// ---------------------------------------------------------------------------

/** Compact notation for a field's optional spec details. */
interface FieldOpts {
  /** "req": required when a record is created. */
  req?: true;
  /** "imm": immutable after creation. */
  imm?: true;
  /** "ref resource.field". */
  ref?: `${string}.${string}`;
  /** Allowed values, verbatim. */
  allowed?: readonly string[];
  /** "range [a,-]" → [a]; "range [a,b]" → [a, b]. */
  range?: readonly [number] | readonly [number, number];
  notes?: string;
  deprecated?: DeprecationSpec;
}

/** Filter (Y) / not filterable (N); in unsupported lists Y stands for the trailing `*`. */
const Y = true;
const N = false;

function toRef(ref: `${string}.${string}`): RefSpec {
  const dot = ref.indexOf('.');
  return { resource: ref.slice(0, dot), field: ref.slice(dot + 1) };
}

/** A field whose name and type stay literal, so record types can be derived from the catalogue. */
type TypedField<N extends string, T extends FieldType> = FieldSpec & { readonly name: N; readonly type: T };

function field<N extends string, T extends FieldType>(
  name: N,
  type: T,
  typeShown: boolean,
  filterable: boolean,
  supported: boolean,
  opts: FieldOpts = {},
): TypedField<N, T> {
  const spec = { name, type, typeShown, filterable, supported } as TypedField<N, T>;
  if (opts.req) spec.requiredAtCreate = true;
  if (opts.imm) spec.immutable = true;
  if (opts.ref !== undefined) spec.ref = toRef(opts.ref);
  if (opts.allowed !== undefined) spec.allowedValues = opts.allowed;
  if (opts.range !== undefined) {
    const [min, max] = opts.range;
    spec.range = max === undefined ? { min } : { min, max };
  }
  if (opts.notes !== undefined) spec.notes = opts.notes;
  if (opts.deprecated !== undefined) spec.deprecated = opts.deprecated;
  return spec;
}

/** Supported field from a resource table (type shown). */
function sf<N extends string, T extends FieldType>(
  name: N,
  type: T,
  filterable: boolean,
  opts?: FieldOpts,
): TypedField<N, T> {
  return field(name, type, true, filterable, true, opts);
}

/** Unsupported field from an "Unsupported fields" list (type shown). */
function uf<N extends string, T extends FieldType>(
  name: N,
  type: T,
  filterable: boolean,
  opts?: FieldOpts,
): TypedField<N, T> {
  return field(name, type, true, filterable, false, opts);
}

/** Field whose type the spec does not show ("types: not shown"); `type` is our reading. */
function nf<N extends string, T extends FieldType>(name: N, type: T, filterable: boolean): TypedField<N, T> {
  return field(name, type, false, filterable, true);
}

interface FilterOpts {
  ref?: `${string}.${string}`;
  allowed?: readonly string[];
}

function filter(
  name: string,
  type: FieldType,
  supported: boolean,
  meaning: string | undefined,
  opts: FilterOpts = {},
): FilterSpec {
  const spec: FilterSpec = { name, type, supported };
  if (meaning !== undefined) spec.meaning = meaning;
  if (opts.ref !== undefined) spec.ref = toRef(opts.ref);
  if (opts.allowed !== undefined) spec.allowedValues = opts.allowed;
  return spec;
}

/** Supported extra filter. */
function xs(name: string, type: FieldType, meaning: string, opts?: FilterOpts): FilterSpec {
  return filter(name, type, true, meaning, opts);
}

/** Unsupported extra filter (`meaning` undefined where the spec gives none). */
function xu(name: string, type: FieldType, meaning: string | undefined, opts?: FilterOpts): FilterSpec {
  return filter(name, type, false, meaning, opts);
}

/** `fields`: every resource takes it (conventions). */
function fieldsFilter(meaning = 'comma-separated field names'): FilterSpec {
  return xs('fields', 'string', meaning);
}

/** `schoolInSchoolYear` as an extra parameter (conventions: "unless noted"). */
function sisyFilter(meaning = 'ids of the timetable projects (comma-separated)'): FilterSpec {
  return xs('schoolInSchoolYear', 'long', meaning, { ref: 'schoolsinschoolyears.id' });
}

const DO_NOT_USE: DeprecationSpec = { note: 'do not use' };

const SCHEDULE_PREFERENCES_DEPRECATION: DeprecationSpec = {
  replacement: { kind: 'endpoint', name: 'schedulepreferences' },
  note:
    'do not use; a field on /schedulepreferences replaces availabilityManually, ' +
    'availableDayParts and availableDays',
};

const SPLIT_BY_ORIGIN = 'split by department of origin';

// ---------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------

export const catalog = {
  // ### appointments (appointment versions)
  appointments: {
    name: 'appointments',
    title: 'appointment versions',
    partial: false,
    fields: [
      // Supported fields (30)
      sf('appointmentInstance', 'long', Y, { imm: true, notes: 'appointment id' }),
      sf('appointmentLastModified', 'timestamp', N, {
        notes: 'last-modified time excluding changes to student participation',
      }),
      sf('branchOfSchool', 'long', Y, { imm: true, ref: 'branchesofschools.id' }),
      sf('cancelled', 'boolean', Y, { notes: 'cancellation flag' }),
      sf('changeDescription', 'string', Y, { notes: 'description of changes' }),
      sf('choosableInDepartmentCodes', 'string[]', N, {
        notes: 'subject codes each prefixed by the department',
      }),
      sf('content', 'string', N, { notes: 'subject of the appointment' }),
      sf('created', 'timestamp', Y),
      sf('end', 'timestamp', Y, { req: true }),
      sf('endTimeSlot', 'integer', Y, {
        range: [1],
        notes: 'sequence number of the last time slot; use endTimeSlotName for display',
      }),
      sf('endTimeSlotName', 'string', Y),
      sf('groupChanged', 'boolean', Y),
      sf('groups', 'string[]', N),
      sf('hidden', 'boolean', Y, { notes: 'deleted flag' }),
      sf('id', 'long', Y),
      sf('lastModified', 'timestamp', N, {
        notes: 'last-modified time including changes to student participation',
      }),
      sf('locationChanged', 'boolean', Y),
      sf('locations', 'string[]', N),
      sf('optional', 'boolean', Y, {
        notes:
          'the school regards the lesson as elective; no technical consequence (some students ' +
          'may be required to attend, others may choose a non-optional lesson)',
      }),
      sf('schedulerRemark', 'string', Y),
      sf('start', 'timestamp', Y, { req: true }),
      sf('startTimeSlot', 'integer', Y, {
        range: [1],
        notes: 'sequence number of the first time slot; use startTimeSlotName for display',
      }),
      sf('startTimeSlotName', 'string', Y),
      sf('students', 'string[]', N, { ref: 'students.userCode' }),
      sf('subjects', 'string[]', Y),
      sf('teacherChanged', 'boolean', Y),
      sf('teachers', 'string[]', Y),
      sf('timeChanged', 'boolean', Y),
      sf('type', 'string', Y, {
        req: true,
        imm: true,
        allowed: ['exam', 'activity', 'lesson', 'talk', 'meeting', 'interlude'],
      }),
      sf('valid', 'boolean', Y),
      // Unsupported fields (27)
      uf('alternativeSubject', 'string', N),
      uf('availableSpace', 'integer', N),
      uf('base', 'boolean', Y, { deprecated: DO_NOT_USE }),
      uf('branch', 'string', Y, { ref: 'branches.id' }),
      uf('cancelledReason', 'string', N, { allowed: ['teachers', 'students', 'changedPlanning'] }),
      uf('capacity', 'integer', N),
      uf('capacityManually', 'boolean', N),
      uf('choosableInDepartments', 'long[]', Y, { ref: 'choosableindepartments.id' }),
      uf('courses', 'long[]', N, { ref: 'courses.id' }),
      uf('creator', 'string', Y, { ref: 'users.code' }),
      uf('departmentsOfBranches', 'long[]', N, { ref: 'departmentsofbranches.id' }),
      uf('expectedStudentCount', 'integer', N, { range: [0] }),
      uf('expectedStudentCountOnline', 'integer', N, { range: [0] }),
      uf('extraStudentSource', 'string', Y, { allowed: ['departmentOfBranch', 'branchOfSchool'] }),
      uf('groupsInDepartments', 'long[]', Y, { ref: 'groupindepartments.id' }),
      uf('ignoreSubstitutions', 'boolean', Y),
      uf('locationsOfBranch', 'long[]', Y, { ref: 'locationofbranches.id' }),
      uf('modified', 'boolean', Y, {
        deprecated: {
          replacement: { kind: 'filter', name: 'changed' },
          note: 'do not use; use filter `changed` (since 26.06.0)',
        },
      }),
      uf('moved', 'boolean', Y, { deprecated: DO_NOT_USE }),
      uf('new', 'boolean', Y, { deprecated: DO_NOT_USE }),
      uf('onlineLocationUrl', 'string', N),
      uf('onlineStudents', 'string[]', N),
      uf('onlineTeachers', 'string[]', N),
      uf('remark', 'string', N, { notes: 'scheduler remark and subject combined' }),
      uf('teachingTime', 'integer', N, { range: [0] }),
      uf('teachingTimeManually', 'boolean', N),
      uf('udmUUID', 'uuid', N),
    ],
    filters: [
      // Supported extra filters (5)
      xs('changed', 'boolean', 'restrict to appointments that have changes; replaces the unsupported field `modified`'),
      fieldsFilter('requested fields (comma-separated field names)'),
      xs('includeHidden', 'boolean', 'also return deleted appointment versions'),
      xs(
        'modifiedSince',
        'timestamp',
        'restrict to appointment versions with a change (including student participation) since the given moment',
      ),
      sisyFilter('appointments in the given timetable projects'),
      // Unsupported extra filters (11)
      xu('appointmentModifiedSince', 'timestamp', 'change since the moment, excluding student participation'),
      xu('containsStudentsFromDepartmentOfBranch', 'long', 'a student of one of the departments could take part', {
        ref: 'departmentsofbranches.id',
      }),
      xu('containsStudentsFromGroupInDepartment', 'long', 'a student of one of the timetable groups could take part', {
        ref: 'groupindepartments.id',
      }),
      xu('containsTeachersFromTeacherTeam', 'long', 'has a teacher from one of the teams'),
      xu('departmentOfBranch', 'long', 'has a subject or group of one of the departments', {
        ref: 'departmentsofbranches.id',
      }),
      xu(
        'endWeekOffset',
        'integer',
        'up to a week counted relative to the current week; used together with startWeekOffset',
      ),
      xu('extraStudentSourceForDepartment', 'long', 'extra students of the departments can enrol', {
        ref: 'departmentsofbranches.id',
      }),
      xu('hasCreator', 'boolean', 'personal appointments created by teachers'),
      xu('possibleStudents', 'string', 'one of the given students could take part', { ref: 'users.code' }),
      xu(
        'startWeekOffset',
        'integer',
        'from a week counted relative to the current week; used together with endWeekOffset',
      ),
      xu('user', 'string', 'one of the given users is connected', { ref: 'users.code' }),
    ],
  },

  // ### branchesofschools (branches in a project)
  branchesofschools: {
    name: 'branchesofschools',
    title: 'branches in a project',
    partial: false,
    fields: [
      // Supported (3)
      sf('branch', 'string', Y, { req: true, ref: 'branches.code' }),
      sf('id', 'long', Y),
      sf('schoolInSchoolYear', 'long', Y, { req: true, imm: true, ref: 'schoolsinschoolyears.id' }),
      // Unsupported (1)
      uf('name', 'string', N),
    ],
    filters: [
      // Supported (1); schoolInSchoolYear is a filterable field here.
      fieldsFilter(),
      // Unsupported (2)
      xu('archived', 'boolean', 'branch activations whose project has the given archive status'),
      xu('schoolYear', 'integer', 'branches active in the school year'),
    ],
  },

  // ### branches
  branches: {
    name: 'branches',
    title: 'branches',
    partial: false,
    fields: [
      // Supported (4); no unsupported fields
      sf('code', 'string', Y, { req: true, imm: true, notes: 'branch code' }),
      sf('name', 'string', Y),
      sf('extCode', 'string', Y, {
        notes:
          "export code for the student administration system (the interface's identifier " +
          'carries a product name; this neutral name stands in for it)',
      }),
      sf('extUuid', 'uuid', Y, {
        notes: 'identifier of the branch in an external student-administration connector (same neutral naming)',
      }),
    ],
    filters: [
      // Supported (2); no unsupported filters
      fieldsFilter(),
      sisyFilter('branches within the given projects'),
    ],
  },

  // ### choosableindepartments (subject on department)
  choosableindepartments: {
    name: 'choosableindepartments',
    title: 'subjects on departments',
    partial: false,
    fields: [
      // Supported (3)
      sf('departmentOfBranch', 'long', Y, { req: true, imm: true, ref: 'departmentsofbranches.id' }),
      sf('id', 'long', Y),
      sf('subject', 'long', Y, { req: true, imm: true, ref: 'subjectselectionsubjects.id' }),
      // Unsupported (45)
      uf('clockHoursPerLesson', 'float', Y, { range: [0] }),
      uf('clockHoursPerLessonManually', 'boolean', Y),
      uf('courseType', 'string', Y, { allowed: ['optional', 'department', 'mandatory'] }),
      uf('departmentOfBranchCode', 'string', N),
      uf('departmentPercentageSupplementCount', 'float', N),
      uf('excludedSegments', 'long[]', N),
      uf('excludedSegmentsManually', 'boolean', Y),
      uf('exemptionStudentCount', 'float', N, { range: [0] }),
      uf('exemptionStudentCountByDepartment', 'json', N, { notes: SPLIT_BY_ORIGIN }),
      uf('expectedGroupCount', 'integer', N, { range: [0] }),
      uf('expectedStudentCount', 'float', Y, { range: [0] }),
      uf('expectedStudentCountAlgorithm', 'string', Y, {
        allowed: ['manually', 'supplementedCount', 'count', 'choosable', 'departmentPercentage'],
      }),
      uf('expectedStudentCountChoosable', 'long', Y, { ref: 'choosableindepartments.id' }),
      uf('expectedStudentCountDepartmentPercentage', 'integer', Y, { range: [0, 100] }),
      uf('expectedTeacherCount', 'integer', Y, { range: [0] }),
      uf('expectedTeacherCountManually', 'boolean', Y),
      uf('iltCode', 'integer', N, { notes: 'integrated student count element code' }),
      uf('isExam', 'boolean', Y),
      uf('lessonDemand', 'float', N, { range: [0] }),
      uf('lessonHoursInClassPeriods', 'json[]', Y),
      uf('maxGroupSize', 'integer', Y, { range: [0] }),
      uf('maxGroupSizeManually', 'boolean', Y),
      uf('plannedGroups', 'long[]', Y),
      uf('qualifiedCode', 'string', N),
      uf('regularStudentCount', 'float', N, { range: [0] }),
      uf('regularStudentCountByDepartment', 'json', N, { notes: SPLIT_BY_ORIGIN }),
      uf('scheduleCode', 'string', N),
      uf('scroungeSegments', 'long[]', N),
      uf('scroungeSegmentsManually', 'boolean', Y),
      uf('scroungeStudentCount', 'float', N, { range: [0] }),
      uf('scroungeStudentCountByDepartment', 'json', N, { notes: SPLIT_BY_ORIGIN }),
      uf('sectionOfBranch', 'long', Y, { ref: 'sectionofbranches.id' }),
      uf('sectionOfBranchAbbreviation', 'string', N),
      uf('selfstudyStudentCount', 'float', N, { range: [0] }),
      uf('selfstudyStudentCountByDepartment', 'json', N, { notes: SPLIT_BY_ORIGIN }),
      uf('studentCanEdit', 'boolean', Y),
      uf('studentCountCorrection', 'float', Y),
      uf('studentCountCorrectionManually', 'boolean', Y),
      uf('studentThreshold', 'integer', Y, {
        range: [0],
        notes: 'minimum expected students for one group',
      }),
      uf('subjectCode', 'string', N),
      uf('subjectName', 'string', N),
      uf('subjectScheduleCode', 'string', N, {
        deprecated: {
          replacement: { kind: 'field', name: 'scheduleCode' },
          note: 'do not use; use scheduleCode',
        },
      }),
      uf('subjectType', 'string', Y, { allowed: ['education', 'subject', 'profile'] }),
      uf('teachingLevel', 'string', Y, { allowed: ['1egraads', '2egraads'] }),
      uf('teachingLevelManually', 'boolean', Y),
    ],
    filters: [
      // Supported (2)
      fieldsFilter(),
      sisyFilter(),
      // Unsupported (3)
      xu('branchOfSchool', 'long', undefined, { ref: 'branchesofschools.id' }),
      xu('referenceWeek', 'week', 'week for the per-record counts'),
      xu('schoolYear', 'integer', undefined),
    ],
  },

  // ### contracts
  contracts: {
    name: 'contracts',
    title: 'contracts',
    partial: false,
    fields: [
      // Supported (5)
      sf('employee', 'string', Y, { req: true, imm: true, ref: 'employees.userCode' }),
      sf('end', 'date', Y),
      sf('id', 'long', Y),
      sf('schoolInSchoolYear', 'long', Y, { req: true, imm: true, ref: 'schoolsinschoolyears.id' }),
      sf('start', 'date', Y),
      // Unsupported (108; bullets with several fields expanded one per field)
      uf('availabilityManually', 'boolean', N, { deprecated: SCHEDULE_PREFERENCES_DEPRECATION }),
      uf('availableDayParts', 'integer', N, { deprecated: SCHEDULE_PREFERENCES_DEPRECATION }),
      uf('availableDays', 'integer', N, { deprecated: SCHEDULE_PREFERENCES_DEPRECATION }),
      uf('clockHoursBalance', 'integer', N),
      uf('clockHoursBalancePreviousYear', 'integer', Y),
      uf('clockHoursGeneralTasks', 'integer', N),
      uf('clockHoursGeneralTasksManually', 'boolean', Y),
      uf('clockHoursGross', 'integer', N),
      uf('clockHoursLessonRelief', 'integer', N),
      uf('clockHoursLessonReliefManually', 'boolean', Y),
      uf('clockHoursLessons', 'integer', N),
      uf('clockHoursLessonsManually', 'boolean', Y),
      uf('clockHoursLessonsMax', 'integer', N),
      uf('clockHoursNet', 'integer', N),
      uf('clockHoursNetManually', 'boolean', Y),
      uf('clockHoursProfessionalDevelopment', 'integer', N),
      uf('clockHoursProfessionalDevelopmentManually', 'boolean', Y),
      uf('clockHoursTaskRelief', 'integer', N),
      uf('clockHoursTaskReliefManually', 'boolean', Y),
      uf('clockHoursTasks', 'integer', N),
      uf('clockHoursToAuxiliaryProjects', 'integer', N),
      uf('commencementSchool', 'date', N),
      uf('commencementTeaching', 'date', N),
      uf('dateOfBirth', 'date', N),
      uf('compensationAbsenceHours', 'integer', N),
      uf('defaultFunctionCategory', 'string', Y, { allowed: ['OP', 'OOP', 'DIR'] }),
      uf('developmentTime', 'integer', N),
      uf('developmentTimeBudget', 'integer', N),
      uf('developmentTimeManually', 'boolean', Y),
      uf('durationManually', 'boolean', Y),
      uf('email', 'string', N),
      uf('employeeNumber', 'string', N),
      uf('firstName', 'string', N),
      uf('lastName', 'string', N),
      uf('prefix', 'string', N),
      uf('employerCostBasisMaintenance', 'integer', N),
      uf('employerCostBasisPlanning', 'integer', N),
      uf('employerCostLeaveReductionMaintenance', 'integer', N),
      uf('employerCostLeaveReductionPlanning', 'integer', N),
      uf('employerCostPostingBalanceMaintenance', 'integer', N),
      uf('employerCostPostingBalancePlanning', 'integer', N),
      uf('employerCostTotalMaintenance', 'integer', N),
      uf('employerCostTotalPlanning', 'integer', N),
      uf('employerCostsPercentage', 'float', Y),
      uf('extensionsDevelopmentTime', 'integer', Y, { range: [0] }),
      uf('extensionsGeneralTasks', 'integer', N, { range: [0] }),
      uf('extensionsGeneralTasksManually', 'boolean', Y),
      uf('extensionsProfessionalDevelopment', 'integer', N, { range: [0] }),
      uf('extensionsProfessionalDevelopmentManually', 'boolean', Y),
      uf('extraWork', 'integer', N),
      uf('extraWorkAllowance', 'integer', N),
      uf('extraWorkAllowanceBasis', 'integer', N),
      uf('fteNet', 'float', N),
      uf('ftePermanent', 'float', N),
      uf('fteTemporary', 'float', N),
      uf('fteToAuxiliaryProjects', 'float', N),
      uf('fteYearLeave', 'float', N),
      uf('fullMonthlySalary', 'integer', N),
      uf('gender', 'string', N, { allowed: ['f', 'm'] }),
      uf('hasLessonReliefStarter', 'boolean', N),
      uf('hourlySalary', 'float', N),
      uf('hourlySalaryManually', 'boolean', Y),
      uf('isMainContract', 'boolean', Y),
      uf('leavesDevelopmentTime', 'integer', Y, { range: [0] }),
      uf('leavesGeneralTasks', 'integer', N, { range: [0] }),
      uf('leavesGeneralTasksManually', 'boolean', Y),
      uf('leavesProfessionalDevelopment', 'integer', N, { range: [0] }),
      uf('leavesProfessionalDevelopmentManually', 'boolean', Y),
      uf('lessonHoursSectionAssignments', 'float', N),
      uf('lessonHoursSurplusAllowance', 'integer', N),
      uf('lessonHoursSurplusAllowanceManually', 'boolean', Y),
      uf('lessonHoursSurplusAllowanceViaSectionAssignments', 'integer', N),
      uf('lessonHoursTeachingAssignments', 'float', N),
      uf('lessonReducingTasks', 'integer', N),
      uf('lessonReplacement', 'integer', N),
      uf('lessonSpace', 'integer', N),
      uf('lessonsMax', 'float', N),
      uf('lessonsMaxManually', 'boolean', Y),
      uf('lessonsToPlan', 'float', N),
      uf('mainBranchOfSchool', 'long', Y, { ref: 'branchesofschools.id' }),
      uf('mainContract', 'long', N),
      uf('maintenanceJobClockHoursBudget', 'integer', N),
      uf('maintenanceJobFteBudget', 'float', N),
      uf('maintenanceLeaveClockHoursBudget', 'integer', N),
      uf('maintenanceLeaveFteBudget', 'float', N),
      uf('personalBudgetStatus', 'string', N),
      uf('postedBranches', 'long[]', N, { ref: 'branchesofschools.id' }),
      uf('postings', 'long[]', Y),
      uf('previousSalaryScale', 'long', N),
      uf('previousSalaryStep', 'integer', N),
      uf('privateComment', 'string', Y, { notes: 'comment for administrator' }),
      uf('publicComment', 'string', Y, { notes: 'comment for teacher' }),
      uf('replacementBalance', 'integer', N),
      uf('reservationReplacement', 'integer', Y),
      uf('salaryScale', 'long', Y),
      uf('salaryStep', 'integer', Y),
      uf('school', 'long', N),
      uf('schoolInSchoolYearName', 'string', N),
      uf('schoolName', 'string', N),
      uf('schoolYear', 'integer', Y),
      uf('substitutionQuota', 'integer', Y, { range: [0] }),
      uf('substitutionQuotaManually', 'boolean', Y),
      uf('taskBalance', 'integer', N),
      uf('taskLessonSpace', 'integer', N),
      uf('taskReplacement', 'integer', N),
      uf('taskSpace', 'integer', N),
      uf('taskSurplus', 'integer', N),
      uf('teacherTeam', 'long', Y),
    ],
    filters: [
      // Supported (1); schoolInSchoolYear is a filterable field here.
      fieldsFilter(),
      // Unsupported (6)
      xu('branchOfSchool', 'long', 'contracts with hours within the branch', { ref: 'branchesofschools.id' }),
      xu(
        'relatedToEmployee',
        'string',
        'contracts attached to a project in which the given employee also has a contract',
        { ref: 'employees.userCode' },
      ),
      xu('schoolFunction', 'string', 'contracts with this school function', {
        allowed: [
          'BOARD',
          'CUSTOM_DEPARTMENT',
          'STUDENT_ADMINISTRATION',
          'CUSTOM_GROUP',
          'CUSTOM_TEAM',
          'PERSONNEL_ADMINISTRATION',
          'SCHOOL_LEADER',
          'CUSTOM_SECTION',
          'CUSTOM_PROJECT',
          'DEAN',
          'PARENT_TEACHER_NIGHT_SCHEDULER',
          'PARTICIPATION_COORDINATOR',
          'MENTOR',
          'TEAM_LEADER',
          'SCHEDULER',
          'SECTION_LEADER',
        ],
      }),
      xu('section', 'long', 'hours within the section', { ref: 'sections.id' }),
      xu('sectionOfBranch', 'long', 'hours within the section at a branch', { ref: 'sectionofbranches.id' }),
      xu('year', 'integer', 'contracts attached to projects starting in this calendar year'),
    ],
  },

  // ### courses (teaching groups)
  courses: {
    name: 'courses',
    title: 'teaching groups',
    partial: false,
    fields: [
      // Supported (13); no unsupported fields
      sf('branchCode', 'string', Y),
      sf('choosableInDepartment', 'long', N, { ref: 'choosableindepartments.id' }),
      sf('departmentCode', 'string', Y),
      sf('educationTypes', 'string[]', N),
      sf('groupName', 'string', N),
      sf('id', 'long', Y),
      sf('iltCode', 'integer', N),
      sf('schoolYear', 'integer', Y),
      sf('students', 'json[]', N),
      sf('subjectCode', 'string', N),
      sf('subjectName', 'string', N),
      sf('teachers', 'json[]', N),
      sf('yearOfEducation', 'integer', N),
    ],
    filters: [
      // Supported (4); no unsupported filters
      fieldsFilter(),
      sisyFilter(),
      xs('student', 'string', 'groups of a student'),
      xs('teacher', 'string', 'groups of a teacher'),
    ],
  },

  // ### departmentsofbranches (departments)
  departmentsofbranches: {
    name: 'departmentsofbranches',
    title: 'departments',
    partial: false,
    fields: [
      // Supported (4)
      sf('branchOfSchool', 'long', Y, { req: true, imm: true, ref: 'branchesofschools.id' }),
      sf('code', 'string', Y, { req: true, notes: 'code / name' }),
      sf('id', 'long', Y),
      sf('schoolInSchoolYear', 'long', Y, { ref: 'schoolsinschoolyears.id' }),
      // Unsupported (38)
      uf('branchOfSchoolCode', 'string', N),
      uf('clockHoursPerLesson', 'float', Y, { range: [0] }),
      uf('clockHoursPerLessonManually', 'boolean', Y),
      uf('defaultEnrollmentValidationType', 'string', N, { allowed: ['ENROLLMENTS', 'LESSONS'] }),
      uf('defaultMaximalLessonEnrollmentPerWeek', 'integer', Y, { range: [0] }),
      uf('defaultMaximalLessonsPerWeek', 'integer', Y, { range: [0] }),
      uf('defaultMinimalLessonEnrollmentPerWeek', 'integer', Y, { range: [0] }),
      uf('defaultMinimalLessonsPerWeek', 'integer', Y, { range: [0] }),
      uf('educationType', 'string', Y, { notes: 'student-administration education type' }),
      uf('educations', 'long[]', N),
      uf('excludedSegments', 'long[]', Y),
      uf('expectedInflow', 'float', Y, { range: [0] }),
      uf('expectedInflowManually', 'boolean', Y),
      uf('expectedMainGroupCount', 'integer', Y, { range: [0] }),
      uf('expectedMainGroupCountManually', 'boolean', Y),
      uf('expectedStudentCount', 'float', Y, { range: [0] }),
      uf('expectedStudentCountManually', 'boolean', Y),
      uf('mainGroupAuthority', 'string', N, { allowed: ['scheduler', 'teamleader'] }),
      uf('maxGroupSize', 'integer', Y, { range: [0] }),
      uf('maxGroupSizeManually', 'boolean', Y),
      uf('maximalExtraEnrollmentPerSubject', 'integer', Y, { range: [0] }),
      uf('minimalExtraEnrollmentPerSubject', 'integer', Y, { range: [0] }),
      uf('participationThreshold', 'percentage', Y, { range: [0, 1] }),
      uf('profiles', 'long[]', N),
      uf('prognosticInflow', 'float', N, { range: [0] }),
      uf('prognosticStudentCount', 'float', N, { range: [0] }),
      uf('schoolInSchoolYearId', 'long', N, {
        ref: 'schoolsinschoolyears.id',
        deprecated: {
          note:
            'do not use; the spec names no replacement (the supported field schoolInSchoolYear ' +
            'holds the same reference)',
        },
      }),
      uf('schoolInSchoolYearName', 'string', N),
      uf('scroungeSegments', 'long[]', Y),
      uf('studentCount', 'integer', N),
      uf('studentCountCorrection', 'float', Y),
      uf('studentCountCorrectionManually', 'boolean', Y),
      uf('studentsMayViewSubjectSelections', 'boolean', Y),
      uf('subjectSelectionDeadline', 'date', Y),
      uf('teacherTeams', 'long[]', Y),
      uf('teachingLevel', 'string', N, { allowed: ['1egraads', '2egraads'] }),
      uf('weekTimeTable', 'long', Y),
      uf('yearOfEducation', 'integer', Y, { range: [1, 9] }),
    ],
    filters: [
      // Supported (1); schoolInSchoolYear is a filterable field here.
      fieldsFilter(),
      // Unsupported (2)
      xu('schoolYear', 'integer', undefined),
      xu('teacherTeam', 'long', undefined),
    ],
  },

  // ### employeeabsences
  employeeabsences: {
    name: 'employeeabsences',
    title: 'employee absences',
    partial: false,
    fields: [
      // Supported (1)
      sf('id', 'long', Y),
      // Unsupported (19)
      uf('absenceDuration', 'float', Y, { notes: 'hours' }),
      uf('absenceDurationManually', 'boolean', Y),
      uf('absenceType', 'integer', N, {
        req: true,
        allowed: ['0', '1', '2', '3', '4', '5', '6', '7'],
      }),
      uf('absenceTypeCode', 'string', N),
      uf('absenceTypePriority', 'integer', N),
      uf('contract', 'long', Y, { req: true, imm: true, ref: 'contracts.id' }),
      uf('created', 'timestamp', Y),
      uf('definitive', 'boolean', Y),
      uf('employee', 'string', Y, { ref: 'employees.userCode' }),
      uf('end', 'timestamp', Y, { req: true }),
      uf('start', 'timestamp', Y, { req: true }),
      uf('firstName', 'string', N),
      uf('lastName', 'string', N),
      uf('prefix', 'string', N),
      uf('lastModified', 'timestamp', Y),
      uf('lastModifiedBy', 'string', Y, { ref: 'users.code' }),
      uf('leave', 'long', Y),
      uf('linkedToStructuralLeave', 'boolean', N),
      uf('privateComment', 'string', Y),
    ],
    filters: [
      // Supported (2)
      fieldsFilter(),
      sisyFilter(),
      // Unsupported (9)
      xu('branchOfSchool', 'long', 'absences within a branch', { ref: 'branchesofschools.id' }),
      xu('endDate', 'date', 'absences up to and including the day'),
      xu('endWeek', 'week', 'absences up to and including the week'),
      xu('relatedToEmployee', 'string', "user code of the employee whose colleagues' absence is requested"),
      xu('sectionOfBranch', 'long', 'absences within a section', { ref: 'sectionofbranches.id' }),
      xu('startDate', 'date', 'absences from the day'),
      xu('startWeek', 'week', 'absences from the week'),
      xu('teacherTeam', 'long', 'absences within a team'),
      xu('unlinked', 'boolean', 'absences not linked to a (non-incidental) leave'),
    ],
  },

  // ### employees
  employees: {
    name: 'employees',
    title: 'employees',
    partial: true,
    partialNote:
      'The remaining details of this resource (field notes, extra filters, unsupported fields and filters): not shown.',
    fields: [
      // Supported (11)
      sf('commencementSchool', 'date', Y),
      sf('commencementTeaching', 'date', Y),
      sf('created', 'timestamp', Y),
      sf('email', 'string', N),
      sf('employeeNumber', 'string', Y),
      sf('firstName', 'string', N),
      sf('lastModified', 'timestamp', Y),
      sf('lastModifiedBy', 'string', Y),
      sf('lastName', 'string', N),
      sf('prefix', 'string', N),
      sf('userCode', 'string', Y),
    ],
    filters: [
      // Extra filters not shown; these two follow the conventions.
      fieldsFilter(),
      sisyFilter(),
    ],
  },

  // ### Other resources: groupindepartments
  groupindepartments: {
    name: 'groupindepartments',
    title: 'timetable groups',
    partial: true,
    partialNote:
      '`groupindepartments` has at least the fields id, departmentOfBranch, name, extendedName, ' +
      'yearOfEducation, isMainGroup; further fields and types: not shown (filterability also not shown).',
    fields: [
      // Types and filterability not shown: our readings.
      nf('id', 'long', N),
      nf('departmentOfBranch', 'long', N),
      nf('name', 'string', N),
      nf('extendedName', 'string', N),
      nf('yearOfEducation', 'integer', N),
      nf('isMainGroup', 'boolean', N),
    ],
    filters: [
      // Conventions: every resource takes fields and schoolInSchoolYear.
      fieldsFilter(),
      sisyFilter(),
    ],
  },

  // ### Other resources: users
  users: {
    name: 'users',
    title: 'users',
    partial: true,
    partialNote:
      '`users` has at least the readable fields firstName, lastName, code, prefix, filterable on ' +
      'those plus fields and schoolInSchoolYear; types: not shown.',
    fields: [
      // Types not shown: our readings.
      nf('firstName', 'string', Y),
      nf('lastName', 'string', Y),
      nf('code', 'string', Y),
      nf('prefix', 'string', Y),
    ],
    filters: [fieldsFilter(), sisyFilter()],
  },
} as const satisfies Record<string, ResourceSpec>;

export type ResourceName = keyof typeof catalog;

export const resourceNames = Object.keys(catalog) as ResourceName[];

// ---------------------------------------------------------------------------
// Endpoints (one per row of the spec's "Endpoint list")
// ---------------------------------------------------------------------------

const LIST_PARAMS: readonly ParamSpec[] = [
  {
    name: 'schoolInSchoolYear',
    type: 'long',
    required: true,
    meaning: 'comma-separated list of long: ids of the timetable projects the partner has rights to',
  },
  {
    name: 'fields',
    type: 'string',
    required: true,
    meaning: 'comma-separated list of string: names of the fields wanted in the response',
  },
];

function listEndpoint(resource: ResourceName, response: string): EndpointSpec {
  return { name: resource, method: 'GET', path: `/${resource}`, kind: 'list', params: LIST_PARAMS, response, resource };
}

export const endpoints: readonly EndpointSpec[] = [
  listEndpoint('appointments', 'envelope with appointment versions'),
  listEndpoint('branchesofschools', 'envelope with branches in project'),
  listEndpoint('branches', 'envelope with branches'),
  listEndpoint('choosableindepartments', 'envelope with subjects on departments'),
  listEndpoint('contracts', 'envelope with contracts'),
  listEndpoint('courses', 'envelope with teaching groups'),
  listEndpoint('departmentsofbranches', 'envelope with departments'),
  listEndpoint('employeeabsences', 'envelope with absences'),
  listEndpoint('employees', 'envelope with employees'),
  listEndpoint('groupindepartments', 'envelope with timetable groups'),
  listEndpoint('users', 'envelope with users'),
  {
    name: 'liveschedule',
    method: 'GET',
    path: '/liveschedule',
    kind: 'liveschedule',
    params: [
      { name: 'student', type: 'string', required: true, meaning: 'user code of the student' },
      { name: 'week', type: 'week', required: true, meaning: 'the week (YYYYWW on the wire, per wire-facts)' },
      {
        name: 'schoolInSchoolYear',
        type: 'long',
        required: true,
        meaning: 'id of the timetable project',
      },
      {
        name: 'fields',
        type: 'string',
        required: false,
        meaning: 'comma-separated field names (sent by public clients per wire-facts; not listed by the spec)',
      },
    ],
    response: 'schedule; payload shape: not shown',
  },
  {
    name: 'partners/~me',
    method: 'GET',
    path: '/partners/~me',
    kind: 'partner',
    params: [],
    response: 'partner description, see Authentication',
  },
  {
    name: 'oauth/token',
    method: 'POST',
    path: '/oauth/token',
    kind: 'token',
    params: [{ name: 'code', type: 'string', required: true, meaning: 'one-time authentication code' }],
    response: 'token object, see Authentication',
  },
];

export function endpointByName(name: string): EndpointSpec | undefined {
  return endpoints.find((e) => e.name === name);
}

// ---------------------------------------------------------------------------
// Resources the spec only points at
// ---------------------------------------------------------------------------

export const referencedResources: readonly ReferencedResourceSpec[] = [
  // "Resources only referenced (...): not shown."
  { name: 'students', listedBySpec: true, note: 'shape not shown' },
  { name: 'subjects', listedBySpec: true, note: 'shape not shown' },
  { name: 'sections', listedBySpec: true, note: 'shape not shown' },
  { name: 'sectionofbranches', listedBySpec: true, note: 'shape not shown' },
  { name: 'schoolsinschoolyears', listedBySpec: true, note: 'shape not shown' },
  { name: 'locationofbranches', listedBySpec: true, note: 'shape not shown' },
  { name: 'schedulepreferences', listedBySpec: true, note: 'shape not shown' },
  // Seen only in a ref (choosableindepartments.subject → subjectselectionsubjects.id).
  {
    name: 'subjectselectionsubjects',
    listedBySpec: false,
    note: 'shape not shown; only named in ref choosableindepartments.subject',
  },
];

// ---------------------------------------------------------------------------
// Releases (Versioning table)
// ---------------------------------------------------------------------------

export const releases = [
  { date: '2026-04-13', version: '26.04.0', change: 'first release of the partner access system' },
  {
    date: '2026-06-08',
    version: '26.06.0',
    change:
      'appointments get the `changed` filter, replacing the use of `modified`; existing integrations ' +
      'filtering on `modified` must switch to `changed`',
  },
] as const;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

export function isResourceName(x: string): x is ResourceName {
  return Object.prototype.hasOwnProperty.call(catalog, x);
}

export function fieldsOf(resource: ResourceName): readonly FieldSpec[] {
  const spec: ResourceSpec = catalog[resource];
  return spec.fields;
}

/** An endpoint's fields and filters, as a page in the browser is given them. */
export function endpointSpecs(resource: ResourceName): EndpointSpecs {
  const spec: ResourceSpec = catalog[resource];
  return { fields: spec.fields, filters: spec.filters };
}

export function fieldSpec(resource: ResourceName, name: string): FieldSpec | undefined {
  return fieldSpecIn(endpointSpecs(resource), name);
}

export function filterSpec(resource: ResourceName, name: string): FilterSpec | undefined {
  return filterSpecIn(endpointSpecs(resource), name);
}
