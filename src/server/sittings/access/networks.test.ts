import { describe, expect, it } from 'vitest';
import { addressAllowed, normaliseNetwork } from './networks.ts';

describe('normaliseNetwork', () => {
  it('stores the network address of a range and a single address as /32 or /128', () => {
    expect(normaliseNetwork('10.1.2.3/24')).toBe('10.1.2.0/24');
    expect(normaliseNetwork(' 192.168.0.7 ')).toBe('192.168.0.7/32');
    expect(normaliseNetwork('2001:DB8:5::1/48')).toBe('2001:db8:5::/48');
    expect(normaliseNetwork('2001:db8::1')).toBe('2001:db8::1/128');
  });

  it('reads an IPv4-mapped IPv6 range as the IPv4 range it means', () => {
    expect(normaliseNetwork('::ffff:10.1.0.0/112')).toBe('10.1.0.0/16');
  });

  it('refuses what is not a range', () => {
    for (const bad of ['10.1', '10.0.0.0/33', 'example.org', '2001:db8::/129', '', '0x0a.1.2.3'])
      expect(normaliseNetwork(bad), bad).toBeUndefined();
  });
});

describe('addressAllowed', () => {
  const lab = ['10.20.0.0/16', '2001:db8:5::/48'];

  it('matches IPv4 addresses in and out of a range', () => {
    expect(addressAllowed('10.20.3.4', lab)).toBe(true);
    expect(addressAllowed('10.21.3.4', lab)).toBe(false);
    expect(addressAllowed('127.0.0.1', lab)).toBe(false);
  });

  it('matches IPv6 addresses', () => {
    expect(addressAllowed('2001:db8:5:ffff::1', lab)).toBe(true);
    expect(addressAllowed('2001:db8:6::1', lab)).toBe(false);
    expect(addressAllowed('::1', lab)).toBe(false);
  });

  it('matches an IPv4 client seen as an IPv4-mapped IPv6 address', () => {
    expect(addressAllowed('::ffff:10.20.9.9', lab)).toBe(true);
    expect(addressAllowed('::ffff:10.99.9.9', lab)).toBe(false);
    // A range written in the mapped form, once normalised, matches both spellings.
    const mapped = [normaliseNetwork('::ffff:192.168.1.0/120') ?? ''];
    expect(addressAllowed('192.168.1.77', mapped)).toBe(true);
    expect(addressAllowed('::ffff:192.168.1.77', mapped)).toBe(true);
  });

  it('never lets an IPv4 address match an IPv6 range or the reverse, nor a garbled address', () => {
    expect(addressAllowed('10.20.3.4', ['::/0'])).toBe(false);
    expect(addressAllowed('2001:db8::1', ['0.0.0.0/0'])).toBe(false);
    expect(addressAllowed('not-an-address', ['0.0.0.0/0'])).toBe(false);
    expect(addressAllowed('10.20.3.4', [])).toBe(false);
  });
});
