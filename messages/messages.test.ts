import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { messages } from './index';

// Every key in one language exists in the other, with the same placeholders, and every message
// is valid ICU (a broken plural would otherwise show up only on the page that uses it).

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) placeholders(option.value, into);
    }
    if (e.type === TYPE.tag) {
      into.add(`<${e.value}>`);
      placeholders(e.children, into);
    }
  }
  return into;
}

const nl = flatten(messages.nl as unknown as Tree);
const en = flatten(messages.en as unknown as Tree);

describe('the messages', () => {
  it('have the same keys in Dutch and English', () => {
    expect([...nl.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !nl.has(k))).toEqual([]);
    expect(nl.size).toBeGreaterThan(100);
  });

  it('are valid ICU with the same placeholders in both languages', () => {
    const differ: string[] = [];
    for (const [key, text] of nl) {
      const other = en.get(key);
      if (other === undefined) continue;
      const a = [...placeholders(parse(text))].sort().join(',');
      const b = [...placeholders(parse(other))].sort().join(',');
      if (a !== b) differ.push(`${key}: nl {${a}} en {${b}}`);
    }
    expect(differ).toEqual([]);
  });

  it('are never empty', () => {
    expect([...nl, ...en].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
  });
});
