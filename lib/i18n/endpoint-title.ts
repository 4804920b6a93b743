import type { useTranslations } from 'next-intl';

type LabelsT = ReturnType<typeof useTranslations<'labels'>>;
type EndpointKey = Extract<Parameters<LabelsT>[0], `endpoints.${string}`>;

/** An endpoint's title in the interface's language; the specification's own title where there is none. */
export function endpointTitle(name: string, specTitle: string, labels: LabelsT): string {
  const key = `endpoints.${name}` as EndpointKey;
  return labels.has(key) ? labels(key) : specTitle;
}
