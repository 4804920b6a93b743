import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Reads the spec's Markdown independently of lib/partner-api/catalog.ts, so tests can hold the
// catalogue against the document itself. Deliberately simple: it understands the spec's tables
// and "Unsupported fields" bullet lists, nothing more.

export const specPath = resolve(process.env.ROOSTER_SPEC ?? resolve(__dirname, '../../../shared/spec/partner-api.md'));

export function readSpec(): string {
  if (!existsSync(specPath)) {
    throw new Error(
      `The partner API spec is not at ${specPath}. Check out ../shared beside this repository or set ROOSTER_SPEC.`,
    );
  }
  return readFileSync(specPath, 'utf8');
}

export interface SpecField {
  name: string;
  type: string;
  filterable: boolean;
  supported: boolean;
}

/** The `### name` sections under "Resources and their fields". */
export function resourceSections(spec: string): Map<string, string> {
  const part = spec.split('## Resources and their fields')[1]?.split('\n## ')[0] ?? '';
  const sections = new Map<string, string>();
  for (const chunk of part.split('\n### ').slice(1)) {
    const name = chunk.split(/[\s(]/)[0]!;
    sections.set(name, chunk);
  }
  return sections;
}

const TYPE =
  /^(long\[\]|string\[\]|json\[\]|long|integer|float|boolean|string|json|uuid|timestamp|date|week|percentage)(\*?)$/;

/** Rows of the first field table: `| name | type | Y/N | ... |`. */
export function tableFields(section: string): SpecField[] {
  const rows: SpecField[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5) continue;
    const [, name, type, filter] = cells;
    if (!name || !type || !TYPE.test(type) || (filter !== 'Y' && filter !== 'N')) continue;
    rows.push({ name, type, filterable: filter === 'Y', supported: true });
  }
  return rows;
}

/** Splits on a separator outside parentheses. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The bullets after "Unsupported fields": `- name type*`, several per bullet, and "a, b: each integer". */
export function unsupportedFields(section: string): SpecField[] {
  // A lone one in prose: "Unsupported field: `name` string (not filterable)".
  const single = /Unsupported field: `(\w+)` (\S+) \((not )?filterable\)/.exec(section);
  if (single) return [{ name: single[1]!, type: single[2]!, filterable: !single[3], supported: false }];
  const start = section.indexOf('Unsupported fields');
  if (start < 0) return [];
  const lines = section.slice(start).split('\n').slice(1);
  const fields: SpecField[] = [];
  let inList = false;
  for (const line of lines) {
    if (line.startsWith('- ')) inList = true;
    else if (inList) break;
    else continue;
    const body = line
      .slice(2)
      .replace(/\([^)]*\)/g, '')
      .trim();
    const each = /^(.*):\s*each\s+(\S+)$/.exec(body);
    if (each) {
      for (const name of each[1]!.split(',').map((s) => s.trim())) {
        fields.push({ name, type: each[2]!, filterable: false, supported: false });
      }
      continue;
    }
    for (const piece of splitTop(body, ';').flatMap((p) => splitTop(p, ','))) {
      const [name, rawType] = piece.split(/\s+/);
      const type = TYPE.exec(rawType ?? '');
      if (!name || !type) continue;
      fields.push({ name, type: type[1]!, filterable: type[2] === '*', supported: false });
    }
  }
  return fields;
}
