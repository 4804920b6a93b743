// Subjects and curricula of a Dutch secondary school (mavo, havo, vwo): lessons per week.

export interface Subject {
  id: number;
  code: string;
  name: string;
}

const list: [string, string][] = [
  ['ne', 'Nederlands'],
  ['en', 'Engels'],
  ['fa', 'Frans'],
  ['du', 'Duits'],
  ['wi', 'Wiskunde'],
  ['wia', 'Wiskunde A'],
  ['wib', 'Wiskunde B'],
  ['na', 'Natuurkunde'],
  ['sk', 'Scheikunde'],
  ['nask', 'Natuur- en scheikunde'],
  ['bi', 'Biologie'],
  ['ak', 'Aardrijkskunde'],
  ['gs', 'Geschiedenis'],
  ['ec', 'Economie'],
  ['beco', 'Bedrijfseconomie'],
  ['lo', 'Lichamelijke opvoeding'],
  ['bv', 'Beeldende vorming'],
  ['mu', 'Muziek'],
  ['kv', 'Kunstvakken'],
  ['in', 'Informatica'],
  ['ma', 'Maatschappijleer'],
  ['lv', 'Levensbeschouwing'],
  ['tn', 'Techniek'],
  ['men', 'Mentoruur'],
  ['kwt', 'Keuzewerktijd'],
];

export const subjects: readonly Subject[] = list.map(([code, name], i) => ({ id: 900 + i, code, name }));
export const subjectByCode = new Map(subjects.map((s) => [s.code, s]));

/** Lower years (1-3; mavo 1-2): the whole main group, lessons per week. */
export const lowerCurriculum: Record<string, number> = {
  ne: 4,
  en: 3,
  fa: 2,
  du: 2,
  wi: 4,
  bi: 2,
  ak: 2,
  gs: 2,
  lo: 3,
  bv: 2,
  mu: 2,
  nask: 2,
  men: 1,
  lv: 1,
  tn: 2,
};

/** Upper years: taught to the main group. */
export const upperCommon: Record<string, number> = { ne: 3, en: 3, lo: 2, ma: 1, men: 1, lv: 1 };

/** Upper years: electives, taught in cluster groups across the department. */
export const upperElectives: Record<'mavo' | 'havo' | 'vwo', Record<string, number>> = {
  mavo: { wi: 4, nask: 4, bi: 3, ak: 3, gs: 3, ec: 3, du: 3, fa: 3 },
  havo: { wia: 3, wib: 4, na: 3, sk: 3, bi: 3, ak: 3, gs: 3, ec: 3, beco: 3, du: 3, fa: 3, kv: 2, in: 2 },
  vwo: { wia: 4, wib: 4, na: 3, sk: 3, bi: 3, ak: 3, gs: 3, ec: 3, beco: 3, du: 3, fa: 3, kv: 2, in: 2 },
};
