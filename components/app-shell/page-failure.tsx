import { getTranslations } from 'next-intl/server';
import { UpstreamError } from '@/components/ui/upstream-error';
import { isApiKey, say } from '@/lib/api/api-text';
import { PartnerApiError, partnerErrorMessage } from '@/lib/partner-api/errors';
import { HttpError } from '@/lib/platform/api.server';

// What a server-drawn page says when its answer could not be made: the portal's failure (with the
// eventId to quote) or Rooster's own refusal, each in words, and an address it cannot show.

/** A failure a page says in words: the portal's, or Rooster's own refusal (a 4xx with its text). */
export type PageFailureError = PartnerApiError | HttpError;

export const isPageFailure = (value: unknown): value is PageFailureError =>
  value instanceof PartnerApiError || value instanceof HttpError;

/** For `.catch`: a failure the page says in words is returned; anything else is thrown on. */
export function pageFailure(error: unknown): PageFailureError {
  if (isPageFailure(error)) return error;
  throw error;
}

/** The failure as the page's alert: the portal's message and its eventId, or the refusal's text. */
export async function PageFailure({ title, failure }: { title: string; failure: PageFailureError }) {
  const tApi = await getTranslations('api');
  return (
    <UpstreamError
      title={title}
      message={
        failure instanceof PartnerApiError
          ? partnerErrorMessage(failure, tApi)
          : say(tApi, failure.text ?? failure.message)
      }
      eventId={failure instanceof PartnerApiError ? failure.info.eventId : null}
    />
  );
}

/** An address the page cannot show (a schema's message: a text key or words), said as an alert. */
export async function RefusedAddress({ message }: { message: string }) {
  const tApi = await getTranslations('api');
  return (
    <p role="alert" className="text-sm font-semibold text-state-danger">
      {say(tApi, isApiKey(message) ? { key: message } : message)}
    </p>
  );
}
