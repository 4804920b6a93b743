// What every portal answer passes through on its way to the browser: the token masked (also where a
// chunk boundary splits it: bytes that could begin it wait for the next chunk), and the size counted
// as it arrives, so an answer over the cap ends in an error, not in memory.

/**
 * What stands where the token stood: "[token removed]", padded with `*` or cut to the token's own
 * length, so an answer keeps its length (its Content-Length passes on unchanged). JSON-safe ASCII.
 */
export function tokenMask(length: number): string {
  const words = '[token removed]';
  return length >= words.length ? words + '*'.repeat(length - words.length) : '*'.repeat(length);
}

/**
 * A portal's answer read whole, the token masked wherever it stands and in whatever JSON form
 * (escaped or not, see `tokenCutter`): a portal that echoes the Authorization header (into an error
 * message, a partner name, a record) must not carry the token on to the browser. Tokens under 8
 * characters are not looked for.
 */
export function redactToken(text: string, token: string | undefined): string {
  if (!token || token.length < 8) return text;
  // Quick way out: neither the token nor any escape in the text.
  if (!text.includes(token) && !text.includes('\\')) return text;
  const cutter = tokenCutter(token, Infinity);
  const parts = cutter.push(Buffer.from(text, 'utf8'));
  parts.push(cutter.end());
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Whether `redactToken` could change this answer: the token in it, or an escape (a token written
 * escaped, see `tokenCutter`). An answer without either may pass on as bytes, never decoded here.
 */
export function mayHoldToken(bytes: Buffer, token: string | undefined): boolean {
  if (!token || token.length < 8) return false;
  return bytes.includes(token) || bytes.includes(0x5c);
}

export class StreamTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${maxBytes} bytes`);
    this.name = 'StreamTooLarge';
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  // Buffer's search is native (memmem); a plain Uint8Array is searched by hand.
  if (typeof Buffer !== 'undefined')
    return (
      Buffer.isBuffer(haystack) ? haystack : Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength)
    ).indexOf(needle, from);
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  if (parts.length === 0) return new Uint8Array(0);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const NOTHING = new Uint8Array(0);
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
/** A match that ran out of bytes while it still matched: it may end in the next chunk. */
const INCOMPLETE = -2;
const NO = -1;

/**
 * One character of the token and the forms JSON may write it in: as itself (its UTF-8 bytes; never
 * for `"`, `\` or a control character, which JSON must escape), as a short escape (`\/`, `\"`,
 * `\\`, `\b`…), or as one `\uXXXX` per UTF-16 unit, hex digits in either case (`\u0065`, `\u006A`).
 */
interface TokenChar {
  literal: Uint8Array | null;
  short: number | null;
  units: number[];
}

const SHORT_ESCAPES: Record<number, number> = {
  0x22: 0x22,
  0x5c: 0x5c,
  0x2f: 0x2f,
  0x08: 0x62,
  0x0c: 0x66,
  0x0a: 0x6e,
  0x0d: 0x72,
  0x09: 0x74,
};

/** What a short escape's letter stands for (-1: not one). */
const SHORT_UNESCAPED = new Int32Array(256).fill(-1);
for (const [unit, letter] of Object.entries(SHORT_ESCAPES)) SHORT_UNESCAPED[letter] = Number(unit);

function tokenChars(token: string): TokenChar[] {
  const encoder = new TextEncoder();
  return [...token].map((c) => {
    const code = c.codePointAt(0)!;
    const units = Array.from({ length: c.length }, (_, i) => c.charCodeAt(i));
    return {
      literal: code < 0x20 || code === 0x22 || code === 0x5c ? null : encoder.encode(c),
      short: SHORT_ESCAPES[code] ?? null,
      units,
    };
  });
}

