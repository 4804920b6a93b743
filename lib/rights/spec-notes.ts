// The specification's remarks on fields and filters (English, as the spec writes them in the
// catalogue) in Dutch, for the Dutch interface. Keyed by the spec's own text: a remark the spec adds
// or rewords has no Dutch until it is added here (spec-notes.test.ts fails until then).

const NL: Readonly<Record<string, string>> = {
  'appointment id': 'id van de afspraak',
  'last-modified time excluding changes to student participation':
    'tijd van de laatste wijziging, wijzigingen in deelname van leerlingen niet meegerekend',
  'cancellation flag': 'vervalt (ja/nee)',
  'description of changes': 'toelichting bij de wijzigingen',
  'subject codes each prefixed by the department': 'vakcodes, elk voorafgegaan door de afdeling',
  'subject of the appointment': 'onderwerp van de afspraak',
  'sequence number of the last time slot; use endTimeSlotName for display':
    'volgnummer van het laatste lesuur; toon endTimeSlotName',
  'deleted flag': 'verwijderd (ja/nee)',
  'last-modified time including changes to student participation':
    'tijd van de laatste wijziging, wijzigingen in deelname van leerlingen meegerekend',
  'the school regards the lesson as elective; no technical consequence (some students may be required to attend, others may choose a non-optional lesson)':
    'de school ziet de les als keuzeles; zonder technisch gevolg (sommige leerlingen moeten misschien toch komen, anderen kiezen misschien een niet-keuzeles)',
  'sequence number of the first time slot; use startTimeSlotName for display':
    'volgnummer van het eerste lesuur; toon startTimeSlotName',
  'scheduler remark and subject combined': 'opmerking van de roostermaker en vak samen',
  'restrict to appointments that have changes; replaces the unsupported field `modified`':
    'alleen afspraken met wijzigingen; vervangt het niet-ondersteunde veld `modified`',
  'requested fields (comma-separated field names)': 'gevraagde velden (veldnamen, gescheiden door komma’s)',
  'also return deleted appointment versions': 'ook verwijderde versies van afspraken',
  'restrict to appointment versions with a change (including student participation) since the given moment':
    'alleen versies met een wijziging (deelname van leerlingen meegerekend) sinds het gegeven moment',
  'appointments in the given timetable projects': 'afspraken in de gegeven roosterprojecten',
  'change since the moment, excluding student participation':
    'gewijzigd sinds het moment, deelname van leerlingen niet meegerekend',
  'a student of one of the departments could take part': 'een leerling van een van de afdelingen kan deelnemen',
  'a student of one of the timetable groups could take part':
    'een leerling van een van de roosterklassen kan deelnemen',
  'has a teacher from one of the teams': 'heeft een docent uit een van de teams',
  'has a subject or group of one of the departments': 'heeft een vak of klas van een van de afdelingen',
  'up to a week counted relative to the current week; used together with startWeekOffset':
    'tot en met een week, geteld vanaf de huidige week; samen met startWeekOffset',
  'extra students of the departments can enrol': 'extra leerlingen van de afdelingen kunnen zich inschrijven',
  'personal appointments created by teachers': 'persoonlijke afspraken die docenten hebben gemaakt',
  'one of the given students could take part': 'een van de gegeven leerlingen kan deelnemen',
  'from a week counted relative to the current week; used together with endWeekOffset':
    'vanaf een week, geteld vanaf de huidige week; samen met endWeekOffset',
  'one of the given users is connected': 'een van de gegeven gebruikers is eraan gekoppeld',
  'comma-separated field names': 'veldnamen, gescheiden door komma’s',
  'branch activations whose project has the given archive status':
    'vestigingen in een project met de gegeven archiefstatus',
  'branches active in the school year': 'vestigingen die in het schooljaar actief zijn',
  'branch code': 'code van de vestiging',
  "export code for the student administration system (the interface's identifier carries a product name; this neutral name stands in for it)":
    'exportcode voor de leerlingadministratie (de naam in de koppeling bevat een productnaam; deze neutrale naam staat ervoor in de plaats)',
  'identifier of the branch in an external student-administration connector (same neutral naming)':
    'id van de vestiging in een externe koppeling met de leerlingadministratie (dezelfde neutrale naam)',
  'branches within the given projects': 'vestigingen binnen de gegeven projecten',
  'split by department of origin': 'uitgesplitst naar afdeling van herkomst',
  'integrated student count element code': 'code van het telelement voor leerlingtelling',
  'minimum expected students for one group': 'minimaal verwachte aantal leerlingen voor één lesgroep',
  'ids of the timetable projects (comma-separated)': 'id’s van de roosterprojecten (gescheiden door komma’s)',
  'week for the per-record counts': 'week voor de aantallen per record',
  'comment for administrator': 'opmerking voor de administratie',
  'comment for teacher': 'opmerking voor de docent',
  'contracts with hours within the branch': 'dienstverbanden met uren binnen de vestiging',
  'contracts attached to a project in which the given employee also has a contract':
    'dienstverbanden in een project waarin de gegeven medewerker ook een dienstverband heeft',
  'contracts with this school function': 'dienstverbanden met deze functie',
  'hours within the section': 'uren binnen de sectie',
  'hours within the section at a branch': 'uren binnen de sectie op een vestiging',
  'contracts attached to projects starting in this calendar year':
    'dienstverbanden in projecten die in dit kalenderjaar beginnen',
  'groups of a student': 'lesgroepen van een leerling',
  'groups of a teacher': 'lesgroepen van een docent',
  'code / name': 'code / naam',
  'student-administration education type': 'onderwijssoort in de leerlingadministratie',
  hours: 'uren',
  'absences within a branch': 'afwezigheid binnen een vestiging',
  'absences up to and including the day': 'afwezigheid tot en met de dag',
  'absences up to and including the week': 'afwezigheid tot en met de week',
  "user code of the employee whose colleagues' absence is requested":
    'gebruikerscode van de medewerker van wie de afwezigheid van collega’s wordt gevraagd',
  'absences within a section': 'afwezigheid binnen een sectie',
  'absences from the day': 'afwezigheid vanaf de dag',
  'absences from the week': 'afwezigheid vanaf de week',
  'absences within a team': 'afwezigheid binnen een team',
  'absences not linked to a (non-incidental) leave': 'afwezigheid die niet aan (niet-incidenteel) verlof gekoppeld is',
};

/** A remark of the spec in the interface's language: Dutch where known, else as the spec writes it. */
export function specNote(text: string, locale: string): string {
  return locale === 'nl' ? (NL[text] ?? text) : text;
}

/** Whether a remark of the spec has its Dutch text. */
export const hasDutch = (text: string) => Object.hasOwn(NL, text);
