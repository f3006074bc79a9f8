import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HTTP_BUREAU_DEFAULTS, httpBureauConfigFromEnv } from './http-config.js';

const MINIMAL = { BUREAU_HTTP_BASE_URL: 'https://bureau.example.com/v1', BUREAU_HTTP_CREDENTIALS_HEADER: 'Authorization: Bearer abc: def' };

describe('HTTP bureau configuration', () => {
  it('reads the URL and credentials and applies the defaults', () => {
    const c = httpBureauConfigFromEnv(MINIMAL);
    assert.equal(c.baseUrl, 'https://bureau.example.com/v1');
    assert.equal(c.credentialsHeaderName, 'Authorization');
    assert.equal(c.credentialsHeaderValue, 'Bearer abc: def');
    assert.equal(c.timeout_ms, HTTP_BUREAU_DEFAULTS.timeout_ms);
    assert.equal(c.retries_max, HTTP_BUREAU_DEFAULTS.retries_max);
  });

  it('reads the limits', () => {
    const c = httpBureauConfigFromEnv({ ...MINIMAL, BUREAU_HTTP_TIMEOUT_MS: '2500', BUREAU_HTTP_RETRIES_MAX: '0', BUREAU_HTTP_BREAKER_FAILURES: '10', BUREAU_HTTP_BREAKER_COOLDOWN_MS: '5000' });
    assert.deepEqual([c.timeout_ms, c.retries_max, c.breakerFailureThreshold, c.breakerCoolDown_ms], [2500, 0, 10, 5000]);
  });

  it('lists every problem at once', () => {
    assert.throws(
      () => httpBureauConfigFromEnv({ BUREAU_HTTP_BASE_URL: 'ftp://x', BUREAU_HTTP_CREDENTIALS_HEADER: 'sem-dois-pontos', BUREAU_HTTP_TIMEOUT_MS: '0', BUREAU_HTTP_RETRIES_MAX: '99' }),
      (e: unknown) => e instanceof Error && ['BASE_URL', 'CREDENTIALS_HEADER', 'TIMEOUT_MS', 'RETRIES_MAX'].every((n) => e.message.includes(`BUREAU_HTTP_${n}`)),
    );
  });
});