function hexDigit(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  const lower = b | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** Where the form of `c` at `i` ends, NO, or INCOMPLETE when the bytes ran out while it matched. */
function charAt(bytes: Uint8Array, i: number, c: TokenChar): number {
  const len = bytes.length;
  if (i >= len) return INCOMPLETE;
  if (bytes[i] !== BACKSLASH) {
    const literal = c.literal;
    if (!literal) return NO;
    for (let j = 0; j < literal.length; j++) {
      if (i + j >= len) return INCOMPLETE;
      if (bytes[i + j] !== literal[j]) return NO;
    }
    return i + literal.length;
  }
  if (i + 1 >= len) return INCOMPLETE;
  if (c.short !== null && bytes[i + 1] === c.short) return i + 2;
  let k = i;
  for (const unit of c.units) {
    for (let h = 0; h < 6; h++) {
      if (k + h >= len) return INCOMPLETE;
      const b = bytes[k + h]!;
      if (h === 0 ? b !== BACKSLASH : h === 1 ? b !== LETTER_U : hexDigit(b) !== ((unit >> (4 * (5 - h))) & 15))
        return NO;
    }
    k += 6;
  }
  return k;
}

/** Where a token in any of its forms starting at `at` ends, NO, or INCOMPLETE. */
function tokenAt(bytes: Uint8Array, at: number, chars: TokenChar[]): number {
  let i = at;
  for (const c of chars) {
    i = charAt(bytes, i, c);
    if (i < 0) return i;
  }
  return i;
}

/** The UTF-16 unit an escape at `p` stands for, or -1 (not an escape, or cut short). */
function escapedUnit(bytes: Uint8Array, p: number): number {
  if (p + 1 >= bytes.length) return -1;
  const e = bytes[p + 1]!;
  if (e !== LETTER_U) return SHORT_UNESCAPED[e]!;
  if (p + 5 >= bytes.length) return -1;
  let v = 0;
  for (let h = 2; h < 6; h++) {
    const d = hexDigit(bytes[p + h]!);
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/**
 * The token's matcher: every form JSON may write it in, any character escaped or not. A form with
 * no escape is found by the native search for the token's bytes; one with an escape is found from
 * its first backslash (what comes before that backslash is written as itself).
 */
function tokenFinder(token: string) {
  const chars = tokenChars(token);
  const needle = new TextEncoder().encode(token);
  // The bytes before the k-th character when all before it are written as themselves (null: one cannot be).
  const prefix: (number | null)[] = [];
  let at: number | null = 0;
  for (const c of chars) {
    prefix.push(at);
    at = at === null || !c.literal ? null : at + c.literal.length;
  }
  // The characters whose first UTF-16 unit is u, latest first (the earliest start is tried first).
  const byUnit = new Map<number, number[]>();
  for (let k = chars.length - 1; k >= 0; k--) {
    const unit = chars[k]!.units[0]!;
    byUnit.set(unit, [...(byUnit.get(unit) ?? []), k]);
  }
  const longestPrefix = Math.max(0, ...prefix.map((p) => p ?? 0));
  /** The longest form: every character as `\uXXXX`. */
  const maxSpan = chars.reduce((n, c) => n + 6 * c.units.length, 0);
  return {
    maxSpan,
    /** The first token at or after `from`, in any form: [start, end), or null. */
    next(bytes: Uint8Array, from: number): [number, number] | null {
      const plain = indexOf(bytes, needle, from);
      let best: [number, number] | null = plain === -1 ? null : [plain, plain + needle.length];
      // A typed array's own indexOf of one byte is native (memchr-like).
      for (let p = bytes.indexOf(BACKSLASH, from); p !== -1; p = bytes.indexOf(BACKSLASH, p + 1)) {
        if (best && p - longestPrefix >= best[0]) break;
        const ks = byUnit.get(escapedUnit(bytes, p));
        if (!ks) continue;
        for (const k of ks) {
          const start = p - prefix[k]!;
          if (prefix[k] === null || start < from || (best && start >= best[0])) continue;
          const end = tokenAt(bytes, start, chars);
          if (end >= 0) {
            best = [start, end];
            break;
          }
        }
      }
      return best;
    },
    /** How many of the last bytes (past `from`) could begin a token the next chunk ends. */
    startAtEnd(bytes: Uint8Array, from: number): number {
      for (let q = Math.max(from, bytes.length - maxSpan + 1); q < bytes.length; q++)
        if (tokenAt(bytes, q, chars) === INCOMPLETE) return bytes.length - q;
      return 0;
    },
  };
}

/**
 * The guard's state over one answer: `push` takes the next chunk and gives the parts ready to pass
 * on (none while they could be a split token's start), throwing StreamTooLarge past the cap; `end`
 * gives what was held back. The token is masked in every form JSON may write it in (a portal that
 * echoes it through PHP's `json_encode` writes `\/` for `/`; any character may be `\u0065`), each
 * form by a mask of its own length. A chunk is not copied: the parts are views of it, beside the
 * few bytes held back from the chunk before (a copy per chunk of a megabyte answer is garbage the
 * collector pays for). Used by the partner-API client's streamed reads (transport/stream.server.ts, `flow`).
 */
export function tokenCutter(token: string | undefined, maxBytes: number) {
  const finder = token && token.length >= 8 ? tokenFinder(token) : null;
  const span = finder?.maxSpan ?? 0;
  const mask = (length: number) => new TextEncoder().encode(tokenMask(length));
  let carry: Uint8Array = NOTHING;
  let size = 0;
  return {
    push(chunk: Uint8Array): Uint8Array[] {
      size += chunk.length;
      if (size > maxBytes) throw new StreamTooLarge(maxBytes);
      if (!finder) return [chunk];
      const out: Uint8Array[] = [];
      let bytes = chunk;
      let from = 0;
      if (carry.length > 0 && chunk.length < span) {
        // A short chunk: joined with the held bytes (both smaller than the longest form).
        bytes = concat([carry, chunk]);
      } else if (carry.length > 0) {
        // A token that starts in the held bytes ends in the chunk's first `span` bytes: looked for
        // in that joint only; one that starts in the chunk is found in the chunk itself.
        const joint = concat([carry, chunk.subarray(0, span)]);
        let at = 0;
        for (let found = finder.next(joint, 0); found && found[0] < carry.length; found = finder.next(joint, at)) {
          if (found[0] > at) out.push(carry.subarray(at, found[0]));
          out.push(mask(found[1] - found[0]));
          at = found[1];
        }
        if (at < carry.length) out.push(carry.subarray(at));
        from = Math.max(0, at - carry.length);
      }
      for (let found = finder.next(bytes, from); found; found = finder.next(bytes, from)) {
        if (found[0] > from) out.push(bytes.subarray(from, found[0]));
        out.push(mask(found[1] - found[0]));
        from = found[1];
      }
      // Bytes that could be the start of a token split by the next chunk wait for it: only those
      // (mostly none), so a chunk passes on as one view of itself, not as a view and a held tail.
      const keep = finder.startAtEnd(bytes, from);
      if (from === 0 && keep === 0) out.push(bytes);
      else if (bytes.length - keep > from) out.push(bytes.subarray(from, bytes.length - keep));
      carry = keep === 0 ? NOTHING : bytes.slice(bytes.length - keep);
      return out;
    },
    end(): Uint8Array {
      return carry;
    },
  };
}
