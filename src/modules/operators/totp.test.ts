// RFC 6238 appendix B test vectors (SHA-1 seed "12345678901234567890", 8 digits there; the
// library's 6-digit codes are the last six digits of those values) and the window rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { newTotpSecret, totpCode, totpStep } from './totp.js';

const RFC_SECRET = Secret.fromUTF8('12345678901234567890');
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

test('RFC 6238 SHA-1 vectors', () => {
  for (const [seconds, expected] of VECTORS) {
    const code = new TOTP({ secret: RFC_SECRET, digits: 8, period: 30, algorithm: 'SHA1' }).generate({ timestamp: seconds * 1000 });
    assert.equal(code, expected, `T=${seconds}`);
  }
});

test('a code is valid in its step and one step either side, not two', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-11-27T04:00:10Z');
  const code = totpCode(secret, now);
  const step = Math.floor(now.getTime() / 30_000);
  assert.equal(totpStep(secret, code, now), step);
  assert.equal(totpStep(secret, code, new Date(now.getTime() + 30_000)), step);
  assert.equal(totpStep(secret, code, new Date(now.getTime() - 30_000)), step);
  assert.equal(totpStep(secret, code, new Date(now.getTime() + 65_000)), null);
  assert.equal(totpStep(secret, '12345', now), null);
  assert.equal(totpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now), step);
});
