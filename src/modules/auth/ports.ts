// What the authentication core needs from the outside world. The lead implements these against
// PostgreSQL; unit tests use in-memory fakes. Nothing here knows about HTTP or SQL.
import type { CryptoKey, KeyObject } from 'jose';

/** A key jose can sign or verify with: a WebCrypto CryptoKey or a node:crypto KeyObject. */
export type KeyLike = CryptoKey | KeyObject;

export interface PartnerKeyRecord {
  /** RFC 7638 thumbprint of the public key (see keys.ts), unique per partner. */
  kid: string;
  /** SPKI PEM, as accepted by parsePartnerPublicKey. */
  publicKeyPem: string;
  /** Set by `caas partner revoke-key`; a key revoked at or before "now" is never tried. */
  revokedAt: Date | null;
}

export interface PartnerRecord {
  partnerId: string;
  clientId: string;
  enabled: boolean;
  /** Scopes the partner may ask for; null means every scope of the catalogue. */
  scopes: string[] | null;
  keys: PartnerKeyRecord[];
  /** The partner's credentials version (bumped by any change of it or its keys); absent: not versioned. */
  version?: number;
}

export interface PartnerDirectory {
  findByClientId(clientId: string): Promise<PartnerRecord | null>;
  /**
   * A copy kept in memory from an earlier lookup, or undefined. It may be outdated: the token
   * endpoint uses it only to ACCEPT an assertion, and only if the statement that records the jti
   * finds its version still current (ReplayStore.remember); every refusal is decided on a fresh lookup.
   */
  remembered?(clientId: string): PartnerRecord | undefined;
}

/** The flags every authenticated request checks. */
export interface PartnerStatus {
  enabled: boolean;
  strictFields: boolean;
}

/** What auth reads of partners: the partners module implements it (bound in compose.ts). */
export interface PartnerReader {
  directory: PartnerDirectory;
  /** Null when there is no such partner. */
  status(partnerId: string): Promise<PartnerStatus | null>;
  /** SQL text: a scalar subquery of the credentials version of the partner whose client id is the parameter `param` (null: none). */
  credentialsVersionOf(param: string): string;
}

/**
 * Remembers assertion ids until they expire. Must be shared by every instance (PostgreSQL), so
 * a jti accepted by one process is refused by all others. `remember` is atomic: of two
 * concurrent calls with the same (clientId, jti), exactly one sees 'fresh'. Given the partner's
 * credentials `version`, the jti is remembered only if that is still the partner's version, in the
 * same statement; otherwise nothing is stored and the answer is 'stale'.
 */
export interface ReplayStore {
  remember(clientId: string, jti: string, expiresAt: Date, version?: number): Promise<'fresh' | 'replayed' | 'stale'>;
}

export type ServiceSigningAlg = 'ES256' | 'RS256';

/** The service's own key pair(s) for access tokens; the public parts are served as JWKS. */
export interface ServiceSigningKeys {
  current(): Promise<{ kid: string; privateKey: KeyLike; alg: ServiceSigningAlg }>;
  /** Any key still trusted for verification (the current one and those rotated out recently). */
  byKid(kid: string): Promise<{ publicKey: KeyLike } | null>;
}
