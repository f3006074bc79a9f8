import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fromCents } from '../../../../platform/money.js';
import { buildBrCode, parseBrCode, toEmvText } from './br-code.js';
import { crc16CcittFalse, parseTlvs } from './tlv.js';

// The example of the BCB "Manual de Padrões para Iniciação do Pix" (static code, random key,
// no amount, txid ***), as quoted by brazilian-utils' isValidPixPayload docs (which link
// https://www.bcb.gov.br/content/estabilidadefinanceira/spb_docs/ManualBRCode.pdf).
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

test('builds the BCB manual example from its fields, byte for byte', () => {
  const built = buildBrCode({
    merchantAccount: { key: '123e4567-e12b-12d1-a456-426655440000' },
    merchantName: 'Fulano de Tal',
    merchantCity: 'BRASILIA',
  });
  assert.equal(built, BCB_EXAMPLE);
});

test('CRC16-CCITT-FALSE check value and the example CRC', () => {
  assert.equal(crc16CcittFalse('123456789'), '29B1'); // the catalogued check value of CRC-16/CCITT-FALSE
  assert.equal(crc16CcittFalse(BCB_EXAMPLE.slice(0, -4)), '1D3D');
});

test('parses the BCB example', () => {
  const parsed = parseBrCode(BCB_EXAMPLE);
  assert.deepEqual(parsed, {
    ok: true,
    code: {
      pointOfInitiation: null,
      key: '123e4567-e12b-12d1-a456-426655440000',
      url: null,
      amount: null,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      postalCode: null,
      txid: '***',
    },
  });
});

test('dynamic single-use code with amount, postal code, txid and accented name', () => {
  const code = buildBrCode({
    merchantAccount: { url: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25' },
    merchantName: 'Crédito Fácil Serviços Financeiros Ltda',
    merchantCity: 'São João da Boa Vista',
    postalCode: '01310100',
    amount: fromCents(123456n),
    txid: 'CAAS0000000000000000042',
    singleUse: true,
  });
  assert.ok(code.startsWith('000201010212'));
  assert.ok(code.includes('54071234.56'));
  const parsed = parseBrCode(code);
  assert.ok(parsed.ok);
  assert.equal(parsed.code.amount, '1234.56');
  assert.equal(parsed.code.merchantName, 'Credito Facil Servicos Fi');
  assert.equal(parsed.code.merchantCity, 'Sao Joao da Boa');
  assert.equal(parsed.code.url, 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25');
  assert.equal(parsed.code.postalCode, '01310100');
  assert.equal(parsed.code.pointOfInitiation, '12');
});

test('toEmvText strips diacritics, replaces other symbols, keeps case, cuts to the limit', () => {
  assert.equal(toEmvText('  Ação  Ñandú — Ltda ', 25), 'Acao Nandu Ltda');
  assert.equal(toEmvText('ABCDEFGHIJKLMNOP Q', 15), 'ABCDEFGHIJKLMNO');
  assert.throws(() => toEmvText('—', 15), /assertion/);
});

test('parser refuses malformed payloads', () => {
  const problem = (text: string) => {
    const r = parseBrCode(text);
    assert.equal(r.ok, false, text);
    return r.ok ? '' : r.problem;
  };
  assert.match(problem(BCB_EXAMPLE.slice(0, -4) + '1D3E'), /CRC/);
  assert.match(problem(BCB_EXAMPLE.slice(0, -1)), /campo 63|sequência/);
  assert.match(problem(BCB_EXAMPLE.replace('BRASILIA', 'BRASILIa')), /CRC/);
  assert.match(problem('0002010102'), /sequência/);
  assert.match(problem(''), /campo 00/);
  const noGui = buildBrCode({ merchantAccount: { key: 'k' }, merchantName: 'N', merchantCity: 'C' }).replace('br.gov.bcb.pix', 'br.gov.bcb.xyz');
  assert.match(problem(noGui.slice(0, -4) + crc16CcittFalse(noGui.slice(0, -4))), /br\.gov\.bcb\.pix/);
});

test('builder assertions: bad txid, key too long, URL with scheme, fractional centavos', () => {
  const base = { merchantAccount: { key: 'a@b.co' }, merchantName: 'N', merchantCity: 'C' };
  assert.throws(() => buildBrCode({ ...base, txid: 'has-dash' }), /assertion/);
  assert.throws(() => buildBrCode({ ...base, txid: 'X'.repeat(26) }), /assertion/);
  assert.throws(() => buildBrCode({ ...base, merchantAccount: { key: 'k'.repeat(78) } }), /assertion/);
  assert.throws(() => buildBrCode({ ...base, merchantAccount: { url: 'https://x.example/q' } }), /assertion/);
  assert.throws(() => buildBrCode({ ...base, amount: fromCents(1n).dividedBy(10) }), /assertion/);
});

test('property: every built payload parses back with its fields and a valid CRC', () => {
  const alnum = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 25 });
  const text = fc.string({ unit: fc.constantFrom(...'abcXYZ ãéíõçÁ019-'), minLength: 1, maxLength: 40 }).filter((s) => /[a-zA-Z0-9]/.test(s));
  fc.assert(
    fc.property(
      fc.oneof(fc.uuid().map((key) => ({ key })), fc.emailAddress().filter((e) => e.length <= 77).map((key) => ({ key }))),
      text,
      text,
      fc.option(fc.bigInt({ min: 1n, max: 9_999_999_999n }), { nil: undefined }),
      fc.option(alnum, { nil: undefined }),
      fc.boolean(),
      (merchantAccount, name, city, cents, txid, singleUse) => {
        const payload = buildBrCode({ merchantAccount, merchantName: name, merchantCity: city, amount: cents === undefined ? undefined : fromCents(cents), txid, singleUse });
        assert.notEqual(parseTlvs(payload), null);
        const parsed = parseBrCode(payload);
        assert.ok(parsed.ok, payload);
        assert.equal(parsed.code.key, merchantAccount.key);
        assert.equal(parsed.code.txid, txid ?? '***');
        assert.equal(parsed.code.amount, cents === undefined ? null : fromCents(cents).toFixed(2));
        assert.equal(parsed.code.pointOfInitiation, singleUse ? '12' : null);
        assert.ok(parsed.code.merchantName.length <= 25 && parsed.code.merchantCity.length <= 15);
      },
    ),
    { seed: 1021, numRuns: 300 },
  );
});
