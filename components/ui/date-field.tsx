'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { parseDayInput, sheetDate } from '@/lib/format/dates';
import { Input } from './control';

/**
 * A labelled date field as the toolbars show it, written and read as Dutch dates are
 * (dd-mm-jjjj, whatever the browser's own language); an ISO day typed is read too. `onChange`
 * gets the ISO day once what is typed is a whole, real date ("" when cleared).
 */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const t = useTranslations('common');
  const [text, setText] = useState(value ? sheetDate(value) : '');
  // A new value from outside (a day button, the address) replaces what is shown.
  const [shownFor, setShownFor] = useState(value);
  if (shownFor !== value) {
    setShownFor(value);
    setText(value ? sheetDate(value) : '');
  }
  const unreadable = text.trim() !== '' && parseDayInput(text) === null;
  return (
    <label className="flex items-center gap-1 text-sm">
      {label}
      <Input
        className="w-32 tabular-nums"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('dateFormat')}
        title={t('dateFormat')}
        aria-invalid={unreadable || undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const day = parseDayInput(e.target.value);
          if (day) {
            setShownFor(day);
            onChange(day);
          } else if (e.target.value.trim() === '') onChange('');
        }}
      />
    </label>
  );
}
