// Parsed partner public keys, so the token endpoint does not re-parse a PEM on every request
// (issue 14). An entry is addressed by the key's CONTENT (kid + the stored PEM text itself), never by
// the partner: the directory still reads the partner's keys from PostgreSQL on every request, so a
// key revoked or replaced on any instance is simply no longer asked for here: nothing to
// invalidate, and nothing stale can verify. Reusing the same KeyObject also lets jose keep its own
// KeyObject → CryptoKey conversion (a WeakMap keyed by the KeyObject) instead of redoing it.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { BoundedCache } from './bounded-cache.js';
import { PARTNER_KEY_CACHE_ENTRIES_MAX } from './limits.js';


export class PartnerKeyCache {
  private readonly cache: BoundedCache<string, KeyObject>;
  private parses = 0;

  constructor(entriesMax: number = PARTNER_KEY_CACHE_ENTRIES_MAX) {
    this.cache = new BoundedCache(entriesMax);
  }

  /** The public key for this stored PEM, parsed once per distinct (kid, PEM). */
  publicKey(kid: string, publicKeyPem: string): KeyObject {
    // The PEM itself, not a digest of it: hashing it cost more than the lookup (issue 14); an entry
    // holds one more copy of a ~0.5-1 KB text, within the bound above.
    const address = `${kid}\u0000${publicKeyPem}`;
    const hit = this.cache.get(address);
    if (hit !== undefined) return hit;
    const parsed = createPublicKey(publicKeyPem);
    this.parses += 1;
    this.cache.set(address, parsed);
    return parsed;
  }

  /** How many PEMs were parsed (tests and the micro-benchmark). */
  get parseCount(): number {
    return this.parses;
  }

  get size(): number {
    return this.cache.size;
  }
}
