// The records of a list envelope (`{"response": {…, "data": [record, …]}}`) read while its bytes
// arrive, one record at a time: each record's text is parsed on its own once its last byte is in,
// so a reader holds one chunk and the records of that chunk, never the whole answer's text and
// objects (a week of appointments parsed at once outlives the young generation's collections and
// is promoted, megabytes of old-space garbage per week).
//
// The splitter only tracks the JSON's nesting (strings and escapes included) to find
// `response.data`'s elements; each element is checked by JSON.parse, the envelope around them
// only for its nesting and its end (the status before the list was judged when the answer opened). Multi-byte UTF-8 never holds
// an ASCII byte, so the bytes are scanned as they are and decoded once per record.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** What went wrong with an envelope's bytes: not JSON as an envelope is, or no `response.data` list. */
export class EnvelopeUnreadable extends Error {
  constructor(readonly reason: 'broken' | 'no-records') {
    super(reason === 'broken' ? 'the answer is not a whole JSON envelope' : 'the envelope holds no data list');
    this.name = 'EnvelopeUnreadable';
  }
}

const asBuffer = (chunk: Uint8Array) =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * A splitter over one envelope: `push` takes the next chunk and gives the records completed in it
 * (parsed, in order); `end` checks the envelope was whole and had its data list. A record that is
 * no JSON value makes the envelope broken (as JSON.parse of the whole text would have failed).
 */
export function envelopeRecords() {
  /** Open containers, innermost last: true for an object. */
  const stack: boolean[] = [];
  /** Whether the next string in the innermost object is a key. */
  let keyNext = false;
  let inString = false;
  let escaped = false;
  /** The keys the top two objects are at (only these are needed to find response.data). */
  const keys: [string, string] = ['', ''];
  let keyStart = -1;
  /** Bytes of a key begun in an earlier chunk (keys are short; rarely split). */
  let keyCarry: Buffer | null = null;
  /** Inside response.data (at depth 3); where the current element began in `carry` + this chunk, -1 before it. */
  let inData = false;
  let sawData = false;
  let elementStart = -1;
  /** After a comma in the data list: an element must follow before its end. */
  let elementDue = false;
  /** The bytes of the current element begun in earlier chunks. */
  let carry: Buffer | null = null;
  let done = false;

  function push(chunk: Uint8Array): unknown[] {
    const buf = asBuffer(chunk);
    const out: unknown[] = [];
    const element = (end: number) => {
      // The element's bytes: from its start (in this chunk or carried) to `end` in this chunk.
      const bytes = carry ? Buffer.concat([carry, buf.subarray(0, end)]) : buf.subarray(elementStart, end);
      carry = null;
      elementStart = -1;
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new EnvelopeUnreadable('broken');
      }
      out.push(value);
    };
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (keyStart !== -1 || keyCarry) {
            const text = (
              keyCarry ? Buffer.concat([keyCarry, buf.subarray(0, i)]) : buf.subarray(keyStart, i)
            ).toString('utf8');
            keys[stack.length - 1] = text;
            keyStart = -1;
            keyCarry = null;
          }
        }
        continue;
      }
      if (isSpace(b)) continue;
      if (done) throw new EnvelopeUnreadable('broken');
      const depth = stack.length;
      if (inData && depth === 3 && elementStart === -1 && !carry && b !== COMMA && b !== CLOSE_ARRAY) {
        elementStart = i;
        elementDue = false;
      }
      if (b === QUOTE) {
        inString = true;
        // A key of the top two objects is kept (a string in key position there).
        if (keyNext && depth <= 2) keyStart = i + 1;
        keyNext = false;
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        if (depth === 0 && b !== OPEN_OBJECT) throw new EnvelopeUnreadable('broken');
        if (depth === 2 && b === OPEN_ARRAY && stack[0] && stack[1] && keys[0] === 'response' && keys[1] === 'data') {
          inData = true;
          sawData = true;
        }
        stack.push(b === OPEN_OBJECT);
        keyNext = b === OPEN_OBJECT;
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (stack.length === 0 || stack.at(-1) !== (b === CLOSE_OBJECT)) throw new EnvelopeUnreadable('broken');
        if (inData && depth === 3) {
          if (elementStart !== -1 || carry) element(i);
          else if (elementDue) throw new EnvelopeUnreadable('broken');
          inData = false;
        }
        stack.pop();
        keyNext = false;
        if (stack.length === 0) done = true;
      } else if (b === COMMA) {
        if (inData && depth === 3) {
          if (elementStart === -1 && !carry) throw new EnvelopeUnreadable('broken');
          element(i);
          elementDue = true;
        }
        keyNext = stack.at(-1) === true;
      } else if (b === COLON) {
        keyNext = false;
      } else if (depth === 0) throw new EnvelopeUnreadable('broken');
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
