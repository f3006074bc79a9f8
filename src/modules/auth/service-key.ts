// The service's own signing key for access tokens (the partner keys are the partners module's).
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { ServiceSigningAlg } from './ports.js';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface ServiceKeyMaterial {
  kid: string;
  alg: ServiceSigningAlg;
  /** PKCS#8 PEM, stored by the lead in the database. */
  privateKeyPem: string;
  /** Public JWK with kid/alg/use: an entry of GET /.well-known/jwks.json. */
  publicJwk: JWK;
}

/** A fresh P-256 key for signing access tokens; kid is its RFC 7638 thumbprint. */
export async function generateServiceSigningKey(): Promise<ServiceKeyMaterial> {
  const { privateKey, publicKey } = await generateKeyPairAsync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return {
    kid,
    alg: 'ES256',
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicJwk: { ...jwk, kid, alg: 'ES256', use: 'sig' },
  };
}
