// Every word the interface shows, one JSON file per area and language. Dutch is the source:
// `en` must have the same keys (a type error otherwise; messages.test.ts also compares the
// placeholders).
import type { AppLocale } from '@/lib/i18n/locales';
import nlCommon from './nl/common.json';
import nlHome from './nl/home.json';
import nlConnect from './nl/connect.json';
import nlRights from './nl/rights.json';
import nlTimetable from './nl/timetable.json';
import nlStaffing from './nl/staffing.json';
import nlExplorer from './nl/explorer.json';
import nlTable from './nl/table.json';
import nlApi from './nl/api.json';
import nlLabels from './nl/labels.json';
import nlChanges from './nl/changes.json';
import nlOverview from './nl/overview.json';
import nlCover from './nl/cover.json';
import nlOnderwijstijd from './nl/onderwijstijd.json';
import enCommon from './en/common.json';
import enHome from './en/home.json';
import enConnect from './en/connect.json';
import enRights from './en/rights.json';
import enTimetable from './en/timetable.json';
import enStaffing from './en/staffing.json';
import enExplorer from './en/explorer.json';
import enTable from './en/table.json';
import enApi from './en/api.json';
import enLabels from './en/labels.json';
import enChanges from './en/changes.json';
import enOverview from './en/overview.json';
import enCover from './en/cover.json';
import enOnderwijstijd from './en/onderwijstijd.json';

const nl = {
  common: nlCommon,
  home: nlHome,
  connect: nlConnect,
  rights: nlRights,
  timetable: nlTimetable,
  staffing: nlStaffing,
  explorer: nlExplorer,
  table: nlTable,
  api: nlApi,
  labels: nlLabels,
  overview: nlOverview,
  changes: nlChanges,
  cover: nlCover,
  onderwijstijd: nlOnderwijstijd,
};

export type Messages = typeof nl;

export const messages: Record<AppLocale, Messages> = {
  nl,
  en: {
    common: enCommon,
    home: enHome,
    connect: enConnect,
    rights: enRights,
    timetable: enTimetable,
    staffing: enStaffing,
    explorer: enExplorer,
    table: enTable,
    api: enApi,
    labels: enLabels,
    overview: enOverview,
    changes: enChanges,
    cover: enCover,
    onderwijstijd: enOnderwijstijd,
  },
};
