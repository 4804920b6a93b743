// The records of a list envelope (`{"response": {…, "data": [record, …]}}`) read while its bytes
// arrive, a chunk at a time: the records completed in a chunk are parsed together once its last
// byte is in, so a reader holds one chunk and the records of that chunk, never the whole answer's
// text and objects (a week of appointments parsed at once outlives the young generation's
// collections and is promoted: megabytes of old-space garbage per week).
//
// The splitter tracks the JSON's nesting (strings and escapes included) to find `response.data`'s
// elements; the elements themselves are checked by JSON.parse, the envelope around them for its
// nesting and its end (the status before the list was judged when the answer was opened).
// Multi-byte UTF-8 never holds an ASCII byte, so the bytes are scanned as they are and decoded once.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const SPACE = 0x20;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const TAB = 0x09;

/** What went wrong with an envelope's bytes: not JSON as an envelope is, or no `response.data` list. */
export class EnvelopeUnreadable extends Error {
  constructor(readonly reason: 'broken' | 'no-records') {
    super(reason === 'broken' ? 'the answer is not a whole JSON envelope' : 'the envelope holds no data list');
    this.name = 'EnvelopeUnreadable';
  }
}

const asBuffer = (chunk: Uint8Array) =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** `stringEnd`'s answers when a string goes on past the chunk: with its last byte an escape, or not. */
const OPEN_AT_END = -1;
const ESCAPED_AT_END = -2;

/** Where the string going on at `from` closes (its quote's index), or how it goes on past the chunk. */
function stringEnd(buf: Buffer, from: number, escaped: boolean): number {
  let esc = escaped;
  for (let j = from; j < buf.length; j++) {
    if (esc) esc = false;
    else {
      const c = buf[j]!;
      if (c === BACKSLASH) esc = true;
      else if (c === QUOTE) return j;
    }
  }
  return esc ? ESCAPED_AT_END : OPEN_AT_END;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new EnvelopeUnreadable('broken');
  }
}

/**
 * A splitter over one envelope: `push` takes the next chunk and gives the records completed in it
 * (parsed, in order); `end` checks the envelope was whole and had its data list. A record that is
 * no JSON value makes the envelope broken (as JSON.parse of the whole text would have failed).
 */
