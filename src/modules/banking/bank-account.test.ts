import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Problems } from '../../platform/errors.js';
import { problemsOf } from '../../platform/problems.test-util.js';
import { type PaymentAccountInput, validatePaymentAccount } from './bank-account.js';
import { HOLDER_NAME_LENGTH_MAX } from './limits.js';

const PATH = 'dto.propostaContaPagamentoDTO';
const VALID: PaymentAccountInput = {
  codigoBanco: 341,
  tipoConta: 1,
  agencia: '0001',
  agenciaDig: null,
  conta: '123456',
  contaDig: '7',
  numeroBanco: '341',
  documentoFederalPagamento: '123.456.789-09',
  nomePagamento: 'Maria da Silva',
};

function run(patch: Partial<PaymentAccountInput>) {
  const problems = new Problems();
  const result = validatePaymentAccount({ ...VALID, ...patch }, PATH, problems);
  return { result, messages: problemsOf(problems) };
}

/** Asserts the patch is refused with exactly one problem, on `field` with `code`. */
function refused(patch: Partial<PaymentAccountInput>, field: string, code: string): void {
  const { result, messages } = run(patch);
  assert.equal(result, null);
  assert.deepEqual(messages.map((m) => [m.field, m.code]), [[`${PATH}.${field}`, code]], JSON.stringify(patch));
}

describe('validatePaymentAccount', () => {
  it('accepts a valid account and normalizes it', () => {
    const { result, messages } = run({});
    assert.deepEqual(messages, []);
    assert.deepEqual(result, {
      codigoBanco: 341,
      numeroBanco: '341',
      ispb: '60701190',
      tipoConta: 1,
      agencia: '0001',
      agenciaDig: null,
      conta: '123456',
      contaDig: '7',
      documento: { kind: 'CPF', digits: '12345678909' },
      nomePagamento: 'Maria da Silva',
    });
  });

  it('bank: codigoBanco alone, numeroBanco alone (listed or not), both agreeing', () => {
    assert.equal(run({ numeroBanco: null }).result?.numeroBanco, '341');
    assert.deepEqual(run({ codigoBanco: null, numeroBanco: '260' }).result?.codigoBanco, 260);
    const unlisted = run({ codigoBanco: null, numeroBanco: '997' }).result;
    assert.deepEqual([unlisted?.codigoBanco, unlisted?.numeroBanco, unlisted?.ispb], [null, '997', null]);
  });

  it('bank: refuses none, an unknown codigoBanco, a malformed numeroBanco, a disagreement', () => {
    refused({ codigoBanco: null, numeroBanco: null }, 'codigoBanco', 'CPG001');
    refused({ codigoBanco: 999, numeroBanco: null }, 'codigoBanco', 'CPG001');
    refused({ codigoBanco: 3.5, numeroBanco: null }, 'codigoBanco', 'CPG001');
    refused({ numeroBanco: '34' }, 'numeroBanco', 'CPG002');
    refused({ codigoBanco: null, numeroBanco: '34A' }, 'numeroBanco', 'CPG002');
    refused({ numeroBanco: '237' }, 'numeroBanco', 'CPG003');
  });

  it('tipoConta: 1 to 4 required', () => {
    for (const t of [1, 2, 3, 4]) assert.equal(run({ tipoConta: t }).result?.tipoConta, t);
    refused({ tipoConta: null }, 'tipoConta', 'CPG004');
    refused({ tipoConta: 5 }, 'tipoConta', 'CPG004');
    refused({ tipoConta: 0 }, 'tipoConta', 'CPG004');
  });

  it('agency: 1 to 4 digits required; its check digit optional, one digit or X', () => {
    assert.equal(run({ agencia: ' 12 ', agenciaDig: 'x' }).result?.agenciaDig, 'X');
    refused({ agencia: null }, 'agencia', 'CPG005');
    refused({ agencia: '12345' }, 'agencia', 'CPG005');
    refused({ agencia: '12-3' }, 'agencia', 'CPG005');
    refused({ agenciaDig: '12' }, 'agenciaDig', 'CPG006');
    refused({ agenciaDig: 'P' }, 'agenciaDig', 'CPG006');
  });

  it('account: 1 to 20 digits and a required check digit', () => {
    assert.equal(run({ conta: '12345678901234567890' }).result?.conta, '12345678901234567890');
    refused({ conta: '' }, 'conta', 'CPG007');
    refused({ conta: '123456789012345678901' }, 'conta', 'CPG007');
    refused({ conta: '1234.5' }, 'conta', 'CPG007');
    refused({ contaDig: null }, 'contaDig', 'CPG008');
    refused({ contaDig: '-' }, 'contaDig', 'CPG008');
  });

  it('holder: a valid CPF or CNPJ (alphanumeric too) and a name', () => {
    assert.equal(run({ documentoFederalPagamento: '12.ABC.345/01DE-35' }).result?.documento.kind, 'CNPJ');
    refused({ documentoFederalPagamento: null }, 'documentoFederalPagamento', 'CPG009');
    refused({ documentoFederalPagamento: '12345678900' }, 'documentoFederalPagamento', 'CPG009');
    refused({ nomePagamento: '  ' }, 'nomePagamento', 'CPG010');
    refused({ nomePagamento: 'x'.repeat(HOLDER_NAME_LENGTH_MAX + 1) }, 'nomePagamento', 'CPG010');
  });

  it('collects every problem at once', () => {
    const problems = new Problems();
    assert.equal(validatePaymentAccount({}, PATH, problems), null);
    const fields = problemsOf(problems).map((m) => m.field?.slice(PATH.length + 1));
    assert.deepEqual(fields, ['codigoBanco', 'tipoConta', 'agencia', 'conta', 'contaDig', 'documentoFederalPagamento', 'nomePagamento']);
  });

  it('asserts that the path is given', () => {
    assert.throws(() => validatePaymentAccount(VALID, '', new Problems()), /assertion/);
  });
});
