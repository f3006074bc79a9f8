import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Problems } from '../../platform/errors.js';
import { problemsOf } from '../../platform/problems.test-util.js';
import { HOLDER_NAME_LENGTH_MAX } from '../banking/index.js';
import { type FavorecidoInput, PAYEE_REGISTRATION_PATHS, payeeRegistrationOf } from './payee-registration-wire.js';
import { validatePayeeRegistration } from './payee-validation.js';

/** The wire body as the route maps it (payee-registration-wire.ts), then the rules. */
const validateBody = (body: FavorecidoInput, problems: Problems) => validatePayeeRegistration(payeeRegistrationOf(body), PAYEE_REGISTRATION_PATHS, problems);

const BY_KEY: FavorecidoInput = {
  nome: 'Maria da Silva',
  documentoFederal: '123.456.789-09',
  tipoCadastroPix: 1,
  tipoChave: 3,
  chave: 'Maria@Example.com',
};

const BY_BANK: FavorecidoInput = {
  nome: 'Loja Exemplo Ltda',
  documentoFederal: '12ABC34501DE35',
  tipoCadastroPix: 2,
  numeroParticipanteSpi: '60701190',
  numeroBanco: '341',
  agencia: '0001',
  agenciaDigito: null,
  conta: '123456',
  contaDigito: '7',
  contaPagamento: '1234567',
  tipoConta: 1,
  contaDto: { agencia: '0001', conta: '123456', contaDigito: '7', contaPgto: '1234567', tipoConta: 1, modeloConta: 1 },
};

function run(base: FavorecidoInput, patch: Partial<FavorecidoInput>) {
  const problems = new Problems();
  const result = validateBody({ ...base, ...patch }, problems);
  return { result, pairs: problemsOf(problems).map((m) => [m.field, m.code]), messages: problemsOf(problems) };
}

function refused(base: FavorecidoInput, patch: Partial<FavorecidoInput>, field: string, code: string): void {
  const { result, pairs } = run(base, patch);
  assert.equal(result, null, JSON.stringify(patch));
  assert.deepEqual(pairs, [[field, code]], JSON.stringify(patch));
}

describe('always required: nome, documentoFederal, tipoCadastroPix', () => {
  it('refuses a missing or too long name', () => {
    refused(BY_KEY, { nome: ' ' }, 'nome', 'FAV002');
    refused(BY_KEY, { nome: 'n'.repeat(HOLDER_NAME_LENGTH_MAX + 1) }, 'nome', 'FAV002');
  });
  it('refuses a missing or invalid document; accepts an alphanumeric CNPJ', () => {
    refused(BY_BANK, { documentoFederal: null }, 'documentoFederal', 'FAV003');
    refused(BY_BANK, { documentoFederal: '11222333000182' }, 'documentoFederal', 'FAV003');
    assert.equal(run(BY_BANK, {}).result?.holderDocument.digits, '12ABC34501DE35');
  });
  it('refuses a missing or unknown registration type', () => {
    refused(BY_KEY, { tipoCadastroPix: null }, 'tipoCadastroPix', 'FAV001');
    refused(BY_KEY, { tipoCadastroPix: 3 }, 'tipoCadastroPix', 'FAV001');
  });
});

describe('tipoCadastroPix 1: by key', () => {
  it('accepts a valid key and returns it normalized', () => {
    assert.deepEqual(run(BY_KEY, {}).result, {
      registrationType: 1,
      name: 'Maria da Silva',
      holderDocument: { kind: 'CPF', digits: '12345678909' },
      keyType: 3,
      key: 'maria@example.com',
    });
  });
  it('accepts every key type', () => {
    for (const [tipoChave, chave] of [[0, '12345678909'], [2, '11987654321'], [4, '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d']] as const) {
      assert.equal(run(BY_KEY, { tipoChave, chave }).result?.registrationType, 1, chave);
    }
    assert.equal(run(BY_KEY, { documentoFederal: '11222333000181', tipoChave: 1, chave: '11222333000181' }).result?.registrationType, 1);
  });
  it('requires tipoChave and chave', () => {
    refused(BY_KEY, { tipoChave: null }, 'tipoChave', 'FAV004');
    refused(BY_KEY, { tipoChave: 5 }, 'tipoChave', 'FAV004');
    refused(BY_KEY, { chave: null }, 'chave', 'FAV005');
  });
  it('refuses a key in the wrong format for its type, with the key rule message', () => {
    const { pairs, messages } = run(BY_KEY, { tipoChave: 2, chave: '5511987654321' });
    assert.deepEqual(pairs, [['chave', 'FAV005']]);
    assert.match(messages[0]?.description ?? '', /\+55/);
    refused(BY_KEY, { tipoChave: 4, chave: '71c7d9be4b854e439f1c1f3b8b4e9a2d' }, 'chave', 'FAV005');
  });
  it('refuses a CPF/CNPJ key that is not the payee document', () => {
    refused(BY_KEY, { tipoChave: 0, chave: '52998224725' }, 'chave', 'FAV006');
  });
  it('ignores the bank fields', () => {
    assert.equal(run(BY_KEY, { agencia: 'not read', contaDto: null }).result?.registrationType, 1);
  });
});

