// What a group's code says of it. Dutch schools start a klas's code with its leerjaar and stream
// (4h1: leerjaar 4, havo, klas 1) and a cluster's with its department's (4h.skF: the 4 havo
// students who take skF); the partner API gives the leerjaar only on departments, which the day's
// reads do not hold, so the code is read where no department is.

const CODE = /^(\d)([A-Za-z]*)/;

/** The leerjaar a group's code starts with (1–6), or null where it does not start with one. */
export function leerjaarOf(group: string): number | null {
  const year = CODE.exec(group)?.[1];
  return year ? Number(year) : null;
}

/** A cluster group (an option's students from several klassen): its code holds a point. */
export function isCluster(group: string): boolean {
  return group.includes('.');
}

/** The department a group's code names (4h for 4h1 and 4h.skF), or null where it names none. */
export function departmentOf(group: string): string | null {
  const m = CODE.exec(group);
  return m ? `${m[1]}${m[2]}`.toLowerCase() : null;
}
