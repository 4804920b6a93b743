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
 * A portal's answer read whole, the token masked wherever it stands: a portal that echoes the
 * Authorization header (into an error message, a partner name, a record) must not carry the token
 * on to the browser. Tokens under 8 characters are not looked for.
 */
export function redactToken(text: string, token: string | undefined): string {
  return token && token.length >= 8 && text.includes(token) ? text.split(token).join(tokenMask(token.length)) : text;
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

/** How many of the last bytes of `bytes` (past `from`, fewer than the token's) are the token's first bytes. */
function tokenStartAtEnd(bytes: Uint8Array, from: number, needle: Uint8Array): number {
  outer: for (let k = Math.min(bytes.length - from, needle.length - 1); k > 0; k--) {
    const start = bytes.length - k;
    for (let j = 0; j < k; j++) if (bytes[start + j] !== needle[j]) continue outer;
    return k;
  }
  return 0;
}

/**
 * The guard's state over one answer: `push` takes the next chunk and gives the parts ready to pass
 * on (none while they could be a split token's start), throwing StreamTooLarge past the cap; `end`
 * gives what was held back. A chunk is not copied: the parts are views of it, beside the few bytes
 * held back from the chunk before (a copy per chunk of a megabyte answer is garbage the collector
 * pays for). Used by the partner-API client's streamed reads (transport.server.ts, `flow`).
 */
export function tokenCutter(token: string | undefined, maxBytes: number) {
  const needle = token && token.length >= 8 ? new TextEncoder().encode(token) : null;
  const n = needle?.length ?? 0;
  const mask = new TextEncoder().encode(tokenMask(n));
  let carry: Uint8Array = NOTHING;
  let size = 0;
  return {
    push(chunk: Uint8Array): Uint8Array[] {
      size += chunk.length;
      if (size > maxBytes) throw new StreamTooLarge(maxBytes);
      if (!needle) return [chunk];
      const out: Uint8Array[] = [];
      let bytes = chunk;
      let from = 0;
      if (carry.length > 0 && chunk.length < n) {
        // A short chunk: joined with the held bytes (both smaller than the token).
        bytes = concat([carry, chunk]);
      } else if (carry.length > 0) {
        // A token that starts in the held bytes ends in the chunk's first n − 1 bytes: looked for
        // in that joint only; one that starts in the chunk is found in the chunk itself.
        const joint = concat([carry, chunk.subarray(0, n - 1)]);
        const at = indexOf(joint, needle, 0);
        if (at === -1) out.push(carry);
        else {
          if (at > 0) out.push(carry.subarray(0, at));
          out.push(mask);
          from = at + n - carry.length;
        }
      }
      for (let at = indexOf(bytes, needle, from); at !== -1; at = indexOf(bytes, needle, from)) {
        if (at > from) out.push(bytes.subarray(from, at));
        out.push(mask);
        from = at + n;
      }
      // Bytes that could be the start of a token split by the next chunk wait for it: only those
      // (mostly none), so a chunk passes on as one view of itself, not as a view and a held tail.
      const keep = tokenStartAtEnd(bytes, from, needle);
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
