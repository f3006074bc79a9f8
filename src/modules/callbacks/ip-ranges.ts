// Which kind of network an IP address belongs to, from its bytes. Pure: no DNS, no sockets.
// Sources: IANA IPv4/IPv6 Special-Purpose Address Registries (RFC 6890 and updates), RFC 1918
// (private), RFC 6598 (shared 100.64/10), RFC 4193 (ULA), RFC 4291 (link-local, mapped),
// RFC 6052 (NAT64), RFC 3056 (6to4), RFC 9637 (3fff::/20 documentation).

export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'reserved';

interface Range {
  bytes: Uint8Array;
  prefix_bits: number;
  class: AddressClass;
}

const IPV4_RANGES: readonly Range[] = ranges([
  ['0.0.0.0/8', 'reserved'], // "this network": 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'private'], // carrier-grade NAT
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link_local'], // holds the cloud metadata endpoint 169.254.169.254
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'reserved'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['224.0.0.0/4', 'reserved'], // multicast
  ['240.0.0.0/4', 'reserved'], // includes 255.255.255.255
]);

// Checked in order, first match wins. Only 2000::/3 is global unicast today: anything outside it
// that is not listed here is reserved (see classifyBytes).
const IPV6_RANGES: readonly Range[] = ranges([
  ['::/128', 'reserved'],
  ['::1/128', 'loopback'],
  ['::/96', 'reserved'], // deprecated IPv4-compatible addresses
  ['64:ff9b:1::/48', 'private'], // local-use NAT64
  ['100::/64', 'reserved'], // discard
  ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo included
  ['2001:db8::/32', 'reserved'], // documentation
  ['3fff::/20', 'reserved'], // documentation
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link_local'],
  ['fec0::/10', 'private'], // deprecated site-local
  ['ff00::/8', 'reserved'], // multicast
]);

const MAPPED_PREFIX = parseIp('::ffff:0.0.0.0')!; // ::ffff:a.b.c.d is a.b.c.d
const NAT64_PREFIX = parseIp('64:ff9b::')!; // 64:ff9b::a.b.c.d translates to a.b.c.d
const SIX_TO_FOUR_PREFIX = parseIp('2002::')!; // 2002:AABB:CCDD:: tunnels to A.B.C.D

/** The class of an IP address text (IPv4 dotted quad or IPv6, zone id allowed); null if not an IP. */
export function classifyAddress(ip: string): AddressClass | null {
  const bytes = parseIp(ip);
  return bytes === null ? null : classifyBytes(bytes);
}

function classifyBytes(bytes: Uint8Array): AddressClass {
  if (bytes.length === 4) return firstMatch(bytes, IPV4_RANGES) ?? 'public';
  // Addresses that embed an IPv4 address are as dangerous as the address they embed.
  if (startsWith(bytes, MAPPED_PREFIX, 96) || startsWith(bytes, NAT64_PREFIX, 96)) return classifyBytes(bytes.slice(12));
  if (startsWith(bytes, SIX_TO_FOUR_PREFIX, 16)) return classifyBytes(bytes.slice(2, 6));
  const listed = firstMatch(bytes, IPV6_RANGES);
  if (listed !== null) return listed;
  return (bytes[0]! & 0xe0) === 0x20 ? 'public' : 'reserved';
}

/** Bytes of an IPv4 (4) or IPv6 (16) address, or null. Strict: no octal, no short forms. */
export function parseIp(text: string): Uint8Array | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return bare.includes(':') ? parseIpv6(bare.split('%')[0]!) : parseIpv4(bare);
}

function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p) || Number(p) > 255) return null;
    out[i] = Number(p);
  }
  return out;
}

function parseIpv6(text: string): Uint8Array | null {
  let s = text.toLowerCase();
  const tail: number[] = [];
  if (s.includes('.')) {
    // A trailing dotted quad fills the last two 16-bit words (::ffff:10.0.0.1).
    const cut = s.lastIndexOf(':');
    const v4 = parseIpv4(s.slice(cut + 1));
    if (v4 === null) return null;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    s = s.slice(0, cut + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!);
  const rest = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (head === null || rest === null) return null;
  const explicit = head.length + rest.length + tail.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const words = [...head, ...new Array<number>(8 - explicit).fill(0), ...rest, ...tail];
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[2 * i] = w >> 8;
    out[2 * i + 1] = w & 0xff;
  });
  return out;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const words: number[] = [];
  for (const g of text.split(':')) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    words.push(parseInt(g, 16));
  }
  return words;
}

function ranges(list: ReadonlyArray<[string, AddressClass]>): Range[] {
  return list.map(([cidr, cls]) => {
    const [ip, bits] = cidr.split('/') as [string, string];
    const bytes = parseIp(ip);
    if (bytes === null) throw new Error(`assertion: bad range ${cidr}`);
    return { bytes, prefix_bits: Number(bits), class: cls };
  });
}

function firstMatch(bytes: Uint8Array, table: readonly Range[]): AddressClass | null {
  for (const r of table) if (startsWith(bytes, r.bytes, r.prefix_bits)) return r.class;
  return null;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let i = 0; i < bits; i++) {
    const mask = 0x80 >> (i % 8);
    if ((bytes[i >> 3]! & mask) !== (prefix[i >> 3]! & mask)) return false;
  }
  return true;
}
