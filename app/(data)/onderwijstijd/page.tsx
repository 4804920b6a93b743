import { Suspense } from 'react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { isPageFailure, PageFailure, pageFailure, RefusedAddress } from '@/components/app-shell/page-failure';
import { CumulativeFrame, CumulativeSection } from '@/components/onderwijstijd/cumulative';
import { Definitions } from '@/components/onderwijstijd/definitions';
import { KlasReport, SchoolReport } from '@/components/onderwijstijd/onderwijstijd-report';
import { OnderwijstijdSettingsPanel } from '@/components/onderwijstijd/onderwijstijd-settings';
import { OnderwijstijdTools } from '@/components/onderwijstijd/onderwijstijd-tools';
import { OnderwijstijdSummary } from '@/components/onderwijstijd/summary';
import { StudentReport } from '@/components/onderwijstijd/student-report';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { serverEnv } from '@/lib/env.server';
import { formatsFor } from '@/lib/format/dates';
import { isLocale, DEFAULT_LOCALE } from '@/lib/i18n/locales';
import {
  onderwijstijdCumulative,
  onderwijstijdLessons,
  onderwijstijdOf,
  type Onderwijstijd as Answer,
} from '@/lib/onderwijstijd/onderwijstijd.server';
import type { Formats } from '@/lib/format/dates';
import { defaultPeriod } from '@/lib/onderwijstijd/period.server';
import { onderwijstijdQuerySchema, type OnderwijstijdQuery } from '@/lib/onderwijstijd/query';
import { searchParam as one, type SearchParams } from '@/lib/shell/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('onderwijstijd');
  return { title: t('title') };
}

// Onderwijstijd (`/onderwijstijd?from=2026-08-01&to=2027-07-31&group=4h1&student=…`): the school
// per opleiding and leerjaar and per klas, a klas's students, a student's lessons that did not
// happen; by default this whole school year. Drawn whole on the server (the charts are SVG); the
// period, the klas and the student are in the address, so a link opens the same view.
export default async function OnderwijstijdPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [t, raw] = await Promise.all([getTranslations('onderwijstijd'), searchParams]);
  const given = { from: one(raw.from), to: one(raw.to), group: one(raw.group), student: one(raw.student) };
  const asked = onderwijstijdQuerySchema.safeParse({
    ...defaultPeriod(given),
    ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
  });
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="appointments">
          {() =>
            asked.success ? (
              <Onderwijstijd active={active} asked={asked.data} />
            ) : (
              <BadAsk message={asked.error.issues[0]?.message ?? 'cover.notADate'} />
            )
          }
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}

/** An address the page cannot show: said in words, with the form to choose another period. */
function BadAsk({ message }: { message: string }) {
  const period = defaultPeriod();
  return (
    <div className="space-y-3">
      <RefusedAddress message={message} />
      <OnderwijstijdTools from={period.from} to={period.to} group={null} student={null} />
    </div>
  );
}

async function Onderwijstijd({ active, asked }: { active: ActiveConnection; asked: OnderwijstijdQuery }) {
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const [t, tApi, locale] = await Promise.all([getTranslations('onderwijstijd'), getTranslations('api'), getLocale()]);
  const f = formatsFor(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const group = asked.group ?? null;
  const student = group ? (asked.student ?? null) : null;
  const [answer, lessons] = await Promise.all([
    onderwijstijdOf(active, asked.from, asked.to).catch(pageFailure),
    student
      ? onderwijstijdLessons(active, { student, group, from: asked.from, to: asked.to }).catch(pageFailure)
      : Promise.resolve(null),
  ]);
  const failed = [answer, lessons].find(isPageFailure);
  if (failed) return <PageFailure title={t('title')} failure={failed} />;
  const ot = answer as Exclude<typeof answer, Error>;
  const period = { from: asked.from, to: asked.to };
  const klasKnown = group === null || ot.figures.klassen.has(group);
  const row = student ? ot.figures.students.get(student) : undefined;
  const studentKnown = !student || (row !== undefined && ot.figures.klassen.get(group!)?.includes(student));
  return (
    <div className="space-y-4">
      <OnderwijstijdTools {...period} group={group} student={student} />
      <OnderwijstijdSettingsPanel zone={zone} />
      <OnderwijstijdSummary answer={ot} f={f} />
      {!klasKnown ? (
        <p role="alert" className="text-sm font-semibold text-state-danger">
          {tApi('onderwijstijd.unknownGroup', { group: group! })}
        </p>
      ) : !studentKnown ? (
        <p role="alert" className="text-sm font-semibold text-state-danger">
          {t('student.unknown', { student: student!, klas: group! })}
        </p>
      ) : student && row && lessons && !(lessons instanceof Error) ? (
        <StudentReport
          row={row}
          klas={group!}
          missed={lessons.data}
          read={lessons.meta.read}
          period={period}
          f={f}
          zone={zone}
        />
      ) : group ? (
        <KlasReport answer={ot} klas={group} f={f} />
      ) : (
        <SchoolReport answer={ot} f={f} />
      )}
      {klasKnown && !student ? (
        // Streamed after the year's figures: each earlier school year is a year of reads.
        <Suspense fallback={<CumulativeFrame />}>
          <Cumulative active={active} answer={ot} klas={group} f={f} />
        </Suspense>
      ) : null}
      <Definitions meta={ot.meta} />
    </div>
  );
}

/** Over the opleiding: the earlier school years read after the year's figures are on the page. */
async function Cumulative({
  active,
  answer,
  klas,
  f,
}: {
  active: ActiveConnection;
  answer: Answer;
  klas: string | null;
  f: Formats;
}) {
  const t = await getTranslations('onderwijstijd');
  const over = await onderwijstijdCumulative(
    active,
    { from: answer.meta.from, to: answer.meta.to, group: klas },
    answer,
  ).catch(pageFailure);
  if (isPageFailure(over))
    return (
      <CumulativeFrame>
        <PageFailure title={t('cumulative.title')} failure={over} />
      </CumulativeFrame>
    );
  return <CumulativeSection over={over} klas={klas} f={f} />;
}
