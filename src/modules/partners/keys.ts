// Partner key pairs (what `caas keygen` writes and `caas partner create/add-key` accepts). The
// service only ever stores a partner's PUBLIC key. The service's own signing key is auth's
// (src/modules/auth/service-key.ts).
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { PARTNER_RSA_MODULUS_BITS_MIN, PARTNER_RSA_MODULUS_BITS_MAX, PUBLIC_KEY_PEM_LENGTH_MAX } from './limits.js';

export const PARTNER_RSA_MODULUS_BITS = 2048; // what keygen writes

const generateKeyPairAsync = promisify(generateKeyPair);

export interface PemKeyPair {
  /** PKCS#8 PEM: stays with the partner. */
  privateKeyPem: string;
  /** SPKI PEM: what the partner sends to the service team. */
  publicKeyPem: string;
}

export async function generatePartnerKeyPair(): Promise<PemKeyPair> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', {
    modulusLength: PARTNER_RSA_MODULUS_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** Why a PEM was refused; `message` is meant to be shown as is to the operator. */
export class PartnerKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PartnerKeyError';
  }
}

export interface ParsedPartnerKey {
  publicKey: KeyObject;
  jwk: JWK;
  /** RFC 7638 JWK thumbprint (SHA-256, base64url): the same key always gets the same id. */
  kid: string;
  /** Normalised SPKI PEM: what to store. */
  publicKeyPem: string;
  modulusBits: number;
}

const PEM_RE = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/;

export async function parsePartnerPublicKey(pem: string): Promise<ParsedPartnerKey> {
  if (pem.length > PUBLIC_KEY_PEM_LENGTH_MAX) {
    throw new PartnerKeyError(`malformed PEM: longer than ${PUBLIC_KEY_PEM_LENGTH_MAX} characters`);
  }
  const block = PEM_RE.exec(pem)?.[0];
  if (block === undefined) throw new PartnerKeyError('malformed PEM: expected a "-----BEGIN PUBLIC KEY-----" block');
  // createPublicKey happily derives the public half of a private key, so refuse those first
  // (anywhere in the text: a private key pasted next to the public one is leaked all the same).
  if (pem.includes('PRIVATE KEY-----') || isPrivateKey(block)) {
    throw new PartnerKeyError('this is a PRIVATE key; send only the public key (public.pem)');
  }
  const publicKey = publicKeyFrom(block);
  if (publicKey.asymmetricKeyType !== 'rsa') {
    throw new PartnerKeyError(`not an RSA key (found ${publicKey.asymmetricKeyType ?? 'unknown'}): partners sign RS256 with an RSA key`);
  }
  const modulusBits = publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (modulusBits < PARTNER_RSA_MODULUS_BITS_MIN) {
    throw new PartnerKeyError(`RSA key of ${modulusBits} bits is too short: at least ${PARTNER_RSA_MODULUS_BITS_MIN} bits`);
  }
  if (modulusBits > PARTNER_RSA_MODULUS_BITS_MAX) {
    throw new PartnerKeyError(`RSA key of ${modulusBits} bits is too long: at most ${PARTNER_RSA_MODULUS_BITS_MAX} bits`);
  }
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  return {
    publicKey,
    jwk,
    kid: await calculateJwkThumbprint(jwk, 'sha256'),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    modulusBits,
  };
}

function isPrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}

function publicKeyFrom(pem: string): KeyObject {
  try {
    return createPublicKey(pem);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PartnerKeyError(`malformed PEM: not a readable public key (${reason})`);
  }
}
