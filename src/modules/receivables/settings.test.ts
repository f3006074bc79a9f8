// Receivables configuration: sandbox defaults are valid, and every bad setting is reported at start-up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../config.js';
import { parseReceivablesEnv, sandboxSettings } from './settings.js';

test('sandbox defaults: Banco do Brasil 001, convênio of 7 digits, late-charge defaults', () => {
  const s = sandboxSettings();
  assert.deepEqual([s.issuer.bankCode, s.issuer.agreement, s.issuer.wallet, s.bankName], ['001', '1234567', '17', 'Banco do Brasil S.A.']);
  assert.deepEqual([s.charges.fineRate.toString(), s.charges.lateInterestMonthlyRate.toString(), s.charges.roundingMode], ['0.02', '0.01', 'half_up']);
  assert.equal(loadConfig({}).receivables.issuer.bankCode, '001');
});

test('Bradesco and overrides are read from the environment', () => {
  const problems: string[] = [];
  const s = parseReceivablesEnv({ CAAS_BOLETO_BANK_CODE: '237', CAAS_BOLETO_WALLET: '09', CAAS_BOLETO_BRANCH: '1234', CAAS_BOLETO_ACCOUNT: '7654321', CAAS_LATE_FINE_RATE: '0.015', CAAS_CHARGES_ROUNDING: 'truncate' }, problems);
  assert.deepEqual(problems, []);
  assert.deepEqual([s.issuer.bankCode, s.bankName, s.charges.fineRate.toString(), s.charges.roundingMode], ['237', 'Banco Bradesco S.A.', '0.015', 'truncate']);
});

test('every bad setting is one problem, and loadConfig refuses to start', () => {
  const env = {
    CAAS_BOLETO_AGREEMENT: '123',
    CAAS_BENEFICIARY_DOCUMENT: '11222333000100',
    CAAS_PIX_MERCHANT_CITY: 'X'.repeat(16),
    CAAS_LATE_FINE_RATE: '0.03',
  };
  const problems: string[] = [];
  parseReceivablesEnv(env, problems);
  assert.equal(problems.length, 4, problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('CAAS_BOLETO.agreement')));
  assert.ok(problems.some((p) => p.startsWith('CAAS_BENEFICIARY_DOCUMENT')));
  assert.ok(problems.some((p) => p.startsWith('CAAS_PIX_MERCHANT_CITY')));
  assert.ok(problems.some((p) => p.includes('CDC art. 52')));
  assert.throws(() => loadConfig({ CAAS_BOLETO_BANK_CODE: '104' }), (e: unknown) => e instanceof ConfigError && /CAAS_BOLETO\.bankCode/.test(e.message));
  // Itaú (341) is issued since issue 17: with the sandbox's Banco do Brasil carteira and conta, its own rules refuse them.
  assert.throws(() => loadConfig({ CAAS_BOLETO_BANK_CODE: '341' }), (e: unknown) => e instanceof ConfigError && /CAAS_BOLETO\.wallet: Deve ter exatamente 3/.test(e.message) && /CAAS_BOLETO\.account/.test(e.message));
});
