import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Problems } from '../../platform/errors.js';
import { problemsOf } from '../../platform/problems.test-util.js';
import { type PaymentAccountInput, type PaymentAccountPaths, validatePaymentAccount } from './bank-account.js';
import { HOLDER_NAME_LENGTH_MAX } from './limits.js';

const PATH = 'dto.propostaContaPagamentoDTO';
/** The wire paths of propostaContaPagamentoDTO (the proposals module maps them the same way). */
const PATHS: PaymentAccountPaths = {
  bankCode: `${PATH}.codigoBanco`,
  bankNumber: `${PATH}.numeroBanco`,
  accountType: `${PATH}.tipoConta`,
  branch: `${PATH}.agencia`,
  branchDigit: `${PATH}.agenciaDig`,
  account: `${PATH}.conta`,
  accountDigit: `${PATH}.contaDig`,
  holderDocument: `${PATH}.documentoFederalPagamento`,
  holderName: `${PATH}.nomePagamento`,
};
const VALID: PaymentAccountInput = {
  bankCode: 341,
  accountType: 1,
  branch: '0001',
  branchDigit: null,
  account: '123456',
  accountDigit: '7',
  bankNumber: '341',
  holderDocument: '123.456.789-09',
  holderName: 'Maria da Silva',
};

function run(patch: Partial<PaymentAccountInput>) {
  const problems = new Problems();
  const result = validatePaymentAccount({ ...VALID, ...patch }, PATHS, problems);
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
      bankCode: 341,
      bankNumber: '341',
      ispb: '60701190',
      accountType: 1,
      branch: '0001',
      branchDigit: null,
      account: '123456',
      accountDigit: '7',
      holderDocument: { kind: 'CPF', digits: '12345678909' },
      holderName: 'Maria da Silva',
    });
  });

  it('bank: codigoBanco alone, numeroBanco alone (listed or not), both agreeing', () => {
    assert.equal(run({ bankNumber: null }).result?.bankNumber, '341');
    assert.deepEqual(run({ bankCode: null, bankNumber: '260' }).result?.bankCode, 260);
    const unlisted = run({ bankCode: null, bankNumber: '997' }).result;
    assert.deepEqual([unlisted?.bankCode, unlisted?.bankNumber, unlisted?.ispb], [null, '997', null]);
  });

  it('bank: refuses none, an unknown codigoBanco, a malformed numeroBanco, a disagreement', () => {
    refused({ bankCode: null, bankNumber: null }, 'codigoBanco', 'CPG001');
    refused({ bankCode: 999, bankNumber: null }, 'codigoBanco', 'CPG001');
    refused({ bankCode: 3.5, bankNumber: null }, 'codigoBanco', 'CPG001');
    refused({ bankNumber: '34' }, 'numeroBanco', 'CPG002');
    refused({ bankCode: null, bankNumber: '34A' }, 'numeroBanco', 'CPG002');
    refused({ bankNumber: '237' }, 'numeroBanco', 'CPG003');
  });

  it('tipoConta: 1 to 4 required', () => {
    for (const t of [1, 2, 3, 4]) assert.equal(run({ accountType: t }).result?.accountType, t);
    refused({ accountType: null }, 'tipoConta', 'CPG004');
    refused({ accountType: 5 }, 'tipoConta', 'CPG004');
    refused({ accountType: 0 }, 'tipoConta', 'CPG004');
  });

  it('agency: 1 to 4 digits required; its check digit optional, one digit or X', () => {
    assert.equal(run({ branch: ' 12 ', branchDigit: 'x' }).result?.branchDigit, 'X');
    refused({ branch: null }, 'agencia', 'CPG005');
    refused({ branch: '12345' }, 'agencia', 'CPG005');
    refused({ branch: '12-3' }, 'agencia', 'CPG005');
    refused({ branchDigit: '12' }, 'agenciaDig', 'CPG006');
    refused({ branchDigit: 'P' }, 'agenciaDig', 'CPG006');
  });

  it('account: 1 to 20 digits and a required check digit', () => {
    assert.equal(run({ account: '12345678901234567890' }).result?.account, '12345678901234567890');
    refused({ account: '' }, 'conta', 'CPG007');
    refused({ account: '123456789012345678901' }, 'conta', 'CPG007');
    refused({ account: '1234.5' }, 'conta', 'CPG007');
    refused({ accountDigit: null }, 'contaDig', 'CPG008');
    refused({ accountDigit: '-' }, 'contaDig', 'CPG008');
  });

  it('holder: a valid CPF or CNPJ (alphanumeric too) and a name', () => {
    assert.equal(run({ holderDocument: '12.ABC.345/01DE-35' }).result?.holderDocument.kind, 'CNPJ');
    refused({ holderDocument: null }, 'documentoFederalPagamento', 'CPG009');
    refused({ holderDocument: '12345678900' }, 'documentoFederalPagamento', 'CPG009');
    refused({ holderName: '  ' }, 'nomePagamento', 'CPG010');
    refused({ holderName: 'x'.repeat(HOLDER_NAME_LENGTH_MAX + 1) }, 'nomePagamento', 'CPG010');
  });

  it('collects every problem at once', () => {
    const problems = new Problems();
    assert.equal(validatePaymentAccount({}, PATHS, problems), null);
    const fields = problemsOf(problems).map((m) => m.field?.slice(PATH.length + 1));
    assert.deepEqual(fields, ['codigoBanco', 'tipoConta', 'agencia', 'conta', 'contaDig', 'documentoFederalPagamento', 'nomePagamento']);
  });

  it('asserts that the path is given', () => {
    assert.throws(() => validatePaymentAccount(VALID, { ...PATHS, branch: '' }, new Problems()), /assertion/);
  });
});
