import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The looks of a control, a card, a primary submit and a date field live in components/ui/ (one
// module each); a page that writes one out by hand again drifts from the rest, so it fails here
// with where, and what to use instead.

const PLACES = ['app', 'components'];
const tsx = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? tsx(join(dir, e.name))
      : /\.tsx$/.test(e.name) && !/\.test\./.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
const files = PLACES.flatMap(tsx).filter((f) => !f.startsWith(join('components', 'ui')));

const COPIES: { look: RegExp; use: string }[] = [
  {
    look: /<(input|select|textarea)\b[^>]*className="[^"]*border-surface-line/,
    use: 'Input/Select/controlClass (components/ui/control.tsx)',
  },
  { look: /rounded-lg border border-surface-line bg-surface\b(?!-)/, use: 'Card/cardClass (components/ui/card.tsx)' },
  {
    look: /type="submit" className=\{buttonClass\('primary'\)\}/,
    use: '<Button type="submit" variant="primary"> (components/ui/button.tsx)',
  },
  { look: /aria-pressed=\{[^}]*\}\s+className=/, use: 'Toggle (components/ui/toggle.tsx)' },
];

describe('named UI primitives', () => {
  it.each(COPIES)('no copy of the look that $use names', ({ look }) => {
    const copies = files.filter((f) => look.test(readFileSync(f, 'utf8').replace(/\n\s*/g, ' ')));
    expect(copies).toEqual([]);
  });

  it('finds a copy when one is written (the check itself works)', () => {
    const page =
      '<section className="rounded-lg border border-surface-line bg-surface p-4"><input className="rounded-md border border-surface-line px-2 py-1" /></section>';
    expect(COPIES[0]!.look.test(page)).toBe(true);
    expect(COPIES[1]!.look.test(page)).toBe(true);
  });
});
