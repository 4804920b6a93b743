import ipaddr from 'ipaddr.js';

// Which IP addresses a portal may live at when the allowlist lets any host in: public unicast only.
// Loopback, private, link-local (the cloud metadata address 169.254.169.254 among them), unique
// local, carrier-grade NAT, multicast and reserved ranges are refused; IPv4-mapped IPv6 is unwrapped.

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** True for a literal IP address in the host part of a URL (IPv6 in brackets or bare). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
