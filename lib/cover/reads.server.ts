import 'server-only';
import { NAME_FIELDS, type RightsReader } from '@/lib/partner-api/reader.server';

// Reads the cover day and the fairness report share, with the same fields, so both count the same staff.

/** The contracts who may be asked (and their fte) are read from. */
export const readStaffContracts = (reader: Pick<RightsReader, 'read'>) =>
  reader.read('contracts', [
    'id',
    'employee',
    'start',
    'end',
    'schoolInSchoolYear',
    'lessonsToPlan',
    'fteNet',
    ...NAME_FIELDS,
  ]);
