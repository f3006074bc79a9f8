import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { calculateJwkThumbprint } from 'jose';
import { generatePartnerKeyPair, PartnerKeyError, parsePartnerPublicKey, type PemKeyPair } from './keys.js';

let pair: PemKeyPair;
before(async () => {
  pair = await generatePartnerKeyPair();
});

async function refused(pem: string): Promise<string> {
  const error = await parsePartnerPublicKey(pem).then(
    () => assert.fail('the key should have been refused'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof PartnerKeyError);
  return error.message;
}

describe('partner keys', () => {
  test('keygen writes PKCS#8 and SPKI PEM of an RSA 2048 key, accepted with a stable RFC 7638 kid', async () => {
    assert.match(pair.privateKeyPem, /^-----BEGIN PRIVATE KEY-----/);
    assert.match(pair.publicKeyPem, /^-----BEGIN PUBLIC KEY-----/);
    const parsed = await parsePartnerPublicKey(pair.publicKeyPem);
    assert.equal(parsed.modulusBits, 2048);
    assert.equal(parsed.kid, await calculateJwkThumbprint({ kty: 'RSA', n: parsed.jwk.n, e: parsed.jwk.e }));
    assert.equal((await parsePartnerPublicKey(`\n  ${pair.publicKeyPem}\n`)).kid, parsed.kid);
    const pkcs1 = parsed.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    assert.equal((await parsePartnerPublicKey(pkcs1)).kid, parsed.kid, 'same key, other encoding, same kid');
  });

  test('refuses a private key, saying so', async () => {
    assert.match(await refused(pair.privateKeyPem), /this is a PRIVATE key; send only the public key/);
    const pkcs1 = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    assert.match(await refused(pkcs1.privateKey), /PRIVATE key/);
  });

  test('refuses an RSA key under 2048 bits', async () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    assert.match(await refused(small.publicKey), /1024 bits is too short: at least 2048/);
  });

  test('refuses a non-RSA key', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    assert.match(await refused(ec.publicKey), /not an RSA key \(found ec\)/);
  });

  test('refuses malformed PEM', async () => {
    assert.match(await refused('hello'), /malformed PEM/);
    assert.match(await refused('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'), /malformed PEM: not a readable public key/);
    const cut = pair.publicKeyPem.replace(/\n[A-Za-z0-9+/]{10}/, '\n');
    assert.match(await refused(cut), /malformed PEM/);
    assert.match(await refused('x'.repeat(20_000)), /longer than/);
  });
});
