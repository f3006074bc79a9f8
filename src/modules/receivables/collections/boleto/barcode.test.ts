import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addDays, localDate } from '../../../../platform/dates.js';
import { dec, fromCents } from '../../../../platform/money.js';
import { DomainError } from '../../../../platform/errors.js';
import {
  barcodeToLinhaDigitavel,
  buildBarcode,
  checkBarcode,
  decodeBarcode,
  formatLinhaDigitavel,
  linhaDigitavelToBarcode,
} from './barcode.js';
import { bankCodeCheckDigit, modulo10 } from './check-digits.js';
import { FACTOR_FIRST_DATE } from './due-date-factor.js';

interface PublishedPair {
  source: string;
  barcode: string;
  linha: string;
  bankCode: string;
  dueDate: string;
  amount: string;
  freeField: string;
}

const PUBLISHED: PublishedPair[] = [
  {
    // The classic Banco do Brasil example of the BB "Especificações Técnicas para Confecção de
    // Boleto de Cobrança" (convênio 050094, agência 1606, conta 06809350, carteira 31), quoted as
    // the reference pair by public boleto libraries (e.g. pyboleto/pyaboleto BB tests).
    source: 'BB manual classic example, R$ 1,00 due 31/12/2007',
    barcode: '00193373700000001000500940144816060680935031',
    linha: '00190.50095 40144.816069 06809.350314 3 37370000000100',
    bankCode: '001',
    dueDate: '2007-12-31',
    amount: '1.00',
    freeField: '0500940144816060680935031',
  },
  {
    // A real Banco do Brasil boleto (convênio de 7 posições 3453481, carteira 17, nosso número
    // 34534810000000393) due after the factor restart, quoted in public code ("conferido contra
    // um boleto real do convênio 3453481").
    source: 'real BB convênio-7 boleto, R$ 3.327,00 due 18/01/2027 (new factor cycle)',
    barcode: '00191169500003327000000003453481000000039317',
    linha: '00190.00009 03453.481008 00000.393173 1 16950000332700',
    bankCode: '001',
    dueDate: '2027-01-18',
    amount: '3327.00',
    freeField: '0000003453481000000039317',
  },
  {
    // Bradesco boleto used as the valid-boleto fixture of brazilian-utils (isValidBoleto tests) and
    // many validators: agência 3381, carteira 26, nosso número 00078271395, conta 0000633.
    source: 'Bradesco fixture of brazilian-utils, R$ 3.700,00 due 11/06/2018',
    barcode: '23799755200003700003381260007827139500006330',
    linha: '23793.38128 60007.827136 95000.063305 9 75520000370000',
    bankCode: '237',
    dueDate: '2018-06-11',
    amount: '3700.00',
    freeField: '3381260007827139500006330',
  },
];

for (const pair of PUBLISHED) {
  test(`published pair: ${pair.source}`, () => {
    const built = buildBarcode({ bankCode: pair.bankCode, dueDate: localDate(pair.dueDate), amount: dec(pair.amount), freeField: pair.freeField });
    assert.equal(built, pair.barcode);
    assert.equal(formatLinhaDigitavel(barcodeToLinhaDigitavel(pair.barcode)), pair.linha);
    assert.deepEqual(linhaDigitavelToBarcode(pair.linha), { ok: true, barcode: pair.barcode });
    assert.deepEqual(linhaDigitavelToBarcode(pair.linha.replace(/\D/g, '')), { ok: true, barcode: pair.barcode });
    assert.deepEqual(checkBarcode(pair.barcode), { ok: true, barcode: pair.barcode });
    const decoded = decodeBarcode(pair.barcode);
    assert.equal(decoded.bankCode, pair.bankCode);
    assert.equal(decoded.amount.toFixed(2), pair.amount);
    assert.equal(decoded.freeField, pair.freeField);
  });
}

test('check digits: bank code DVs printed on slips and the FEBRABAN modulo 10 example', () => {
  assert.equal(bankCodeCheckDigit('001'), 9);
  assert.equal(bankCodeCheckDigit('237'), 2);
  assert.equal(bankCodeCheckDigit('341'), 7);
  assert.equal(bankCodeCheckDigit('104'), 0);
  assert.equal(bankCodeCheckDigit('033'), 7);
  assert.equal(modulo10('001905009'), 5);
  assert.equal(modulo10('4014481606'), 9);
  assert.equal(modulo10('0680935031'), 4);
});

