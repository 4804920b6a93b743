'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { NamesState } from '@/lib/timetable/api.client';
import type { Subject } from '@/lib/timetable/view';
import { optionText, rankOptions, SHOWN_OPTIONS, type SubjectOption } from './subject-options';
import { Input } from '@/components/ui/control';

const sameOption = (a: SubjectOption | null | undefined, b: SubjectOption | null | undefined) =>
  a?.kind === b?.kind && a?.code === b?.code;

/**
 * Search-as-you-type over teachers, groups, rooms and students: a code, a surname or part of a
 * name finds them, best match first, so Enter picks the best match. An editable combobox with a
 * list as the ARIA pattern has it (aria-expanded, aria-controls, aria-activedescendant; arrows,
 * Home and End move, Enter or a click picks, Escape closes), written out here rather than taken
 * from Headless UI, whose combobox brought its virtualizer and anchoring library to the
 * timetable's first load (about 40 KB gzip) for a list of at most 30 matches under one input.
 */
export function SubjectPicker({
  options,
  value,
  onChange,
  onIntent,
  names = 'ready',
}: {
  options: SubjectOption[];
  value: Subject;
  onChange: (subject: Subject) => void;
  /**
   * Whether the school's names are there: while they are read a surname may not match yet, and if
   * the read failed codes still match (reaching for the picker again retries); the list says so.
   */
  names?: NamesState;
  /** The pointer or the focus reached the picker: a search is likely (its names can be read now). */
  onIntent?: () => void;
}) {
  const t = useTranslations('timetable');
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The option just picked, shown until the page's value changes (the URL follows a moment later);
  // from then on the value is shown, also when it changed another way (Back, Forward, a link).
  const [picked, setPicked] = useState<SubjectOption | null>(null);
  const valueKey = value.kind === 'school' ? 'school' : `${value.kind}:${value.code}`;
  const [seenKey, setSeenKey] = useState(valueKey);
  if (seenKey !== valueKey) {
    setSeenKey(valueKey);
    setPicked(null);
  }
  const ranked = useMemo(() => rankOptions(options, query), [options, query]);
  const matches = ranked.slice(0, SHOWN_OPTIONS);
  // Found but not listed: counted, so a search that needs another letter says so.
  const more = ranked.length - matches.length;
  const current = options.find((o) => o.kind === value.kind && (value.kind === 'school' || o.code === value.code));
  const shown = picked
    ? picked.text
    : current
      ? current.text
      : value.kind === 'school'
        ? t('picker.wholeSchool')
        : optionText({ kind: value.kind, label: value.code }, t);
  const noMatch = query.trim() !== '' && matches.length === 0;
  const activeIndex = open && matches.length > 0 ? Math.min(active, matches.length - 1) : -1;

  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  // The active option stays in view as the arrows move through a list taller than its box.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const pick = (o: SubjectOption) => {
    setPicked(o);
    close();
    onChange(o.kind === 'school' ? { kind: 'school' } : { kind: o.kind, code: o.code });
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openAt(0);
        else setActive(Math.min(activeIndex + 1, last));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openAt(last);
        else setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
      case 'PageUp':
        if (!open || e.shiftKey) return; // Shift+Home selects the typed text
        e.preventDefault();
        setActive(0);
        break;
      case 'End':
      case 'PageDown':
        if (!open || e.shiftKey) return;
        e.preventDefault();
        setActive(last);
        break;
      case 'Enter':
        if (!open) return;
        e.preventDefault();
        if (activeIndex >= 0) pick(matches[activeIndex]!);
        break;
      case 'Escape':
        if (!open) return;
        e.preventDefault();
        close();
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  return (
    <div className="relative min-w-0 flex-1 md:flex-none">
      <Input
        role="combobox"
        aria-label={t('picker.label')}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeId}
        autoComplete="off"
        size="large"
        className="w-full md:w-80 text-sm"
        placeholder={t('picker.placeholder')}
        value={open ? query : shown}
        onChange={(e) => {
          setQuery(e.target.value);
          openAt(0);
        }}
        onFocus={(e) => {
          onIntent?.();
          e.currentTarget.select();
        }}
        onPointerEnter={onIntent}
        onBlur={() => {
          if (open) close();
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label={t('picker.label')}
          // A press in the list (its scroll bar too) leaves the focus in the input.
          onMouseDown={(e) => e.preventDefault()}
          className="absolute left-0 top-full z-40 mt-1 max-h-80 w-[min(24rem,calc(100vw-2rem))] overflow-auto rounded-md border border-surface-line bg-surface py-1 text-sm shadow-lg"
        >
          {matches.map((o, i) => (
            <div
              key={`${o.kind}:${o.code}`}
              id={optionId(i)}
              role="option"
              aria-selected={sameOption(o, current)}
              data-focus={i === activeIndex ? '' : undefined}
              className="cursor-pointer px-3 py-1 data-[focus]:bg-brand-soft"
              onMouseMove={() => {
                if (i !== activeIndex) setActive(i);
              }}
              onClick={() => pick(o)}
            >
              {o.text}
            </div>
          ))}
          {names !== 'ready' && query.trim() !== '' ? (
            <div role="option" aria-disabled="true" aria-selected={false} className="px-3 py-1 text-ink-muted">
              {t(names === 'loading' ? 'picker.namesLoading' : 'picker.namesFailed')}
            </div>
          ) : noMatch ? (
            <div role="option" aria-disabled="true" aria-selected={false} className="px-3 py-1 text-ink-muted">
              {t('picker.noMatch', { query: query.trim() })}
            </div>
          ) : more > 0 ? (
            <div
              role="option"
              aria-disabled="true"
              aria-selected={false}
              className="px-3 py-1 text-ink-muted"
              data-testid="picker-more"
            >
              {t('picker.more', { count: more })}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
