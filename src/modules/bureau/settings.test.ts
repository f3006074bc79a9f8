import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BUREAU_DEFAULTS, parseBureauEnv } from './settings.js';

describe('parseBureauEnv', () => {
  test('defaults: sandbox, 24 h reuse, 90-day consent, SCR month M from day 15 of M + 2, 24 months', () => {
    const problems: string[] = [];
    const s = parseBureauEnv({}, problems);
    assert.deepEqual(problems, []);
    assert.deepEqual(s, {
      provider: 'sandbox', http: null, cacheTtl_ms: 24 * 3_600_000, requesterCnpj: null,
      scr: { consentValidity_days: 90, publicationLag_months: 2, publicationDay: 15, history_months: 24 },
    });
    assert.equal(BUREAU_DEFAULTS.cacheTtl_hours, 24);
  });

  test('http provider reads the adapter configuration', () => {
    const problems: string[] = [];
    const s = parseBureauEnv({ BUREAU_PROVIDER: 'HTTP', BUREAU_HTTP_BASE_URL: 'https://bureau.example.com/v1', BUREAU_HTTP_CREDENTIALS_HEADER: 'X-Api-Key: abc', BUREAU_CACHE_TTL_HOURS: '0', BUREAU_REQUESTER_CNPJ: '11222333000181' }, problems);
    assert.deepEqual(problems, []);
    assert.equal(s.provider, 'http');
    assert.equal(s.http?.baseUrl, 'https://bureau.example.com/v1');
    assert.equal(s.cacheTtl_ms, 0);
    assert.equal(s.requesterCnpj, '11222333000181');
  });

  test('every problem reported', () => {
    const problems: string[] = [];
    parseBureauEnv({
      BUREAU_PROVIDER: 'http', BUREAU_CACHE_TTL_HOURS: '1.5', BUREAU_SCR_CONSENT_VALIDITY_DAYS: '0', BUREAU_SCR_PUBLICATION_LAG_MONTHS: '7',
      BUREAU_SCR_PUBLICATION_DAY: '31', BUREAU_SCR_HISTORY_MONTHS: '61', BUREAU_REQUESTER_CNPJ: '123',
    }, problems);
    const names = ['BUREAU_HTTP_BASE_URL', 'BUREAU_HTTP_CREDENTIALS_HEADER', 'BUREAU_CACHE_TTL_HOURS', 'BUREAU_SCR_CONSENT_VALIDITY_DAYS', 'BUREAU_SCR_PUBLICATION_LAG_MONTHS', 'BUREAU_SCR_PUBLICATION_DAY', 'BUREAU_SCR_HISTORY_MONTHS', 'BUREAU_REQUESTER_CNPJ'];
    for (const name of names) assert.ok(problems.some((p) => p.includes(name)), name);
    assert.equal(problems.length, names.length);
  });
});