test('malformed linha digitável: wrong length, letters, each field DV, general DV', () => {
  const good = '00190500954014481606906809350314337370000000100';
  const flip = (text: string, at: number) => text.slice(0, at) + String((Number(text[at]) + 1) % 10) + text.slice(at + 1);
  const problem = (text: string) => {
    const result = linhaDigitavelToBarcode(text);
    assert.equal(result.ok, false, text);
    return result.ok ? '' : result.problem;
  };
  assert.match(problem(good.slice(1)), /47 dígitos \(tem 46\)/);
  assert.match(problem(good + '0'), /47 dígitos/);
  assert.match(problem(''), /47 dígitos \(tem 0\)/);
  assert.match(problem(good.slice(0, 10) + 'A' + good.slice(11)), /apenas dígitos/);
  assert.match(problem(flip(good, 9)), /campo 1/);
  assert.match(problem(flip(good, 20)), /campo 2/);
  assert.match(problem(flip(good, 31)), /campo 3/);
  assert.match(problem(flip(good, 32)), /verificador geral/);
  assert.match(problem(flip(good, 40)), /verificador geral/);
});

test('malformed barcode: wrong length, letters, currency, general DV', () => {
  const good = '00193373700000001000500940144816060680935031';
  const bad = (text: string, pattern: RegExp) => {
    const result = checkBarcode(text);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.problem, pattern);
  };
  bad(good.slice(0, 43), /44 dígitos/);
  bad(`x${good.slice(1)}`, /apenas dígitos/);
  bad(`0010${good.slice(4)}`, /moeda/);
  bad(`0019${(Number(good[4]) + 1) % 10}${good.slice(5)}`, /verificador geral/);
  assert.throws(() => decodeBarcode(`0019${(Number(good[4]) + 1) % 10}${good.slice(5)}`), /assertion/);
});

test('amounts that do not fit the 10-digit field are refused with a message; fractional centavos are a bug', () => {
  const input = { bankCode: '001', dueDate: localDate('2026-03-10'), freeField: '0'.repeat(25) };
  assert.equal(buildBarcode({ ...input, amount: dec('99999999.99') }).slice(9, 19), '9999999999');
  for (const amount of ['100000000.00', '0', '-1.00']) {
    assert.throws(() => buildBarcode({ ...input, amount: dec(amount) }), (e: unknown) => e instanceof DomainError && e.messages[0]?.code === 'BOLETO_VALOR_INVALIDO');
  }
  assert.throws(() => buildBarcode({ ...input, amount: dec('1.005') }), /assertion/);
  assert.throws(() => buildBarcode({ ...input, bankCode: '1', amount: dec('1') }), /assertion/);
});

test('property: every built barcode survives barcode → linha → barcode, and a changed digit in fields 1-3 is caught', () => {
  const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((a) => a.join(''));
  fc.assert(
    fc.property(
      digits(3),
      digits(25),
      fc.bigInt({ min: 1n, max: 9_999_999_999n }),
      fc.integer({ min: 0, max: 25_000 }),
      fc.integer({ min: 0, max: 31 }),
      fc.integer({ min: 1, max: 9 }),
      (bankCode, freeField, cents, offset, at, delta) => {
        const barcode = buildBarcode({ bankCode, freeField, amount: fromCents(cents), dueDate: addDays(FACTOR_FIRST_DATE, offset) });
        assert.equal(barcode.length, 44);
        const linha = barcodeToLinhaDigitavel(barcode);
        assert.deepEqual(linhaDigitavelToBarcode(formatLinhaDigitavel(linha)), { ok: true, barcode });
        const changed = linha.slice(0, at) + String((Number(linha[at]) + delta) % 10) + linha.slice(at + 1);
        assert.equal(linhaDigitavelToBarcode(changed).ok, false);
      },
    ),
    { seed: 4447, numRuns: 300 },
  );
});
