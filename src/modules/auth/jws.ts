// The two signature operations of the token endpoint, on node:crypto's one-shot sign/verify (issue
// 14). jose 6 signs and verifies through WebCrypto only, which on Node 20 cost 500 µs of CPU per
// ES256 signature and 390 µs per RS256 verification, against 110 and 60 µs here (docs/decisions.md).
// jose still decodes the assertion (assertion-checks.ts) and verifies access tokens on a cache miss
// (access-token.ts); the claims are checked by the named checks of assertion-checks.ts.
// Both run on libuv's thread pool (node:crypto's callback form), as the baseline's WebCrypto does
// (issue 14, ninth session, superseding the eighth's main thread): the main thread is the token
// endpoint's ceiling under load, and the pool lets the signatures use the other core; bench A/B
// pairs gave the token's req/s ratio 0.49/0.72/0.93 (main thread) against 0.96/0.84/1.14 (pool).
import { constants, createPublicKey, KeyObject, sign, verify, type VerifyKeyObjectInput, type webcrypto } from 'node:crypto';
import type { KeyLike } from './ports.js';
import { JWS_RSA_MODULUS_BITS_MIN } from './limits.js';

export type JwsAlgorithm = 'RS256' | 'PS256' | 'ES256';

const BASE64URL_RE = /^[A-Za-z0-9_-]*$/;

/** A JWS that does not verify; `message` is the internal reason (never shown to the client). */
export class JwsRefused extends Error {}

function keyObjectOf(key: KeyLike): KeyObject {
  return key instanceof KeyObject ? key : KeyObject.from(key as webcrypto.CryptoKey);
}

/** RS256 takes an `rsa` key only; PS256 an `rsa` or `rsa-pss` one (as jose checks them). */
function isRsaFor(alg: 'RS256' | 'PS256', key: KeyObject): boolean {
  return key.asymmetricKeyType === 'rsa' || (alg === 'PS256' && key.asymmetricKeyType === 'rsa-pss');
}

/** The key as node:crypto takes it for `alg`, after the checks jose makes on it. */
function keyInput(alg: JwsAlgorithm, key: KeyObject): KeyObject | VerifyKeyObjectInput {
  if (alg === 'ES256') {
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new JwsRefused(`${alg} needs a P-256 key`);
    return { key, dsaEncoding: 'ieee-p1363' };
  }
  if (!isRsaFor(alg, key)) throw new JwsRefused(`${alg} needs an RSA key`);
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < JWS_RSA_MODULUS_BITS_MIN) throw new JwsRefused(`${alg} requires key modulusLength to be ${JWS_RSA_MODULUS_BITS_MIN} bits or larger`);
  if (alg === 'PS256') return { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST };
  return { key, padding: constants.RSA_PKCS1_PADDING };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** node:crypto's one-shot sign, on libuv's thread pool (the callback form). */
function signOnPool(data: Buffer, key: KeyObject | VerifyKeyObjectInput): Promise<Buffer> {
  return new Promise((resolve, reject) => sign('sha256', data, key as KeyObject, (error, signature) => (error ? reject(error) : resolve(signature))));
}

/** node:crypto's one-shot verify, on libuv's thread pool (the callback form). */
function verifyOnPool(data: Buffer, key: KeyObject | VerifyKeyObjectInput, signature: Buffer): Promise<boolean> {
  return new Promise((resolve, reject) => verify('sha256', data, key, signature, (error, ok) => (error ? reject(error) : resolve(ok))));
}

/** A compact JWS of `payload` with the protected header `header` (whose `alg` is `alg`). */
export async function signCompact(alg: JwsAlgorithm, header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyLike): Promise<string> {
  const privateKey = keyObjectOf(key);
  if (privateKey.type !== 'private') throw new Error(`assertion: signing with a ${privateKey.type} key`);
  const input = `${encode({ alg, ...header })}.${encode(payload)}`;
  const signature = await signOnPool(Buffer.from(input), keyInput(alg, privateKey));
  return `${input}.${signature.toString('base64url')}`;
}

/**
 * Verifies the signature of a compact JWS whose header says `alg` (the caller has decoded the
 * header and checked `alg` is one it allows). Refuses what jose refuses: a `crit` or `b64` header
 * parameter (no extension is understood), text that is not base64url, a key of the wrong type or
 * an RSA key under 2048 bits, and of course a signature that does not verify.
 */
export async function verifyCompact(token: string, alg: JwsAlgorithm, header: Record<string, unknown>, key: KeyLike): Promise<void> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL_RE.test(part))) throw new JwsRefused('Invalid Compact JWS');
  if (header.alg !== alg) throw new JwsRefused(`alg ${String(header.alg)} is not ${alg}`);
  if ('crit' in header || 'b64' in header) throw new JwsRefused('Extension Header Parameter not recognized');
  const publicKey = keyObjectOf(key);
  const verifyWith = publicKey.type === 'private' ? createPublicKey(publicKey) : publicKey;
  if (verifyWith.type !== 'public') throw new JwsRefused(`a ${verifyWith.type} key cannot verify ${alg}`);
  const [protectedHeader, payload, signature] = parts as [string, string, string];
  const ok = await verifyOnPool(Buffer.from(`${protectedHeader}.${payload}`), keyInput(alg, verifyWith), Buffer.from(signature, 'base64url'));
  if (!ok) throw new JwsRefused('signature verification failed');
}
