'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { ResourceName } from '@/lib/partner-api/catalog';
import { fieldSpecIn, filterOrFieldSpecIn, type EndpointSpecs } from '@/lib/partner-api/catalog-types';
import { useQueryState } from '@/lib/url-state.client';
import { lacksBounds, proxyParams, readRequest, weekWindowFilters, writeRequest, type ExplorerRequest } from './state';

/** What the explorer's request rests on: the endpoint, the token's rights on it, the school's week. */
export interface DraftConfig {
  endpoint: ResourceName;
  /** The endpoint's fields and filters (the server's catalogue). */
  specs: EndpointSpecs;
  readFields: string[];
  filterFields: string[];
  zone: string;
  thisWeek: { from: string; to: string };
}

/**
 * The explorer's request: the one its URL names (run or not), the draft the form edits (fields,
 * filters, projects), and what goes upstream. Submitting runs the draft: it becomes the URL's.
 */
export function useExplorerDraft(config: DraftConfig) {
  const supported = config.readFields.filter((f) => fieldSpecIn(config.specs, f)?.supported);
  const [request, go] = useQueryState(
    (params) =>
      readRequest(
        params,
        supported.length > 0 ? supported : config.readFields,
        weekWindowFilters(
          (name) => config.filterFields.includes(name),
          (name) => filterOrFieldSpecIn(config.specs, name)?.type,
          config.thisWeek,
          config.zone,
        ),
        (filters) => lacksBounds(config.endpoint, filters),
      ),
    writeRequest,
  );
  // The form edits a draft of the URL's request; another URL (back, history, a link) starts a new draft.
  const urlKey = writeRequest(new URLSearchParams(), request).toString();
  const [edited, setEdited] = useState<{ key: string; draft: ExplorerRequest } | null>(null);
  const draft = edited?.key === urlKey ? edited.draft : request;
  const setDraft = (next: ExplorerRequest) => setEdited({ key: urlKey, draft: next });
  const submit = () => {
    go({ ...draft, run: true });
    setEdited(null);
  };

  // What goes upstream: the URL's request within the rights (one object per request, for memos).
  const sent = useMemo<ExplorerRequest>(
    () => ({
      ...request,
      fields: request.fields.filter((f) => config.readFields.includes(f)),
      filters: request.filters.filter(([k]) => config.filterFields.includes(k)),
    }),
    [request, config.readFields, config.filterFields],
  );
  const params = proxyParams(sent);
  const search = useSearchParams();
  const searchKey = search.toString();
  // A link run without its window (filled in by readRequest) then names it: the address and the
  // history hold the request made.
  useEffect(() => {
    if (request.run && writeRequest(new URLSearchParams(searchKey), request).toString() !== searchKey) go(request);
  }, [request, searchKey, go]);
  // A link with a comparison opens on it.
  const comparing = search.get('vs') === '1';

  return { supported, request, draft, setDraft, submit, sent, params, comparing };
}
