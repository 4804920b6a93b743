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
 * The guard's state over one answer: `push` takes the next chunk and gives the parts ready to pass
 * on (none while they could be a split token's start), throwing StreamTooLarge past the cap; `end`
 * gives what was held back. A chunk is not copied: the parts are views of it, beside the few bytes
 * held back from the chunk before (a copy per chunk of a megabyte answer is garbage the collector
 * pays for). Shared by the web stream below and the Node stream of the partner-API client.
 */
export function tokenCutter(token: string | undefined, maxBytes: number) {
  const needle = token && token.length >= 8 ? new TextEncoder().encode(token) : null;
  const n = needle?.length ?? 0;
  let carry: Uint8Array = new Uint8Array(0);
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
          out.push(REPLACEMENT);
          from = at + n - carry.length;
        }
      }
      for (let at = indexOf(bytes, needle, from); at !== -1; at = indexOf(bytes, needle, from)) {
        if (at > from) out.push(bytes.subarray(from, at));
        out.push(REPLACEMENT);
        from = at + n;
      }
      // Bytes that could be the start of a token split by the next chunk wait for it.
      const keep = Math.min(bytes.length - from, n - 1);
      if (bytes.length - keep > from) out.push(bytes.subarray(from, bytes.length - keep));
      carry = bytes.slice(bytes.length - keep);
      return out;
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
      let ready: Uint8Array[];
      try {
        ready = cutter.push(chunk);
      } catch (error) {
        controller.error(error);
        return;
      }
      for (const part of ready) controller.enqueue(part);
    },
    flush(controller) {
      const rest = cutter.end();
      if (rest.length > 0) controller.enqueue(rest);
    },
  });
}
