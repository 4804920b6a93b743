'use client';

import { Button, linkClass } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { ProjectPicker } from '@/components/ui/project-picker';
import type { ResourceName } from '@/lib/partner-api/catalog';
import { fieldSpecIn, filterOrFieldSpecIn, type EndpointSpecs } from '@/lib/partner-api/catalog-types';
import { withFilterValue, type ExplorerRequest } from '@/lib/explorer/state';
import { defaultValue, FilterField } from './filter-input';
import { FilterHelp, specMeaning } from './explorer-help';
import { Select } from '@/components/ui/control';
import { cardClass } from '@/components/ui/card';

interface DraftProps {
  specs: EndpointSpecs;
  draft: ExplorerRequest;
  setDraft: (next: ExplorerRequest) => void;
}

/** The request being edited: its fields, filters and projects; submitting runs it. */
export function RequestForm({
  config,
  supported,
  draft,
  setDraft,
  onSubmit,
}: {
  config: {
    endpoint: ResourceName;
    specs: EndpointSpecs;
    readFields: string[];
    filterFields: string[];
    projects: { id: number; label: string }[];
    zone: string;
  };
  supported: string[];
  draft: ExplorerRequest;
  setDraft: (next: ExplorerRequest) => void;
  onSubmit: () => void;
}) {
  const t = useTranslations('explorer');
  const ordered = [...supported, ...config.readFields.filter((f) => !supported.includes(f))];
  return (
    <form
      className={cardClass('default', 'space-y-3 text-sm')}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <FieldsPicker specs={config.specs} ordered={ordered} supported={supported} draft={draft} setDraft={setDraft} />
      <FiltersPicker
        endpoint={config.endpoint}
        specs={config.specs}
        filterFields={config.filterFields}
        zone={config.zone}
        draft={draft}
        setDraft={setDraft}
      />
      <div className="flex flex-wrap items-center gap-3">
        <ProjectPicker
          projects={config.projects}
          value={draft.projects}
          onChange={(projects) => setDraft({ ...draft, projects })}
        />
        <Button type="submit" variant="primary" disabled={draft.fields.length === 0}>
          {t('form.run')}
        </Button>
      </div>
    </form>
  );
}

/** The readable fields (the spec's supported ones first) to tick, and all, none or the supported. */
function FieldsPicker({
  specs,
  ordered,
  supported,
  draft,
  setDraft,
}: DraftProps & { ordered: string[]; supported: string[] }) {
  const t = useTranslations('explorer');
  return (
    <fieldset>
      <legend className="font-semibold">{t('form.fields')}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {ordered.map((f) => {
          const spec = fieldSpecIn(specs, f);
          return (
            <label key={f} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={draft.fields.includes(f)}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    fields: e.target.checked ? [...draft.fields, f] : draft.fields.filter((x) => x !== f),
                  })
                }
              />
              <span className="font-mono text-xs" translate="no">
                {f}
              </span>
              {spec && !spec.supported ? (
                <span className="rounded bg-state-warn-bg px-1 text-[0.6rem] text-state-warn">
                  {t('form.unsupported')}
                </span>
              ) : null}
              {!spec ? (
                <span className="rounded bg-brand-soft px-1 text-[0.6rem] text-brand-strong">
                  {t('form.notInSpec')}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      <div className="mt-1 flex gap-2">
        <button type="button" className={linkClass()} onClick={() => setDraft({ ...draft, fields: ordered })}>
          {t('form.all')}
        </button>
        <button type="button" className={linkClass()} onClick={() => setDraft({ ...draft, fields: [] })}>
          {t('form.none')}
        </button>
        <button type="button" className={linkClass()} onClick={() => setDraft({ ...draft, fields: supported })}>
          {t('form.supportedOnly')}
        </button>
      </div>
    </fieldset>
  );
}

/** The draft's filters, each with its input, help and remove button, and a list to add one. */
function FiltersPicker({
  endpoint,
  specs,
  filterFields,
  zone,
  draft,
  setDraft,
}: DraftProps & { endpoint: ResourceName; filterFields: string[]; zone: string }) {
  const t = useTranslations('explorer');
  const filterable = filterFields.filter((f) => f !== 'fields' && f !== 'schoolInSchoolYear');
  const unused = filterable.filter((f) => !draft.filters.some(([k]) => k === f));
  const specOf = (name: string) => filterOrFieldSpecIn(specs, name);
  return (
    <fieldset>
      <legend className="font-semibold">{t('form.filters')}</legend>
      <ul className="mt-1 space-y-1">
        {draft.filters.map(([name, value], i) => (
          <li key={name} className="flex flex-wrap items-center gap-2">
            <FilterField
              name={name}
              spec={specOf(name)}
              value={value}
              zone={zone}
              onChange={(v) => setDraft({ ...draft, filters: withFilterValue(draft.filters, name, v) })}
            />
            <button
              type="button"
              className="text-ink-muted hover:text-state-danger"
              aria-label={t('form.removeFilter', { name })}
              onClick={() => setDraft({ ...draft, filters: draft.filters.filter((_, j) => j !== i) })}
            >
              ✕
            </button>
            <FilterHelp endpoint={endpoint} name={name} meaning={specMeaning(specOf(name))} />
          </li>
        ))}
      </ul>
      {unused.length > 0 ? (
        <Select
          aria-label={t('form.addFilter')}
          className="mt-2"
          value=""
          onChange={(e) =>
            e.target.value &&
            setDraft({
              ...draft,
              filters: [...draft.filters, [e.target.value, defaultValue(specOf(e.target.value), zone)]],
            })
          }
        >
          <option value="">{t('form.addFilterPrompt')}</option>
          {unused.map((f) => (
            <option key={f} value={f} translate="no">
              {specOf(f) && !specOf(f)!.supported ? t('form.unsupportedOption', { name: f }) : f}
            </option>
          ))}
        </Select>
      ) : null}
    </fieldset>
  );
}
