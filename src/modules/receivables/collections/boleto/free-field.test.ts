import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../../../platform/dates.js';
import { dec } from '../../../../platform/money.js';
import { buildBarcode, barcodeToLinhaDigitavel, formatLinhaDigitavel } from './barcode.js';
import { bradescoNossoNumeroDigit } from './check-digits.js';
import { type BoletoIssuerConfig, buildFreeField, issuerConfigProblems, maxSequenceFor, printedBeneficiaryCode } from './free-field.js';

const BB: BoletoIssuerConfig = { bankCode: '001', agreement: '3453481', wallet: '17', branch: '1234', branchDigit: '3', account: '99999', accountDigit: 'X' };
const BRADESCO: BoletoIssuerConfig = { bankCode: '237', wallet: '26', branch: '3381', account: '633' };

test('Banco do Brasil convênio 7: 000000 + convênio + sequence(10) + carteira reproduces a real boleto', () => {
  // Real BB boleto quoted in public code: linha 00190.00009 03453.481008 00000.393173 1 16950000332700.
  const { freeField, nossoNumero } = buildFreeField(BB, 393n);
  assert.equal(freeField, '0000003453481000000039317');
  assert.equal(nossoNumero, '34534810000000393');
  const barcode = buildBarcode({ bankCode: '001', dueDate: localDate('2027-01-18'), amount: dec('3327.00'), freeField });
  assert.equal(formatLinhaDigitavel(barcodeToLinhaDigitavel(barcode)), '00190.00009 03453.481008 00000.393173 1 16950000332700');
});

test('Bradesco: agência + carteira + nosso número(11) + conta(7) + 0 reproduces the brazilian-utils fixture', () => {
  const { freeField, nossoNumero } = buildFreeField(BRADESCO, 78271395n);
  assert.equal(freeField, '3381260007827139500006330');
  assert.equal(nossoNumero, `26/00078271395-${bradescoNossoNumeroDigit('2600078271395')}`);
  const barcode = buildBarcode({ bankCode: '237', dueDate: localDate('2018-06-11'), amount: dec('3700'), freeField });
  assert.equal(formatLinhaDigitavel(barcodeToLinhaDigitavel(barcode)), '23793.38128 60007.827136 95000.063305 9 75520000370000');
});

test('Bradesco nosso número digit: modulo 11 base 7 (Bradesco manual example carteira 19, número 00000000002 → 8), 1 → P', () => {
  assert.equal(bradescoNossoNumeroDigit('1900000000002'), '8');
  assert.equal(bradescoNossoNumeroDigit('0900000000005'), '4'); // 9·7 + 5·2 = 73 ≡ 7 (mod 11) → 11 − 7
  assert.equal(bradescoNossoNumeroDigit('0000000000006'), 'P'); // 6·2 = 12 ≡ 1 → P
  assert.equal(bradescoNossoNumeroDigit('0000000000000'), '0');
});

test('sequence bounds are assertions (the DB sequence is configured with maxSequenceFor)', () => {
  assert.equal(maxSequenceFor('001'), 9_999_999_999n);
  assert.equal(maxSequenceFor('237'), 99_999_999_999n);
  assert.equal(buildFreeField(BB, 9_999_999_999n).nossoNumero, '34534819999999999');
  assert.throws(() => buildFreeField(BB, 0n), /assertion/);
  assert.throws(() => buildFreeField(BB, 10_000_000_000n), /assertion/);
  assert.throws(() => buildFreeField({ ...BB, agreement: '123' }, 1n), /assertion/);
});

test('issuerConfigProblems lists every problem with its field', () => {
  assert.deepEqual(issuerConfigProblems(BB), []);
  assert.deepEqual(issuerConfigProblems(BRADESCO), []);
  assert.deepEqual(issuerConfigProblems(null).map((p) => p.field), ['boleto']);
  assert.deepEqual(issuerConfigProblems({ bankCode: '104' }).map((p) => p.field), ['boleto.bankCode']);
  const problems = issuerConfigProblems({ bankCode: '001', agreement: '123456', wallet: 'A7', branch: '12345', account: '', branchDigit: '12' });
  assert.deepEqual(problems.map((p) => p.field), ['boleto.agreement', 'boleto.wallet', 'boleto.branch', 'boleto.account', 'boleto.branchDigit']);
  assert.match(problems[0]!.description, /exatamente 7 algarismos/);
  assert.deepEqual(issuerConfigProblems({ bankCode: '237', wallet: '9', branch: '1', account: '12345678' }, 'cfg').map((p) => p.field), ['cfg.account']);
});

test('printed beneficiary code', () => {
  assert.equal(printedBeneficiaryCode(BB), '1234-3 / 99999-X');
  assert.equal(printedBeneficiaryCode(BRADESCO), '3381 / 633');
});
