// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppLocale } from '@/lib/i18n/locales';
import { displayName, nameSortKey, sortedName } from '@/lib/people/names';
import type { Person } from '@/lib/timetable/people';
import { messages } from '@/messages';
import { renderWithIntl } from '@/tests/support/intl';
import { subjectOptions } from './subject-options';
import { SubjectPicker } from './subject-picker';

const person = (code: string, firstName: string, prefix: string, lastName: string, kind: Person['kind']) => {
  const parts = { firstName, prefix, lastName };
  const p: Person = {
    code,
    name: displayName(parts),
    lastName,
    sortedName: sortedName(parts),
    sortKey: nameSortKey(parts),
    kind,
  };
  return [code, p] as const;
};
const people = new Map<string, Person>([
  person('abr', 'Alisa', 'de', 'Bruijn', 'teacher'),
  person('bru', 'Bram', '', 'Ruis', 'teacher'),
  person('zva', 'Zora', 'van', 'Aalst', 'teacher'),
  person('100301', 'Abram', '', 'Jansen', 'student'),
]);
const optionsIn = (locale: AppLocale) =>
  subjectOptions([], people, createTranslator({ locale, messages: messages[locale], namespace: 'timetable' }));
const options = optionsIn('en');

afterEach(cleanup);

function setup() {
  const onChange = vi.fn();
  renderWithIntl(<SubjectPicker options={options} value={{ kind: 'school' }} onChange={onChange} />);
  return { onChange, input: screen.getByRole('combobox', { name: 'Show the week of' }) };
}

