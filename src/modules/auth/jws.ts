// The two signature operations of the token endpoint, on node:crypto's one-shot sign/verify (issue
// 14). jose 6 signs and verifies through WebCrypto only, which on Node 20 cost 500 µs of CPU per
// ES256 signature and 390 µs per RS256 verification, against 110 and 60 µs here (docs/decisions.md).
// jose still decodes the assertion (assertion-checks.ts) and verifies access tokens on a cache miss
// (access-token.ts); the claims are checked by the named checks of assertion-checks.ts.
// Both run on the main thread (the synchronous form), superseding the thread pool (issue 14, eighth
// session): handing a ~60 µs signature to libuv's pool cost ~35 µs more CPU per job, and on a busy
// machine the woken pool thread preempted the event loop (docs/decisions.md).
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

/** node:crypto's one-shot sign, synchronous. */
function signNow(data: Buffer, key: KeyObject | VerifyKeyObjectInput): Buffer {
  return sign('sha256', data, key as KeyObject);
}

/** node:crypto's one-shot verify, synchronous. */
function verifyNow(data: Buffer, key: KeyObject | VerifyKeyObjectInput, signature: Buffer): boolean {
  return verify('sha256', data, key, signature);
}

/** A compact JWS of `payload` with the protected header `header` (whose `alg` is `alg`). */
export async function signCompact(alg: JwsAlgorithm, header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyLike): Promise<string> {
  const privateKey = keyObjectOf(key);
  if (privateKey.type !== 'private') throw new Error(`assertion: signing with a ${privateKey.type} key`);
  const input = `${encode({ alg, ...header })}.${encode(payload)}`;
  const signature = signNow(Buffer.from(input), keyInput(alg, privateKey));
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
  const ok = verifyNow(Buffer.from(`${protectedHeader}.${payload}`), keyInput(alg, verifyWith), Buffer.from(signature, 'base64url'));
  if (!ok) throw new JwsRefused('signature verification failed');
}
