// node:crypto signatures agree with jose both ways, and refuse what jose refuses.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { JwsRefused, signCompact, verifyCompact, type JwsAlgorithm } from './jws.js';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const claims = { iss: 'acme', sub: 'acme', aud: 'https://caas.test/connect/token', jti: 'j-1', iat: 1_800_000_000, exp: 1_800_000_060 };

const joseSigned = (alg: JwsAlgorithm, header: Record<string, unknown> = {}) => new SignJWT(claims).setProtectedHeader({ ...header, alg, typ: 'JWT' }).sign(alg === 'ES256' ? ec.privateKey : rsa.privateKey);
const headerOf = (token: string) => decodeProtectedHeader(token) as Record<string, unknown>;

async function refused(run: () => Promise<void>, reason: RegExp): Promise<void> {
  await assert.rejects(run, (error: unknown) => error instanceof JwsRefused && reason.test(error.message));
}

describe('jws on node:crypto', () => {
  test('an ES256 token signed here verifies with jose, header and claims as given', async () => {
    const token = await signCompact('ES256', { kid: 'k1', typ: 'at+jwt' }, claims, ec.privateKey);
    const { payload, protectedHeader } = await jwtVerify(token, ec.publicKey, { algorithms: ['ES256'], typ: 'at+jwt', currentDate: new Date(1_800_000_000_000) });
    assert.deepEqual(protectedHeader, { alg: 'ES256', kid: 'k1', typ: 'at+jwt' });
    assert.deepEqual(payload, claims);
  });

  test('an RS256 token signed here verifies with jose', async () => {
    const token = await signCompact('RS256', { kid: 'k2' }, claims, rsa.privateKey);
    await jwtVerify(token, rsa.publicKey, { algorithms: ['RS256'], currentDate: new Date(1_800_000_000_000) });
  });

  test('RS256 and PS256 tokens signed by jose verify here', async () => {
    for (const alg of ['RS256', 'PS256'] as const) {
      const token = await joseSigned(alg);
      await verifyCompact(token, alg, headerOf(token), rsa.publicKey);
    }
  });

  test('a changed payload, or a signature of another key, does not verify', async () => {
    const token = await joseSigned('RS256');
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, jti: 'j-2' })).toString('base64url')}.${signature}`;
    await refused(() => verifyCompact(forged, 'RS256', headerOf(forged), rsa.publicKey), /signature verification failed/);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await refused(() => verifyCompact(token, 'RS256', headerOf(token), other.publicKey), /signature verification failed/);
  });

  test('the header must say the algorithm checked; PS256 is not RS256', async () => {
    const token = await joseSigned('PS256');
    await refused(() => verifyCompact(token, 'RS256', headerOf(token), rsa.publicKey), /alg PS256 is not RS256/);
  });

  test('refuses crit and b64 header parameters, non-base64url text and other shapes', async () => {
    for (const extension of [{ crit: ['exp'], exp: 1 }, { b64: false, crit: ['b64'] }]) {
      const token = await signCompact('RS256', extension, claims, rsa.privateKey);
      await refused(() => verifyCompact(token, 'RS256', headerOf(token), rsa.publicKey), /Extension Header Parameter/);
    }
    const good = await joseSigned('RS256');
    await refused(() => verifyCompact(`${good}=`, 'RS256', headerOf(good), rsa.publicKey), /Invalid Compact JWS/);
    await refused(() => verifyCompact(good.split('.').slice(0, 2).join('.'), 'RS256', headerOf(good), rsa.publicKey), /Invalid Compact JWS/);
  });

  test('refuses a key of the wrong type, and RSA keys under 2048 bits', async () => {
    const token = await joseSigned('RS256');
    await refused(() => verifyCompact(token, 'RS256', headerOf(token), ec.publicKey), /needs an RSA key/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    await refused(() => verifyCompact(token, 'RS256', headerOf(token), small.publicKey), /2048 bits/);
    const es = await joseSigned('ES256');
    await refused(() => verifyCompact(es, 'ES256', headerOf(es), rsa.publicKey), /P-256/);
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    await refused(() => verifyCompact(token, 'RS256', headerOf(token), pss.publicKey), /needs an RSA key/);
  });
});
