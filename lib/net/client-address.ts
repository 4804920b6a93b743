import ipaddr from 'ipaddr.js';

// Who a request came from, for limits keyed by client address. The socket's peer is the only
// address a client cannot choose; `X-Forwarded-For` is believed only when that peer is one of the
// TRUSTED_PROXIES (a reverse proxy the operator named), and then read from the right, past every
// trusted hop, to the first address a trusted proxy saw.

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An address (`10.0.0.5`, `::1`) or a CIDR (`10.0.0.0/8`) as a range; null when it is neither. */
export function parseRange(text: string): Range | null {
  const s = text.trim();
  if (ipaddr.isValidCIDR(s)) {
    const [address, bits] = ipaddr.parseCIDR(s);
    return unmapRange(address, bits);
  }
  if (!ipaddr.isValid(s)) return null;
  const address = ipaddr.process(s);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

function unmapRange(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): Range {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return [address, bits];
}

/** An address in its one written form (IPv4-mapped IPv6 unwrapped); null when it is not an address. */
export function normalAddress(text: string | null | undefined): string | null {
  const s = text?.trim() ?? '';
  return ipaddr.isValid(s) ? ipaddr.process(s).toString() : null;
}

function inRanges(address: string, ranges: readonly Range[]): boolean {
  const parsed = ipaddr.process(address);
  return ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
}

/**
 * The client's address: the socket peer, unless the peer is a trusted proxy; then the rightmost
 * `X-Forwarded-For` entry that is not itself a trusted proxy (earlier entries are the client's
 * say). A peer we do not know (null) is `unknown`: one shared key, never a client's choice.
 */
export function clientAddressOf(peer: string | null, forwardedFor: string | null, trusted: readonly string[]): string {
  const from = normalAddress(peer);
  if (!from) return 'unknown';
  const ranges = trusted.map(parseRange).filter((r): r is Range => r !== null);
  if (ranges.length === 0 || !inRanges(from, ranges)) return from;
  const hops = (forwardedFor ?? '').split(',').map((s) => s.trim());
  let client = from;
  for (const hop of hops.reverse()) {
    const address = normalAddress(hop);
    // A trusted proxy wrote something that is not an address: the last address it vouched for stands.
    if (!address) break;
    client = address;
    if (!inRanges(address, ranges)) break;
  }
  return client;
}

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber's network: a client owns every address in it, so a limit per /128 is no
 * limit), anything else (`unknown`) as it is.
 */
export function limitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.IPv6.parse(`${parts.map((p) => p.toString(16)).join(':')}::`).toString()}/64`;
}