describe('the subject picker', () => {
  it('finds a teacher by surname and picks the best match with Enter', () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { value: 'bruijn' } });
    expect(screen.getAllByRole('option')[0]).toHaveProperty('textContent', 'Teacher · Alisa de Bruijn (abr)');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ kind: 'teacher', code: 'abr' });
  });

  it('lists thirty matches and says how many more a longer search would find', () => {
    const t = createTranslator({ locale: 'en', messages: messages.en, namespace: 'timetable' });
    const groups = Array.from({ length: 42 }, (_, i) => ({ groups: [`2b${i}`], teachers: [], locations: [] }));
    const many = subjectOptions(groups as unknown as Parameters<typeof subjectOptions>[0], people, t);
    renderWithIntl(<SubjectPicker options={many} value={{ kind: 'school' }} onChange={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Show the week of' });
    fireEvent.change(input, { target: { value: '2b' } });
    const listed = screen.getAllByRole('option').filter((o) => o.getAttribute('aria-disabled') !== 'true');
    expect(listed).toHaveLength(30);
    expect(screen.getByTestId('picker-more')).toHaveProperty('textContent', '12 more: keep typing to narrow the list.');
    fireEvent.change(input, { target: { value: '2b4' } });
    expect(screen.queryByTestId('picker-more')).toBeNull();
  });

  it('puts the exact code first, before names that merely start with it', () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { value: 'BRU' } });
    const texts = screen.getAllByRole('option').map((o) => o.textContent);
    expect(texts[0]).toBe('Teacher · Bram Ruis (bru)');
    expect(texts).toContain('Teacher · Alisa de Bruijn (abr)');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ kind: 'teacher', code: 'bru' });
  });

  it('moves through the matches with the arrow keys and says which one is active', () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { value: 'a' } });
    const first = screen.getAllByRole('option')[0]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = screen.getAllByRole('option')[1]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    expect(active.hasAttribute('data-focus')).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0]).not.toEqual({ kind: 'school' });
  });

  it('picks an option by a click, and Escape closes the list and shows the current choice again', () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { value: 'ruis' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Whole school');
    fireEvent.change(input, { target: { value: 'ruis' } });
    fireEvent.click(screen.getByRole('option', { name: 'Teacher · Bram Ruis (bru)' }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'teacher', code: 'bru' });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect((input as HTMLInputElement).value).toBe('Teacher · Bram Ruis (bru)');
  });

  it('opens on the arrow keys without typing, and closes when the focus leaves', () => {
    const { input } = setup();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'End' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options.at(-1)!.id);
    fireEvent.blur(input);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows the page’s choice once it changes another way after a pick (Back to the whole school)', () => {
    const onChange = vi.fn();
    const { rerender } = renderWithIntl(
      <SubjectPicker options={options} value={{ kind: 'school' }} onChange={onChange} />,
    );
    const input = screen.getByRole('combobox', { name: 'Show the week of' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'ruis' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // Shown at once, before the URL follows.
    expect(input.value).toBe('Teacher · Bram Ruis (bru)');
    rerender(<SubjectPicker options={options} value={{ kind: 'teacher', code: 'bru' }} onChange={onChange} />);
    expect(input.value).toBe('Teacher · Bram Ruis (bru)');
    // Back: the page shows the whole school again, and so does the picker.
    rerender(<SubjectPicker options={options} value={{ kind: 'school' }} onChange={onChange} />);
    expect(input.value).toBe('Whole school');
  });

  it('leaves Shift+Home and Shift+End to select the typed text', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'a' } });
    const options = screen.getAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(fireEvent.keyDown(input, { key: 'Home', shiftKey: true })).toBe(true); // not prevented
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(fireEvent.keyDown(input, { key: 'Home' })).toBe(false);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
  });

  it('finds a student by number', () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { value: '100301' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ kind: 'student', code: '100301' });
  });

  it('says when nothing matches', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'zzz' } });
    const [only] = screen.getAllByRole('option');
    expect(only!.getAttribute('aria-disabled')).toBe('true');
    expect(only!.textContent).toContain('matches “zzz”');
  });

  it('lists teachers by surname without prefix, “van Aalst” before “de Bruijn”', () => {
    expect(options.filter((o) => o.kind === 'teacher').map((o) => o.code)).toEqual(['zva', 'abr', 'bru']);
  });

  it('while the names are read, says so rather than that nothing matches', () => {
    const codesOnly = subjectOptions(
      [],
      undefined,
      createTranslator({ locale: 'nl', messages: messages.nl, namespace: 'timetable' }),
    );
    const onChange = vi.fn();
    const { rerender } = renderWithIntl(
      <SubjectPicker options={codesOnly} value={{ kind: 'school' }} onChange={onChange} names="loading" />,
      'nl',
    );
    const input = screen.getByRole('combobox', { name: 'Toon de week van' });
    fireEvent.change(input, { target: { value: 'bruijn' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Namen van docenten en leerlingen worden geladen…',
    ]);
    // The names arrive: the surname finds the teacher.
    rerender(<SubjectPicker options={optionsIn('nl')} value={{ kind: 'school' }} onChange={onChange} />);
    expect(screen.getAllByRole('option')[0]).toHaveProperty('textContent', 'Docent · Alisa de Bruijn (abr)');
  });

  it('says when the names could not be read, and still finds by code', () => {
    const codesOnly = subjectOptions(
      [],
      undefined,
      createTranslator({ locale: 'en', messages: messages.en, namespace: 'timetable' }),
      { groups: ['4h1'], locations: [], teachers: ['abr'] },
    );
    renderWithIntl(<SubjectPicker options={codesOnly} value={{ kind: 'school' }} onChange={vi.fn()} names="failed" />);
    const input = screen.getByRole('combobox', { name: 'Show the week of' });
    fireEvent.change(input, { target: { value: 'abr' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Teacher · abr',
      'The names could not be read; searching by code still works. Pick the search field again to try once more.',
    ]);
  });

  it('speaks Dutch in Dutch', () => {
    const onChange = vi.fn();
    renderWithIntl(<SubjectPicker options={optionsIn('nl')} value={{ kind: 'school' }} onChange={onChange} />, 'nl');
    const input = screen.getByRole('combobox', { name: 'Toon de week van' });
    expect(input.getAttribute('placeholder')).toBe('Docent, klas, lokaal of leerling');
    expect((input as HTMLInputElement).value).toBe('Hele school');
    fireEvent.change(input, { target: { value: 'bruijn' } });
    expect(screen.getAllByRole('option')[0]).toHaveProperty('textContent', 'Docent · Alisa de Bruijn (abr)');
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getAllByRole('option')[0]!.textContent).toBe(
      'Geen docent, klas, lokaal of leerling gevonden voor “zzz”.',
    );
  });
});