export function envelopeRecords() {
  let depth = 0;
  /** The kinds of the containers open at depths 1 to 3 (true: an object); deeper ones are the records' own. */
  const kinds: boolean[] = [];
  /** Whether the next string in the object at depth ≤ 2 is a key. */
  let keyNext = false;
  let inString = false;
  let escaped = false;
  /** The keys the top two objects are at (only these are needed to find response.data). */
  const keys: [string, string] = ['', ''];
  let keyStart = -1;
  /** Bytes of a key begun in an earlier chunk (keys are short; rarely split). */
  let keyCarry: Buffer | null = null;
  /** Inside response.data's list (the container at depth 3). */
  let inData = false;
  let sawData = false;
  /** Where the current element began in this chunk (-1: before it, or it began in `carry`). */
  let elementStart = -1;
  /** The bytes of the current element begun in earlier chunks. */
  let carry: Buffer | null = null;
  /** After a comma in the data list: an element must follow before its end. */
  let elementDue = false;
  let done = false;

  function push(chunk: Uint8Array): unknown[] {
    const buf = asBuffer(chunk);
    const out: unknown[] = [];
    /** The elements wholly in this chunk, parsed together: from the first one's start to the last one's end. */
    let batchStart = -1;
    let batchEnd = -1;
    const endElement = (end: number) => {
      if (carry) {
        out.push(parse(Buffer.concat([carry, buf.subarray(0, end)]).toString('utf8')));
        carry = null;
      } else {
        if (batchStart === -1) batchStart = elementStart;
        batchEnd = end;
      }
      elementStart = -1;
    };
    const n = buf.length;
    let i = 0;
    while (i < n) {
      if (inString) {
        // The rest of a string begun in an earlier chunk, or a key's (the hot loops keep their state local).
        const j = stringEnd(buf, i, escaped);
        if (j < 0) {
          escaped = j === ESCAPED_AT_END;
          break;
        }
        escaped = false;
        inString = false;
        if (keyStart !== -1 || keyCarry) {
          const key = keyCarry ? Buffer.concat([keyCarry, buf.subarray(0, j)]) : buf.subarray(keyStart, j);
          keys[depth - 1] = key.toString('utf8');
          keyStart = -1;
          keyCarry = null;
        }
        i = j + 1;
        continue;
      }
      if (depth > 3) {
        // Inside a record, most of the bytes: only its nesting and its strings matter here
        // (JSON.parse checks the rest), scanned in one tight loop until the record closes.
        let d = depth;
        let j = i;
        for (; j < n; j++) {
          const b = buf[j]!;
          if (b === QUOTE) {
            const end = stringEnd(buf, j + 1, false);
            if (end < 0) {
              inString = true;
              escaped = end === ESCAPED_AT_END;
              j = n;
              break;
            }
            j = end;
          } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) d++;
          else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
            d--;
            if (d === 3) {
              j++;
              break;
            }
          }
        }
        depth = d;
        i = j;
        continue;
      }
      const b = buf[i]!;
      i++;
      if (b === SPACE || b === NEWLINE || b === RETURN || b === TAB) continue;
      const at = i - 1;
      if (done) throw new EnvelopeUnreadable('broken');
      if (inData && depth === 3 && elementStart === -1 && !carry && b !== COMMA && b !== CLOSE_ARRAY) {
        elementStart = at;
        elementDue = false;
      }
      if (b === QUOTE) {
        inString = true;
        if (keyNext && depth <= 2) keyStart = at + 1;
        keyNext = false;
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        const object = b === OPEN_OBJECT;
        if (depth === 0 && !object) throw new EnvelopeUnreadable('broken');
        if (depth === 2 && !object && kinds[0] && kinds[1] && keys[0] === 'response' && keys[1] === 'data') {
          inData = true;
          sawData = true;
        }
        if (depth < 3) kinds[depth] = object;
        depth++;
        keyNext = object;
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (depth === 0 || kinds[depth - 1] !== (b === CLOSE_OBJECT)) throw new EnvelopeUnreadable('broken');
        if (inData && depth === 3) {
          if (elementStart !== -1 || carry) endElement(at);
          else if (elementDue) throw new EnvelopeUnreadable('broken');
          inData = false;
        }
        depth--;
        keyNext = false;
        if (depth === 0) done = true;
      } else if (b === COMMA) {
        if (inData && depth === 3) {
          if (elementStart === -1 && !carry) throw new EnvelopeUnreadable('broken');
          endElement(at);
          elementDue = true;
        }
        keyNext = depth > 0 && kinds[depth - 1] === true;
      } else if (b === COLON) {
        keyNext = false;
      } else if (depth === 0) throw new EnvelopeUnreadable('broken');
    }
    if (batchStart !== -1) {
      const batch = parse(`[${buf.toString('utf8', batchStart, batchEnd)}]`) as unknown[];
      for (const record of batch) out.push(record);
    }
    // What is begun and not ended waits for the next chunk.
    if (inData && (elementStart !== -1 || carry)) {
      carry = carry ? Buffer.concat([carry, buf]) : Buffer.from(buf.subarray(elementStart));
      elementStart = -1;
    }
    if (inString && (keyStart !== -1 || keyCarry)) {
      keyCarry = keyCarry ? Buffer.concat([keyCarry, buf]) : Buffer.from(buf.subarray(keyStart));
      keyStart = -1;
    }
    return out;
  }

  function end(): void {
    if (!done || inString) throw new EnvelopeUnreadable('broken');
    if (!sawData) throw new EnvelopeUnreadable('no-records');
  }

  return { push, end };
}
