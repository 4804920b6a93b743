// The head of a portal's envelope, read as JSON is read (not by a pattern): the `status` members
// that stand directly in `response` before its `data` (a `status` inside another member, such as
// `{"extra":{"status":200}}`, is not the envelope's; a key escaped as `"st\u0061tus"` is), and
// whether `data` opens a list. A body that says its status twice says nothing we may trust.
// Read from text decoded as latin1 (byte for byte): keys and numbers are ASCII.

export interface EnvelopeHead {
  /** `{"response":{` opened the answer. */
  envelope: boolean;
  /** The values of `response.status` before `data` (or the end of `response`), in order; NaN for one not a number. */
  statuses: number[];
  /** `response.data` opens a list (`[`) and where: the index just past the `[`; else -1. */
  dataAt: number;
}

const WS = /[ \t\r\n]*/y;

/** Reads the head of `text` as far as it goes (a head cut short says what it read). */
export function readEnvelopeHead(text: string): EnvelopeHead {
  const head: EnvelopeHead = { envelope: false, statuses: [], dataAt: -1 };
  let i = 0;
  const ws = () => {
    WS.lastIndex = i;
    WS.test(text);
    i = WS.lastIndex;
  };
  const expect = (c: string) => {
    ws();
    if (text[i] !== c) return false;
    i++;
    return true;
  };
  /** A string at i (i at its quote): its value, i past it; undefined when cut short or broken. */
  const string = (): string | undefined => {
    const start = i;
    let j = i + 1;
    for (;;) {
      const q = text.indexOf('"', j);
      if (q === -1) return undefined;
      let backslashes = 0;
      while (text[q - 1 - backslashes] === '\\') backslashes++;
      if (backslashes % 2 === 0) {
        i = q + 1;
        try {
          return JSON.parse(text.slice(start, i)) as string;
        } catch {
          return undefined;
        }
      }
      j = q + 1;
    }
  };
  /** Skips one value at i; false when cut short. */
  const skip = (): boolean => {
    ws();
    const c = text[i];
    if (c === '"') return string() !== undefined;
    if (c !== '{' && c !== '[') {
      const m = /[^,}\]\s]*/y;
      m.lastIndex = i;
      m.test(text);
      i = m.lastIndex;
      return i < text.length;
    }
    let depth = 0;
    const structural = /["{}[\]]/g;
    for (;;) {
      structural.lastIndex = i;
      const m = structural.exec(text);
      if (!m) return false;
      i = m.index;
      if (m[0] === '"') {
        if (string() === undefined) return false;
        continue;
      }
      i++;
      depth += m[0] === '{' || m[0] === '[' ? 1 : -1;
      if (depth === 0) return true;
    }
  };
  if (!expect('{')) return head;
  ws();
  if (text[i] !== '"' || string() !== 'response' || !expect(':') || !expect('{')) return head;
  head.envelope = true;
  for (;;) {
    ws();
    if (text[i] !== '"') return head;
    const key = string();
    if (key === undefined || !expect(':')) return head;
    ws();
    if (key === 'data') {
      if (text[i] === '[') head.dataAt = i + 1;
      return head;
    }
    if (key === 'status') {
      // As the envelope's reader takes it: a number, or a number written as a string.
      const start = i;
      if (!skip()) return head;
      const raw = text.slice(start, i).trim();
      const value = Number(raw.startsWith('"') ? (JSON.parse(raw) as string).trim() : raw);
      head.statuses.push(Number.isInteger(value) && raw !== '' && raw !== '""' ? value : NaN);
    } else if (!skip()) return head;
    ws();
    if (text[i] === ',') i++;
    else return head;
  }
}
