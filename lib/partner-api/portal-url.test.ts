import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './addresses';
import { checkPortalUrl } from './portal-url';

const anyHttps = ['https://*', 'http://127.0.0.1:4010'];

describe('portal URLs that are accepted', () => {
  it.each([
    ['https://school.example/api', 'https://school.example/api', 'wildcard'],
    ['https://school.example', 'https://school.example/api', 'wildcard'],
    ['https://School.Example/api/', 'https://school.example/api', 'wildcard'],
    ['  https://rooster.school.example/portal/api  ', 'https://rooster.school.example/portal/api', 'wildcard'],
    ['http://127.0.0.1:4010/api', 'http://127.0.0.1:4010/api', 'listed'],
  ])('%s', (input, baseUrl, trust) => {
    expect(checkPortalUrl(input, anyHttps)).toEqual({ ok: true, baseUrl, origin: new URL(baseUrl).origin, trust });
  });

  it('matches subdomain patterns, and only them', () => {
    const allowed = ['https://*.portal.example'];
    expect(checkPortalUrl('https://lyceum.portal.example/api', allowed)).toMatchObject({ ok: true });
    expect(checkPortalUrl('https://portal.example/api', allowed)).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(checkPortalUrl('https://lyceum.portal.example.evil.example/api', allowed)).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    });
    expect(checkPortalUrl('https://evilportal.example/api', allowed)).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    });
  });
});

describe('portal URLs that are refused', () => {
  it.each([
    // IPv4 in every spelling the URL parser turns into loopback or private addresses
    ['https://127.0.0.1/api', 'address'],
    ['https://2130706433/api', 'address'], // decimal
    ['https://0x7f000001/api', 'address'], // hex
    ['https://0177.0.0.1/api', 'address'], // octal
    ['https://0x7f.1/api', 'address'], // short hex
    ['https://127.1/api', 'address'], // short form
    ['https://10.0.0.5/api', 'address'],
    ['https://192.168.1.1/api', 'address'],
    ['https://172.16.0.1/api', 'address'],
    ['https://100.64.0.1/api', 'address'], // carrier-grade NAT
    ['https://169.254.169.254/api', 'address'], // cloud metadata
    ['https://0.0.0.0/api', 'address'],
    ['https://[::1]/api', 'address'],
    ['https://[::ffff:127.0.0.1]/api', 'address'], // IPv4-mapped
    ['https://[::ffff:7f00:1]/api', 'address'],
    ['https://[fd00:ec2::254]/api', 'address'], // unique local (metadata on some clouds)
    ['https://[fe80::1]/api', 'address'], // link-local
    ['https://8.8.8.8/api', 'address'], // public, but by IP
    ['https://localhost/api', 'address'],
    ['https://portal.localhost/api', 'address'],
    ['https://metadata.google.internal/api', 'address'],
    ['https://intranet/api', 'address'],
    // trailing-dot (fully qualified) local names, refused at the first layer too
    ['https://localhost./api', 'address'],
    ['https://printer.local./api', 'address'],
    ['https://intranet./api', 'address'],
    // credentials, schemes, ports, paths
    ['https://user:pass@school.example/api', 'credentials'],
    ['https://user@school.example/api', 'credentials'],
    ['ftp://school.example/api', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://school.example/api', 'not-https'],
    ['http://127.0.0.1:4011/api', 'not-https'], // listed origin has another port
    ['https://school.example:8443/api', 'port'],
    ['https://school.example/api?x=1', 'query'],
    ['https://school.example/api#frag', 'query'],
    ['https://school.example/other', 'path'],
    ['https://school.example/api/..%2F..%2Fadmin', 'path'],
    ['https://school.example/x/../api', 'path'],
    ['https://school.example\\@evil.example/api', 'path'],
    ['not a url', 'invalid'],
    ['', 'invalid'],
  ])('%s → %s', (input, reason) => {
    const result = checkPortalUrl(input, anyHttps);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(result.message.length).toBeGreaterThan(20);
  });

  it('refuses everything when no origin is allowed', () => {
    expect(checkPortalUrl('https://school.example/api', [])).toMatchObject({ ok: false, reason: 'not-allowed' });
  });
});

describe('public addresses', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['169.254.169.254', false],
    ['::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.216.34', true],
    ['fc00::1', false],
    ['224.0.0.1', false],
    ['not-an-ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
