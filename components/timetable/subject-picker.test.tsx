// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@/lib/timetable/people';
import { subjectOptions } from './subject-options';
import { SubjectPicker } from './subject-picker';

const people = new Map<string, Person>([
  ['abr', { code: 'abr', name: 'Alisa de Bruijn', lastName: 'Bruijn', kind: 'teacher' }],
  ['bru', { code: 'bru', name: 'Bram Ruis', lastName: 'Ruis', kind: 'teacher' }],
  ['100301', { code: '100301', name: 'Abram Jansen', lastName: 'Jansen', kind: 'student' }],
]);
const options = subjectOptions([], people);

// jsdom has no ResizeObserver; Headless UI's anchored popover asks for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);

function setup() {
  const onChange = vi.fn();
  render(<SubjectPicker options={options} value={{ kind: 'school' }} onChange={onChange} />);
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
});
