import { periods } from './calendar';
import { blockHours, clusterSubject, type Department, type Organisation } from './organisation';
import { Random } from './random';
import { lowerCurriculum, upperCommon } from './subjects';

// The weekly timetable template: which lessons sit in which (weekday, period), with teacher and
// room, free of clashes for groups, teachers and rooms. Each lesson week starts from it.

export interface TemplateLesson {
  key: string;
  weekday: number;
  slot: number;
  subject: string;
  groups: string[];
  teachers: string[];
  location: string;
  branchCode: string;
  projectId: number;
  branchOfSchool: number;
  departmentIds: number[];
  students: readonly string[];
  optional: boolean;
  capacity: number | null;
}

const WEEKDAYS = [1, 2, 3, 4, 5];

export function buildTemplate(org: Organisation, seed: number): TemplateLesson[] {
  const rng = new Random(seed).fork('template');
  const busy = new Set<string>();
  const key = (who: string, day: number, slot: number) => `${who}|${day}|${slot}`;
  const isFree = (who: string[], day: number, slot: number) => who.every((w) => !busy.has(key(w, day, slot)));
  const occupy = (who: string[], day: number, slot: number) => who.forEach((w) => busy.add(key(w, day, slot)));
  const lessons: TemplateLesson[] = [];
  const homeRoom = new Map<string, string>();
  const roomsOf = (branchCode: string) =>
    [...org.rooms.values()].filter((r) => r.branchCode === branchCode && /^N?\d/.test(r.name)).map((r) => r.name);
  const gyms = (branchCode: string) =>
    [...org.rooms.values()].filter((r) => r.branchCode === branchCode && r.name.includes('gym')).map((r) => r.name);

  const pickRoom = (teacher: string, subject: string, branchCode: string, day: number, slot: number): string => {
    const candidates = subject === 'lo' ? gyms(branchCode) : roomsOf(branchCode);
    const own = homeRoom.get(`${teacher}|${branchCode}`);
    if (own && subject !== 'lo' && !busy.has(key(`room:${own}`, day, slot))) return own;
    const free = candidates.find((r) => !busy.has(key(`room:${r}`, day, slot))) ?? rng.pick(candidates);
    if (!own && subject !== 'lo') homeRoom.set(`${teacher}|${branchCode}`, free);
    return free;
  };

  /** Candidate (day, slot) pairs, earlier periods first with some noise, spreading over days. */
  const candidates = (maxSlot: number) =>
    WEEKDAYS.flatMap((day) =>
      periods.filter((p) => p.slot <= maxSlot).map((p) => ({ day, slot: p.slot, w: p.slot + rng.next() * 4 })),
    ).sort((a, b) => a.w - b.w);

  const poolOf = (subject: string, branchCode: string) => {
    const pool = org.teachersBySubject.get(subject) ?? [];
    const local = pool.filter((t) => t.branches.includes(branchCode)).map((t) => t.code);
    return local.length > 0 ? local : pool.map((t) => t.code);
  };

  /** The year's teacher if free, else a free colleague of the subject (a duo or a second teacher). */
  const teacherFor = (
    preferred: string | undefined,
    subject: string,
    branchCode: string,
    day: number,
    slot: number,
    taken: Set<string>,
  ) => {
    const free = (t: string) => !taken.has(t) && !busy.has(key(`t:${t}`, day, slot));
    if (preferred && free(preferred)) return preferred;
    return poolOf(subject, branchCode).find(free);
  };

  const lesson = (
    dept: Department,
    subject: string,
    group: { name: string; students: readonly string[] },
    teacher: string,
    day: number,
    slot: number,
  ): TemplateLesson => {
    const location = pickRoom(teacher, subject, dept.branchCode, day, slot);
    occupy([group.name, `t:${teacher}`, `room:${location}`], day, slot);
    return {
      key: `${group.name}|${subject}|${day}|${slot}`,
      weekday: day,
      slot,
      subject,
      groups: [group.name],
      teachers: [teacher],
      location,
      branchCode: dept.branchCode,
      projectId: dept.project.id,
      branchOfSchool: dept.project.branchOfSchool,
      departmentIds: [dept.id],
      students: group.students,
      optional: false,
      capacity: null,
    };
  };

  /** One lesson of a main group: a free period, on a day without this subject yet where possible. */
  const place = (
    dept: Department,
    subject: string,
    group: { name: string; students: readonly string[] },
    maxSlot: number,
    daysUsed: Set<number>,
  ) => {
    const preferred = org.teacherOf.get(`${group.name}|${subject}`);
    const options = candidates(maxSlot);
    const ordered = [...options.filter((o) => !daysUsed.has(o.day)), ...options.filter((o) => daysUsed.has(o.day))];
    for (const pass of ['own', 'any'] as const) {
      for (const { day, slot } of ordered) {
        if (busy.has(key(group.name, day, slot))) continue;
        const teacher =
          pass === 'own'
            ? preferred && !busy.has(key(`t:${preferred}`, day, slot))
              ? preferred
              : undefined
            : teacherFor(preferred, subject, dept.branchCode, day, slot, new Set());
        if (!teacher) continue;
        lessons.push(lesson(dept, subject, group, teacher, day, slot));
        daysUsed.add(day);
        return;
      }
    }
  };

  const current = org.departments.filter((d) => org.currentProjects.includes(d.project));
  // Keep Tuesday and Thursday u8 free for keuzewerktijd in the upper years of the main building.
  const upperHg = current.filter((d) => d.upper && d.branchCode === 'hg');
  for (const day of [2, 4])
    occupy(
      upperHg.flatMap((d) => d.mainGroups.map((g) => g.name)),
      day,
      8,
    );
  // Option blocks first: every main group of the department is free at the block's periods.
  for (const dept of current.filter((d) => d.upper)) {
    const mains = dept.mainGroups.map((g) => g.name);
    for (const block of dept.blocks) {
      const days = new Set<number>();
      let placed = 0;
      for (const { day, slot } of candidates(9)) {
        if (placed === blockHours(dept.level)) break;
        if (days.has(day) && placed < 3) continue;
        if (!isFree(mains, day, slot)) continue;
        // Every cluster needs a free teacher of its subject at this period.
        const taken = new Set<string>();
        const teachers: string[] = [];
        for (const cluster of block) {
          const subject = clusterSubject(cluster);
          const teacher = teacherFor(
            org.teacherOf.get(`${cluster.name}|${subject}`),
            subject,
            dept.branchCode,
            day,
            slot,
            taken,
          );
          if (!teacher) break;
          taken.add(teacher);
          teachers.push(teacher);
        }
        if (teachers.length < block.length) continue;
        occupy(mains, day, slot);
        block.forEach((cluster, i) =>
          lessons.push(lesson(dept, clusterSubject(cluster), cluster, teachers[i]!, day, slot)),
        );
        days.add(day);
        placed++;
      }
    }
  }
  // Lessons of the main groups.
  for (const dept of current) {
    const curriculum = dept.upper ? upperCommon : lowerCurriculum;
    for (const group of dept.mainGroups) {
      for (const [subject, hours] of Object.entries(curriculum)) {
        const days = new Set<number>();
        for (let h = 0; h < hours; h++) place(dept, subject, group, dept.upper ? 9 : 8, days);
      }
    }
  }
  // Keuzewerktijd: optional lessons in parallel on Tuesday and Thursday u8 for the upper years of the
  // main building, where students enrol themselves (the liveschedule's enrolment alternatives).
  const kwtStudents = upperHg.flatMap((d) => d.mainGroups.flatMap((g) => g.students));
  const kwtSubjects = ['wia', 'wib', 'en', 'ne', 'na', 'sk', 'ec', 'du', 'fa', 'bi'];
  const project = org.currentProjects.find((p) => p.branchCode === 'hg')!;
  for (const day of [2, 4]) {
    kwtSubjects.forEach((subject, i) => {
      const pool = org.teachersBySubject.get(subject) ?? [];
      const teacher = pool.find((t) => t.branches.includes('hg') && !busy.has(key(`t:${t.code}`, day, 8)));
      if (!teacher) return;
      const location = pickRoom(teacher.code, subject, 'hg', day, 8);
      occupy([`t:${teacher.code}`, `room:${location}`], day, 8);
      const enrolled = kwtStudents
        .filter((_, s) => s % kwtSubjects.length === (i + day) % kwtSubjects.length)
        .slice(0, 22);
      lessons.push({
        key: `kwt|${subject}|${day}|8`,
        weekday: day,
        slot: 8,
        subject: 'kwt',
        groups: [`kwt.${subject}`],
        teachers: [teacher.code],
        location,
        branchCode: 'hg',
        projectId: project.id,
        branchOfSchool: project.branchOfSchool,
        departmentIds: upperHg.map((d) => d.id),
        students: enrolled,
        optional: true,
        capacity: 22 + (i % 3) * 4,
      });
    });
  }
  return lessons;
}
