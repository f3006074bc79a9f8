import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_ADDRESS_POLICY, isAddressAllowed, parseCallbackUrl, resolveCallbackTarget, type LookupFn } from './address-guard.js';
import { classifyAddress, parseIp } from './ip-ranges.js';

test('IPv4 ranges are classified', () => {
  const cases: Array<[string, string]> = [
    ['8.8.8.8', 'public'],
    ['200.160.2.3', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.128.0.1', 'public'],
    ['169.254.169.254', 'link_local'],
    ['0.0.0.0', 'reserved'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
  ];
  for (const [ip, cls] of cases) assert.equal(classifyAddress(ip), cls, ip);
});

test('IPv6 ranges are classified, embedded IPv4 addresses by the address they embed', () => {
  const cases: Array<[string, string]> = [
    ['2001:4860:4860::8888', 'public'],
    ['2800:3f0:4001:80f::200e', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'reserved'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:0a00:0001::1', 'private'],
    ['2002:0808:0808::1', 'public'],
    ['::10.0.0.1', 'reserved'],
    ['4000::1', 'reserved'],
    ['[::1]', 'loopback'],
  ];
  for (const [ip, cls] of cases) assert.equal(classifyAddress(ip), cls, ip);
});

test('the parser is strict: host names and malformed addresses are not IPs', () => {
  for (const text of ['example.com', '', '1.2.3', '1.2.3.4.5', '01.2.3.4', '256.1.1.1', '1:2:3', ':::1', '1::2::3', '::ffff:1.2.3', 'g::1', '1:2:3:4:5:6:7:8:9']) {
    assert.equal(parseIp(text), null, text);
  }
  assert.deepEqual([...parseIp('1:2:3:4:5:6:7::')!].slice(12), [0, 7, 0, 0]);
});

test('IPv6 text forms agree with their bytes (round trip against the URL parser)', () => {
  fc.assert(
    fc.property(fc.ipV6(), (ip) => {
      const normalized = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
      assert.deepEqual(parseIp(ip), parseIp(normalized));
    }),
    { seed: 11, numRuns: 300 },
  );
});

test('policy: loopback allowed by default, private only by configuration, link-local and reserved never', () => {
  assert.equal(isAddressAllowed('public', DEFAULT_ADDRESS_POLICY), true);
  assert.equal(isAddressAllowed('loopback', DEFAULT_ADDRESS_POLICY), true);
  assert.equal(isAddressAllowed('private', DEFAULT_ADDRESS_POLICY), false);
  assert.equal(isAddressAllowed('loopback', { allow_loopback: false, allow_private: false }), false);
  assert.equal(isAddressAllowed('private', { allow_loopback: true, allow_private: true }), true);
  assert.equal(isAddressAllowed('link_local', { allow_loopback: true, allow_private: true }), false);
  assert.equal(isAddressAllowed('reserved', { allow_loopback: true, allow_private: true }), false);
});

test('URL syntax: only http and https, no credentials', () => {
  assert.equal(parseCallbackUrl('https://partner.example/cb?x=1#frag').ok, true);
  const ok = parseCallbackUrl('http://[::1]:8081/hooks?a=b#ignored');
  assert.ok(ok.ok);
  assert.deepEqual([ok.value.hostname, ok.value.port, ok.value.path], ['::1', 8081, '/hooks?a=b']);
  assert.deepEqual(parseCallbackUrl('ftp://partner.example/'), { ok: false, problem: 'scheme_not_allowed' });
  assert.deepEqual(parseCallbackUrl('file:///etc/passwd'), { ok: false, problem: 'scheme_not_allowed' });
  assert.deepEqual(parseCallbackUrl('https://user:pw@partner.example/'), { ok: false, problem: 'credentials_in_url' });
  assert.deepEqual(parseCallbackUrl('not a url'), { ok: false, problem: 'invalid_url' });
  assert.deepEqual(parseCallbackUrl('https://x.example/' + 'a'.repeat(3000)), { ok: false, problem: 'url_too_long' });
});

const fakeDns = (table: Record<string, string[]>): LookupFn & { calls: string[] } => {
  const calls: string[] = [];
  const fn = async (host: string) => {
    calls.push(host);
    const found = table[host];
    if (found === undefined) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  return Object.assign(fn, { calls });
};

test('resolution: the connected address is the checked one; any refused address refuses the name', async () => {
  const dns = fakeDns({ 'partner.example': ['203.0.114.7'], 'rebind.example': ['8.8.8.8', '10.0.0.5'], 'local.example': ['127.0.0.1', '::1'] });
  const ok = await resolveCallbackTarget('https://partner.example/cb', DEFAULT_ADDRESS_POLICY, dns);
  assert.ok(ok.ok);
  assert.deepEqual([ok.target.address, ok.target.hostname, ok.target.port, ok.target.secure], ['203.0.114.7', 'partner.example', 443, true]);
  const mixed = await resolveCallbackTarget('https://rebind.example/cb', DEFAULT_ADDRESS_POLICY, dns);
  assert.equal(mixed.ok === false && mixed.problem, 'address_refused');
  assert.equal((await resolveCallbackTarget('http://local.example:3000/', DEFAULT_ADDRESS_POLICY, dns)).ok, true);
  const missing = await resolveCallbackTarget('https://nowhere.example/', DEFAULT_ADDRESS_POLICY, dns);
  assert.equal(missing.ok === false && missing.problem, 'dns_failed');
});

test('IP literals skip DNS; obfuscated IPv4 forms are normalised by the URL parser first', async () => {
  const dns = fakeDns({});
  for (const url of ['http://10.0.0.1/', 'http://0x0a.0.0.1/', 'http://167772161/', 'http://[::ffff:10.0.0.1]/', 'http://169.254.169.254/latest', 'http://0.0.0.0:8080/']) {
    const r = await resolveCallbackTarget(url, DEFAULT_ADDRESS_POLICY, dns);
    assert.equal(r.ok === false && r.problem, 'address_refused', url);
  }
  assert.equal((await resolveCallbackTarget('http://10.0.0.1/', { allow_loopback: true, allow_private: true }, dns)).ok, true);
  assert.equal((await resolveCallbackTarget('http://127.0.0.1:9/', { allow_loopback: false, allow_private: false }, dns)).ok, false);
  assert.deepEqual(dns.calls, []);
});
