// In-memory fakes of the auth ports and helpers to mint assertions, for this module's UNIT tests
// only. Production uses the PostgreSQL implementations: an in-memory ReplayStore would let a jti
// be replayed against another instance or after a restart.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { fixedClock } from '../../platform/clock.js';
import { parsePartnerPublicKey, type PemKeyPair } from '../partners/index.js';
import { generateServiceSigningKey } from './service-key.js';
import type { PartnerDirectory, PartnerRecord, ReplayStore, ServiceSigningKeys } from './ports.js';
import type { TokenEndpointDeps } from './token-request.js';

export class InMemoryReplayStore implements ReplayStore {
  readonly seen = new Map<string, Date>();

  async remember(clientId: string, jti: string, expiresAt: Date): Promise<'fresh' | 'replayed' | 'stale'> {
    const key = `${clientId}\u0000${jti}`;
    if (this.seen.has(key)) return 'replayed';
    this.seen.set(key, expiresAt);
    return 'fresh';
  }
}

export class InMemoryPartnerDirectory implements PartnerDirectory {
  readonly partners = new Map<string, PartnerRecord>();

  add(partner: PartnerRecord): void {
    this.partners.set(partner.clientId, partner);
  }

  async findByClientId(clientId: string): Promise<PartnerRecord | null> {
    return this.partners.get(clientId) ?? null;
  }
}

export async function partnerKey(pair: PemKeyPair, revokedAt: Date | null = null) {
  const parsed = await parsePartnerPublicKey(pair.publicKeyPem);
  return { kid: parsed.kid, publicKeyPem: parsed.publicKeyPem, revokedAt };
}

/** A ServiceSigningKeys holding one fresh ES256 key. */
export async function fakeServiceKeys(): Promise<ServiceSigningKeys> {
  const material = await generateServiceSigningKey();
  const privateKey = createPrivateKey(material.privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  return {
    current: async () => ({ kid: material.kid, privateKey, alg: material.alg }),
    byKid: async (kid) => (kid === material.kid ? { publicKey } : null),
  };
}

/** Sequential, deterministic token ids. */
export function counterIds(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

export const TEST_PUBLIC_URL = 'https://caas.example.test';
export const TEST_AUDIENCE = `${TEST_PUBLIC_URL}/connect/token`;

export async function testDeps(at: string) {
  const clock = fixedClock(at);
  const directory = new InMemoryPartnerDirectory();
  const replayStore = new InMemoryReplayStore();
  const signingKeys = await fakeServiceKeys();
  const deps: TokenEndpointDeps = {
    directory,
    replayStore,
    signingKeys,
    publicUrl: TEST_PUBLIC_URL,
    now: clock.now,
    newJti: counterIds('at'),
  };
  return { clock, directory, replayStore, signingKeys, deps };
}

/**
 * A client assertion signed with `privateKeyPem`. Defaults are a valid 60 s assertion for
 * `clientId` at `now`; `claims` overrides or (with undefined) removes any claim.
 */
export async function signAssertion(
  privateKeyPem: string,
  clientId: string,
  now: Date,
  claims: Record<string, unknown> = {},
  alg: 'RS256' | 'PS256' = 'RS256',
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: JWTPayload = { iss: clientId, sub: clientId, aud: TEST_AUDIENCE, iat, nbf: iat, exp: iat + 60, jti: `jti-${iat}`, ...claims };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(createPrivateKey(privateKeyPem));
}

export const tokenForm = (assertion: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  grant_type: 'client_credentials',
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  client_assertion: assertion,
  ...extra,
});