describe('tipoCadastroPix 2: by bank data', () => {
  it('accepts valid bank data and returns it normalized', () => {
    assert.deepEqual(run(BY_BANK, {}).result, {
      registrationType: 2,
      name: 'Loja Exemplo Ltda',
      holderDocument: { kind: 'CNPJ', digits: '12ABC34501DE35' },
      bankAccount: {
        participantId: '60701190',
        bankNumber: '341',
        branch: '0001',
        branchDigit: null,
        account: '123456',
        accountDigit: '7',
        accountWithDigit: '1234567',
        accountType: 1,
        accountModel: 1,
      },
    });
  });
  it('accepts a minimal form: no numeroBanco, no contaPagamento, contaDto with modeloConta only', () => {
    const { result } = run(BY_BANK, { numeroBanco: null, contaPagamento: null, agenciaDigito: 'x', contaDto: { modeloConta: 4 } });
    assert.equal(result?.registrationType === 2 && result.bankAccount.accountWithDigit, '1234567');
    assert.equal(result?.registrationType === 2 && result.bankAccount.branchDigit, 'X');
  });
  it('ISPB: 8 digits, required, agreeing with numeroBanco when that bank is listed', () => {
    refused(BY_BANK, { numeroParticipanteSpi: null }, 'numeroParticipanteSpi', 'FAV007');
    refused(BY_BANK, { numeroParticipanteSpi: '6070119' }, 'numeroParticipanteSpi', 'FAV007');
    refused(BY_BANK, { numeroBanco: '41' }, 'numeroBanco', 'FAV016');
    refused(BY_BANK, { numeroBanco: '237' }, 'numeroBanco', 'FAV018');
    assert.notEqual(run(BY_BANK, { numeroBanco: '997' }).result, null);
  });
  it('agency and account: digits only, with their check digits', () => {
    refused(BY_BANK, { agencia: null }, 'agencia', 'FAV008');
    refused(BY_BANK, { agencia: '00a1', contaDto: { modeloConta: 1 } }, 'agencia', 'FAV008');
    refused(BY_BANK, { agenciaDigito: '12' }, 'agenciaDigito', 'FAV009');
    refused(BY_BANK, { conta: '123.456', contaPagamento: null, contaDto: { modeloConta: 1 } }, 'conta', 'FAV010');
    refused(BY_BANK, { contaDigito: null, contaPagamento: null, contaDto: { modeloConta: 1 } }, 'contaDigito', 'FAV011');
  });
  it('contaPagamento: account followed by check digit, agreeing with conta + contaDigito', () => {
    refused(BY_BANK, { contaPagamento: '123456-7' }, 'contaPagamento', 'FAV012');
    refused(BY_BANK, { contaPagamento: '1234568' }, 'contaPagamento', 'FAV012');
  });
  it('tipoConta 1 to 4', () => {
    refused(BY_BANK, { tipoConta: null }, 'tipoConta', 'FAV013');
    refused(BY_BANK, { tipoConta: 5, contaDto: { modeloConta: 1 } }, 'tipoConta', 'FAV013');
  });
  it('contaDto required with modeloConta 1 to 4', () => {
    refused(BY_BANK, { contaDto: null }, 'contaDto', 'FAV014');
    refused(BY_BANK, { contaDto: { modeloConta: null } }, 'contaDto.modeloConta', 'FAV015');
    refused(BY_BANK, { contaDto: { modeloConta: 0 } }, 'contaDto.modeloConta', 'FAV015');
    refused(BY_BANK, { contaDto: { modeloConta: 1, tipoConta: 7 } }, 'contaDto.tipoConta', 'FAV013');
    refused(BY_BANK, { contaDto: { modeloConta: 1, contaPgto: '12-3' } }, 'contaDto.contaPgto', 'FAV012');
  });
  it('contaDto account fields must agree with the top-level ones', () => {
    refused(BY_BANK, { contaDto: { modeloConta: 1, agencia: '0002' } }, 'contaDto.agencia', 'FAV017');
    refused(BY_BANK, { contaDto: { modeloConta: 1, contaPgto: '7654321' } }, 'contaDto.contaPgto', 'FAV017');
    refused(BY_BANK, { contaDto: { modeloConta: 1, tipoConta: 2 } }, 'contaDto.tipoConta', 'FAV017');
  });
  it('ignores the key fields', () => {
    assert.equal(run(BY_BANK, { tipoChave: 9, chave: 'x' }).result?.registrationType, 2);
  });
});

describe('collecting', () => {
  it('reports every problem of an empty request', () => {
    assert.deepEqual(run({}, {}).pairs, [['nome', 'FAV002'], ['documentoFederal', 'FAV003'], ['tipoCadastroPix', 'FAV001']]);
  });
  it('reports every problem of an empty bank-data request', () => {
    const fields = run({ tipoCadastroPix: 2 }, {}).pairs.map(([field]) => field);
    assert.deepEqual(fields, ['nome', 'documentoFederal', 'numeroParticipanteSpi', 'agencia', 'conta', 'contaDigito', 'tipoConta', 'contaDto']);
  });
});
