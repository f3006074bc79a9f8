// Itaú (341) boletos: free field, nosso número and its DAC reproduce real Itaú boletos published
// in public code (barcode and linha digitável digit for digit), and the issuer configuration rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localDate } from '../../../../platform/dates.js';
import { dec } from '../../../../platform/money.js';
import { barcodeToLinhaDigitavel, buildBarcode, formatLinhaDigitavel } from './barcode.js';
import { itauAccountDigit, itauNossoNumeroDigit } from './check-digits.js';
import { buildFreeField, issuerConfigProblems, maxSequenceFor, printedBeneficiaryCode, type BoletoIssuerConfig } from './free-field.js';

const VECTORS = [
  {
    source: 'pyboleto test_itau (carteira 175)',
    issuer: { bankCode: '341', wallet: '175', branch: '1565', account: '13877' },
    sequence: 12345678n,
    dueDate: '2011-03-09',
    amount: '2952.95',
    nossoNumero: '175/12345678-6',
    barcode: '34193490100002952951751234567861565138771000',
    linha: '34191.75124 34567.861561 51387.710000 3 49010000295295',
  },
  {
    source: 'a real Itaú boleto quoted in a C example (carteira 109)',
    issuer: { bankCode: '341', wallet: '109', branch: '0066', account: '20147' },
    sequence: 5552n,
    dueDate: '2017-12-05',
    amount: '1058.98',
    nossoNumero: '109/00005552-7',
    barcode: '34197736400001058981090000555270066201476000',
    linha: '34191.09008 00555.270065 62014.760003 7 73640000105898',
  },
  {
    source: 'Stark Bank SDK documentation (carteira 109)',
    issuer: { bankCode: '341', wallet: '109', branch: '7307', account: '14446' },
    sequence: 635712n,
    dueDate: '2020-03-16',
    amount: '0.62',
    nossoNumero: '109/00635712-7',
    barcode: '34195819600000000621090063571277307144464000',
    linha: '34191.09008 63571.277308 71444.640008 5 81960000000062',
  },
] as const;

for (const v of VECTORS) {
  test(`Itaú free field reproduces ${v.source}`, () => {
    const issuer = v.issuer as BoletoIssuerConfig;
    assert.deepEqual(issuerConfigProblems(issuer), []);
    const { freeField, nossoNumero } = buildFreeField(issuer, v.sequence);
    assert.equal(nossoNumero, v.nossoNumero);
    assert.equal(freeField, v.barcode.slice(19));
    const barcode = buildBarcode({ bankCode: '341', dueDate: localDate(v.dueDate), amount: dec(v.amount), freeField });
    assert.equal(barcode, v.barcode);
    assert.equal(formatLinhaDigitavel(barcodeToLinhaDigitavel(barcode)), v.linha);
  });
}

test('Itaú DACs: nosso número over agência/conta/carteira/número (escritural carteiras: carteira/número only), agência/conta', () => {
  assert.equal(itauNossoNumeroDigit('1565', '13877', '175', '12345678'), 6);
  assert.equal(itauAccountDigit('1565', '13877'), 1);
  assert.equal(itauAccountDigit('0066', '20147'), 6);
  // carteira 126: agência and conta do not enter the DAC
  assert.equal(itauNossoNumeroDigit('1565', '13877', '126', '12345678'), itauNossoNumeroDigit('0000', '00000', '126', '12345678'));
  assert.notEqual(itauNossoNumeroDigit('1565', '13877', '109', '12345678'), itauNossoNumeroDigit('0000', '00000', '109', '12345678'));
});

test('Itaú issuer configuration: carteira of 3 digits, agência 4, conta 5, the 15-digit carteiras refused, the account DAC checked', () => {
  const good: BoletoIssuerConfig = { bankCode: '341', wallet: '109', branch: '1565', account: '13877', accountDigit: '1' };
  assert.deepEqual(issuerConfigProblems(good), []);
  assert.deepEqual(issuerConfigProblems({ bankCode: '341', wallet: '17', branch: '12345', account: '123456' }).map((p) => p.field), ['boleto.wallet', 'boleto.branch', 'boleto.account']);
  const special = issuerConfigProblems({ ...good, wallet: '198' });
  assert.deepEqual(special.map((p) => p.field), ['boleto.wallet']);
  assert.match(special[0]!.description, /15 posições/);
  const wrongDigit = issuerConfigProblems({ ...good, accountDigit: '7' }, 'CAAS_BOLETO');
  assert.deepEqual(wrongDigit.map((p) => p.field), ['CAAS_BOLETO.accountDigit']);
  assert.match(wrongDigit[0]!.description, /é 1, não 7/);
  assert.equal(maxSequenceFor('341'), 99_999_999n);
  assert.throws(() => buildFreeField(good, 100_000_000n), /assertion/);
  assert.equal(printedBeneficiaryCode({ bankCode: '341', wallet: '109', branch: '1565', account: '13877' }), '1565 / 13877-1');
});
