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
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = screen.getAllByRole('option')[1]!;
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0]).not.toEqual({ kind: 'school' });
  });

  it('finds a student by number and says when nothing matches', () => {
    const { onChange, input } = setup();
    fireEvent.change(input, { target: { value: '100301' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ kind: 'student', code: '100301' });
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('matches “zzz”');
  });
});
