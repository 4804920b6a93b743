import { describe, expect, it } from 'vitest';
import { clientAddressOf, normalAddress, parseRange } from './client-address';

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', [])).toBe('203.0.113.9');
    expect(clientAddressOf('::ffff:203.0.113.9', '1.1.1.1, 2.2.2.2', [])).toBe('203.0.113.9');
  });

  it('is the peer when the peer is not one of the trusted proxies', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', ['10.0.0.0/8'])).toBe('203.0.113.9');
  });

  it('is the last address a trusted proxy saw, past every trusted hop', () => {
    const trusted = ['10.0.0.0/8', '127.0.0.1'];
    expect(clientAddressOf('127.0.0.1', '198.51.100.7', trusted)).toBe('198.51.100.7');
    // Earlier entries are the client's own claim: only the hop the proxy appended counts.
    expect(clientAddressOf('::ffff:127.0.0.1', 'spoofed, 198.51.100.7, 10.1.2.3', trusted)).toBe('198.51.100.7');
    // Nothing forwarded: the proxy itself.
    expect(clientAddressOf('10.0.0.2', null, trusted)).toBe('10.0.0.2');
    // Garbage after a trusted hop: the last address a trusted proxy vouched for.
    expect(clientAddressOf('10.0.0.2', 'not-an-address', trusted)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', 'x, 10.0.0.9', trusted)).toBe('10.0.0.9');
  });

  it('is one shared key when the peer is not known', () => {
    expect(clientAddressOf(null, '198.51.100.7', ['0.0.0.0/0'])).toBe('unknown');
  });

  it('reads addresses and CIDRs of both families, IPv4-mapped unwrapped', () => {
    expect(parseRange('10.0.0.0/8')?.[1]).toBe(8);
    expect(parseRange('::1')?.[1]).toBe(128);
    expect(parseRange('::ffff:10.0.0.0/104')?.[1]).toBe(8);
    expect(parseRange('10.0.0.0/33')).toBeNull();
    expect(parseRange('nginx')).toBeNull();
    expect(normalAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(clientAddressOf('2001:db8::5', '198.51.100.7', ['2001:db8::/32'])).toBe('198.51.100.7');
  });
});
