// What every streamed portal answer passes through on its way to the browser: the token cut out
// even where it is split across chunks (the last token-length − 1 bytes wait for the next chunk),
// and the size counted as it arrives, so an answer over the cap ends in an error, not in memory.

const REPLACEMENT = new TextEncoder().encode('[token removed]');

export class StreamTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${maxBytes} bytes`);
    this.name = 'StreamTooLarge';
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  // Buffer's search is native (memmem); a plain Uint8Array is searched by hand.
  if (typeof Buffer !== 'undefined')
    return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle, from);
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

/**
 * The guard's state over one answer: `push` takes the next chunk and gives the bytes ready to pass
 * on (empty while they could be a split token's start), throwing StreamTooLarge past the cap;
 * `end` gives what was held back. Shared by the web and the Node flavour below.
 */
export function tokenCutter(token: string | undefined, maxBytes: number) {
  const needle = token && token.length >= 8 ? new TextEncoder().encode(token) : null;
  let carry: Uint8Array = new Uint8Array(0);
  let size = 0;
  return {
    push(chunk: Uint8Array): Uint8Array {
      size += chunk.length;
      if (size > maxBytes) throw new StreamTooLarge(maxBytes);
      if (!needle) return chunk;
      const bytes = carry.length > 0 ? concat([carry, chunk]) : chunk;
      const out: Uint8Array[] = [];
      let from = 0;
      for (let at = indexOf(bytes, needle, 0); at !== -1; at = indexOf(bytes, needle, from)) {
        out.push(bytes.subarray(from, at), REPLACEMENT);
        from = at + needle.length;
      }
      // Bytes that could be the start of a token split by the next chunk wait for it.
      const keep = Math.min(bytes.length - from, needle.length - 1);
      out.push(bytes.subarray(from, bytes.length - keep));
      carry = bytes.slice(bytes.length - keep);
      return concat(out.filter((p) => p.length > 0));
    },
    end(): Uint8Array {
      return carry;
    },
  };
}

/** A transform that cuts `token` out of the bytes and errors once more than `maxBytes` arrived. */
export function guardStream(token: string | undefined, maxBytes: number): TransformStream<Uint8Array, Uint8Array> {
  const cutter = tokenCutter(token, maxBytes);
  return new TransformStream({
    transform(chunk, controller) {
      let ready: Uint8Array;
      try {
        ready = cutter.push(chunk);
      } catch (error) {
        controller.error(error);
        return;
      }
      if (ready.length > 0) controller.enqueue(ready);
    },
    flush(controller) {
      const rest = cutter.end();
      if (rest.length > 0) controller.enqueue(rest);
    },
  });
}
