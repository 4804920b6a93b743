'use client';

import { useLocale } from 'next-intl';
import { formatsFor, type Formats } from './dates';

/** The date and number formats of the interface's language. */
export function useFormats(): Formats {
  return formatsFor(useLocale());
}
