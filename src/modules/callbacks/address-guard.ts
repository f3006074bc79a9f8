// Which callback URLs the service may call. A partner chooses its URL, so without a guard it could
// make the server post into our own network (SSRF: databases, admin ports, cloud metadata).
// The check runs on the IP actually connected to, after resolution, never on the name alone: a
// name checked once and resolved again at connect time could answer differently (DNS rebinding).
import { lookup as dnsLookup } from 'node:dns/promises';
import { classifyAddress, type AddressClass } from './ip-ranges.js';
import { CALLBACK_URL_CHARS_MAX } from './limits.js';

export interface AddressPolicy {
  /** 127/8 and ::1. Allowed by default so a partner can run its receiver next to a local server. */
  allow_loopback: boolean;
  /** RFC 1918, 100.64/10 and fc00::/7, for deployments whose partners sit on a private network. */
  allow_private: boolean;
}

export const DEFAULT_ADDRESS_POLICY: Readonly<AddressPolicy> = Object.freeze({ allow_loopback: true, allow_private: false });

/** Link-local (cloud metadata) and reserved ranges are refused whatever the configuration says. */
export function isAddressAllowed(cls: AddressClass, policy: AddressPolicy): boolean {
  switch (cls) {
    case 'public':
      return true;
    case 'loopback':
      return policy.allow_loopback;
    case 'private':
      return policy.allow_private;
    case 'link_local':
    case 'reserved':
      return false;
  }
}

export type UrlProblem = 'invalid_url' | 'scheme_not_allowed' | 'credentials_in_url' | 'url_too_long';

export interface ParsedCallbackUrl {
  url: URL;
  secure: boolean;
  /** Host name or IP literal without brackets: what DNS resolves and TLS checks. */
  hostname: string;
  port: number;
  /** Path and query as sent on the request line (the fragment is never sent). */
  path: string;
}

/** Syntax only (what `caas partner create/update` can check): http(s), no user:password@. */
export function parseCallbackUrl(raw: string): { ok: true; value: ParsedCallbackUrl } | { ok: false; problem: UrlProblem } {
  if (raw.length > CALLBACK_URL_CHARS_MAX) return { ok: false, problem: 'url_too_long' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'invalid_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme_not_allowed' };
  // Credentials in a URL end up in logs and listings; partners authenticate with their header.
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'credentials_in_url' };
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (hostname === '') return { ok: false, problem: 'invalid_url' };
  const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
  return { ok: true, value: { url, secure, hostname, port, path: `${url.pathname}${url.search}` } };
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution, injectable so tests never touch DNS. Returns every address of the name. */
export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupFn = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface CallbackTarget extends ParsedCallbackUrl {
  /** The checked IP the request must connect to. */
  address: string;
  family: 4 | 6;
}

export type TargetProblem = UrlProblem | 'dns_failed' | 'address_refused';
export type TargetResult = { ok: true; target: CallbackTarget } | { ok: false; problem: TargetProblem; detail: string };

/**
 * Parses the URL, resolves its host (IP literals skip DNS) and checks every address: a name with
 * any refused address is refused, so the outcome does not depend on which address comes first.
 */
export async function resolveCallbackTarget(raw: string, policy: AddressPolicy, lookup: LookupFn = systemLookup): Promise<TargetResult> {
  const parsed = parseCallbackUrl(raw);
  if (!parsed.ok) return { ok: false, problem: parsed.problem, detail: parsed.problem };
  const { hostname } = parsed.value;
  let addresses: ResolvedAddress[];
  if (classifyAddress(hostname) !== null) {
    addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(hostname);
    } catch (err) {
      return { ok: false, problem: 'dns_failed', detail: `${hostname}: ${(err as Error).message}` };
    }
    if (addresses.length === 0) return { ok: false, problem: 'dns_failed', detail: `${hostname}: no address` };
  }
  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (cls === null || !isAddressAllowed(cls, policy)) {
      return { ok: false, problem: 'address_refused', detail: `${hostname} resolves to ${a.address} (${cls ?? 'not an IP'})` };
    }
  }
  const first = addresses[0]!;
  return { ok: true, target: { ...parsed.value, address: first.address, family: first.family } };
}
