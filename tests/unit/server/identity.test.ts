import { describe, expect, it } from 'vitest';
import { canonicalEmail, canonicalPhone, clientKey, ipv6PrefixFrom, recipientLockNames } from '../../../server/identity';

describe('canonical identities', () => {
  it('an email is trimmed and case-folded', () => {
    expect(canonicalEmail('  Victim@Example.COM ')).toBe('victim@example.com');
    expect(canonicalEmail(undefined)).toBe('');
  });

  it('a UK mobile is one E.164 number however it is written', () => {
    for (const s of ['07700 900999', '+447700900999', '0044 7700 900999', '(07700) 900999', '+44 (0)7700 900999', '07700-900-999', ' 07700900999 ']) {
      expect(canonicalPhone(s), s).toBe('+447700900999');
    }
    expect(canonicalPhone('')).toBe('');
    expect(canonicalPhone('not a number')).toBe('');
  });

  it('an IPv4 client is its address; an IPv6 client its /64 (configurable); IPv4-mapped IPv6 is the IPv4 client', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2:0:0:0:0/64');
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:0db8:0001:0002:ffff:0:0:9'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('2001:db8:1:2::1', 48)).toBe(clientKey('2001:db8:1:3::1', 48));
    expect(clientKey('2001:db8:1:2::1', 128)).not.toBe(clientKey('2001:db8:1:2::2', 128));
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::1')).toBe('0:0:0:0:0:0:0:0/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0:0:0:0:0/64');
    expect(clientKey('garbage:::')).toBe('garbage:::');
    expect(ipv6PrefixFrom(undefined)).toBe(64);
    expect(ipv6PrefixFrom('56')).toBe(56);
    expect(ipv6PrefixFrom('0')).toBe(64);
  });

  it('the lock names of recipients are their canonical forms', () => {
    expect(recipientLockNames([{ email: 'A@B.com', mobile: '07700 900999' }, { email: 'a@b.com ' }])).toEqual([
      'recipient:a@b.com',
      'recipient:+447700900999',
      'recipient:a@b.com',
    ]);
  });
});
