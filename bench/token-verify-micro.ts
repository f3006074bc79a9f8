// In-process cost of verifying one client assertion (issue 14): the old path re-parsed the
// partner's PEM per request (createPublicKey, which also defeats jose's KeyObject→CryptoKey cache);
// the new one reuses the parsed key from PartnerKeyCache. CPU time per call, sequential, so the
// figure does not depend on how loaded the machine is as much as an HTTP ratio does.
// Run: node --import tsx bench/token-verify-micro.ts [iterations]
import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { generatePartnerKeyPair } from '../src/modules/partners/index.js';
import { PartnerKeyCache } from '../src/modules/auth/partner-key-cache.js';
import { signAssertion, TEST_AUDIENCE } from '../src/modules/auth/test-fakes.js';

const iterations = Number(process.argv[2] ?? 2000);
const pair = await generatePartnerKeyPair();
const now = new Date();
const token = await signAssertion(pair.privateKeyPem, 'bench', now);
const options = { algorithms: ['RS256'], currentDate: now, audience: TEST_AUDIENCE, issuer: 'bench', subject: 'bench' };
const cache = new PartnerKeyCache();

async function measure(name: string, verifyOnce: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 200; i += 1) await verifyOnce(); // warm-up
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await verifyOnce();
  const wall_us = Number(process.hrtime.bigint() - t0) / 1000 / iterations;
  const cpu = process.cpuUsage(cpu0);
  const cpu_us = (cpu.user + cpu.system) / iterations;
  console.log(`${name.padEnd(34)} cpu ${cpu_us.toFixed(1).padStart(7)} µs/call   wall ${wall_us.toFixed(1).padStart(7)} µs/call`);
}

await measure('before: createPublicKey + jwtVerify', () => jwtVerify(token, createPublicKey(pair.publicKeyPem), options));
await measure('after: cached KeyObject + jwtVerify', () => jwtVerify(token, cache.publicKey('kid', pair.publicKeyPem), options));
await measure('before: createPublicKey + jwtVerify', () => jwtVerify(token, createPublicKey(pair.publicKeyPem), options));
await measure('after: cached KeyObject + jwtVerify', () => jwtVerify(token, cache.publicKey('kid', pair.publicKeyPem), options));
