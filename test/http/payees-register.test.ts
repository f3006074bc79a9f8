// api/Favorecido and api/Favorecido/Consultar through HTTP (issue 7): every key type accepted and
// refused as compatibility-notes lists, bank-data validation, every problem at once, the
// IgnoraHandshake header, duplicates (also concurrent), lookup by code and key, tenant isolation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { startTestService, type TestService } from '../support/app.js';

const REGISTER = '/api/Favorecido';
const CONSULT = '/api/Favorecido/Consultar';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const BY_KEY = { nome: 'Maria da Silva', documentoFederal: '123.456.789-09', tipoCadastroPix: 1, tipoChave: 3, chave: 'maria@example.com' };
const BY_BANK = {
  nome: 'Loja Exemplo Ltda',
  documentoFederal: '11222333000181',
  tipoCadastroPix: 2,
  numeroParticipanteSpi: '60701190',
  numeroBanco: '341',
  agencia: '0001',
  conta: '123456',
  contaDigito: '7',
  contaPagamento: '1234567',
  tipoConta: 1,
  contaDto: { agencia: '0001', conta: '123456', contaDigito: '7', contaPgto: '1234567', tipoConta: 1, modeloConta: 1 },
};

let service: TestService;
let tokenA: string;
let tokenB: string;

interface Answer {
  status: number;
  body: { msg: string | null; hasError: boolean; messages: { code: string; field: string | null; description: string }[]; codigoFavorecido?: string; situacao?: number; descricaoSituacao?: string; favorecido?: Record<string, unknown> };
}

async function post(path: string, body: unknown, token = tokenA, headers: Record<string, string> = { IgnoraHandshake: 'true' }): Promise<Answer> {
  const response = await service.call(path, body, { token, headers });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

async function registered(body: unknown, token = tokenA): Promise<string> {
  const answer = await post(REGISTER, body, token);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.match(answer.body.codigoFavorecido ?? '', UUID_RE);
  return answer.body.codigoFavorecido!;
}

async function refused(body: unknown, field: string, code: string): Promise<Answer> {
  const answer = await post(REGISTER, body);
  assert.equal(answer.status, 400, JSON.stringify(body));
  assert.equal(answer.body.hasError, true);
  assert.deepEqual(answer.body.messages.map((m) => [m.field, m.code]), [[field, code]], JSON.stringify(answer.body.messages));
  return answer;
}

async function payeeRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from payees`.execute(service.database.db);
  return rows[0]!.n;
}

before(async () => {
  service = await startTestService();
  tokenA = await service.token(await service.onboard());
  tokenB = await service.token(await service.onboard());
});
after(() => service.close());

describe('registration by key (tipoCadastroPix 1)', () => {
  const accepted: [string, Record<string, unknown>, string][] = [
    ['e-mail with a domain (lower-cased)', { tipoChave: 3, chave: 'Fulano.Silva@Example.COM.br' }, 'fulano.silva@example.com.br'],
    ['CPF, 11 digits without punctuation', { tipoChave: 0, chave: '12345678909' }, '12345678909'],
    ['CNPJ, 14 digits without punctuation', { documentoFederal: '11.222.333/0001-81', tipoChave: 1, chave: '11222333000181' }, '11222333000181'],
    ['alphanumeric CNPJ', { documentoFederal: '12.ABC.345/01DE-35', tipoChave: 1, chave: '12abc34501de35' }, '12ABC34501DE35'],
    ['phone +55 + DDD + number', { tipoChave: 2, chave: '+5511987654321' }, '+5511987654321'],
    ['phone as the national number alone', { tipoChave: 2, chave: '21987654321' }, '+5521987654321'],
    ['EVP, a UUID with dashes', { tipoChave: 4, chave: '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D' }, '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d'],
  ];
  for (const [name, patch, canonical] of accepted) {
    test(`accepts ${name}, pendente, key stored canonical`, async () => {
      const answer = await post(REGISTER, { ...BY_KEY, ...patch });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.hasError, false);
      assert.deepEqual(answer.body.messages, []);
      assert.equal(answer.body.situacao, 0);
      assert.equal(answer.body.descricaoSituacao, 'Pendente de análise');
      assert.match(answer.body.msg ?? '', /aguardando análise/);
      const read = await post(CONSULT, { codigoFavorecido: answer.body.codigoFavorecido });
      assert.equal(read.body.favorecido?.chave, canonical);
      assert.equal(read.body.favorecido?.tipoChave, patch.tipoChave);
    });
  }

  const refusedKeys: [string, Record<string, unknown>, RegExp][] = [
    ['a punctuated CPF', { tipoChave: 0, chave: '123.456.789-09' }, /sem pontuação/],
    ['a punctuated CNPJ', { documentoFederal: '11222333000181', tipoChave: 1, chave: '11.222.333/0001-81' }, /sem pontuação/],
    ['a CPF with a wrong check digit', { tipoChave: 0, chave: '12345678900' }, /não é um CPF válido/],
    ['a phone with a missing digit', { tipoChave: 2, chave: '+551198765432' }, /celular tem 9 dígitos/],
    ['55... without +', { tipoChave: 2, chave: '5511987654321' }, /\+55/],
    ['a UUID without dashes', { tipoChave: 4, chave: '71c7d9be4b854e439f1c1f3b8b4e9a2d' }, /com hífens/],
    ['an e-mail with no domain suffix', { tipoChave: 3, chave: 'fulano@example' }, /sufixo/],
  ];
  for (const [name, patch, message] of refusedKeys) {
    test(`refuses ${name} (FAV005 on chave)`, async () => {
      const answer = await refused({ ...BY_KEY, ...patch }, 'chave', 'FAV005');
      assert.match(answer.body.messages[0]!.description, message);
    });
  }

  test('refuses a key longer than 77 characters', async () => {
    await refused({ ...BY_KEY, chave: `${'a'.repeat(66)}@example.com` }, 'chave', 'REQ006');
  });
  test('refuses a CPF key that is not the payee document (FAV006)', async () => {
    await refused({ ...BY_KEY, tipoChave: 0, chave: '52998224725' }, 'chave', 'FAV006');
  });
  test('refuses a missing key, a missing key type and an unknown key type', async () => {
    await refused({ ...BY_KEY, chave: null }, 'chave', 'FAV005');
    await refused({ ...BY_KEY, tipoChave: null }, 'tipoChave', 'FAV004');
    await refused({ ...BY_KEY, tipoChave: 5 }, 'tipoChave', 'REQ005');
  });
  test('always requires nome and a valid documentoFederal, and a known tipoCadastroPix', async () => {
    await refused({ ...BY_KEY, nome: '  ' }, 'nome', 'FAV002');
    await refused({ ...BY_KEY, documentoFederal: '11222333000182' }, 'documentoFederal', 'FAV003');
    await refused({ ...BY_KEY, tipoCadastroPix: null }, 'tipoCadastroPix', 'FAV001');
  });
  test('reports every problem in one answer, each with its field', async () => {
    const answer = await post(REGISTER, {});
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.messages.map((m) => [m.field, m.code]), [['nome', 'FAV002'], ['documentoFederal', 'FAV003'], ['tipoCadastroPix', 'FAV001']]);
    const bad = await post(REGISTER, { nome: 'X', documentoFederal: '1', tipoCadastroPix: 1, tipoChave: 4, chave: 'nope' });
    assert.deepEqual(bad.body.messages.map((m) => m.field), ['documentoFederal', 'chave']);
  });
  test('accepts the field names in any casing', async () => {
    const answer = await post(REGISTER, { Nome: 'Joana', DocumentoFederal: '52998224725', TipoCadastroPix: 1, TipoChave: 4, Chave: '0f8e2a34-1b2c-4d5e-8f90-a1b2c3d4e5f6' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  });
});

describe('registration by bank data (tipoCadastroPix 2)', () => {
  test('accepts valid bank data and stores it normalized', async () => {
    const codigo = await registered({ ...BY_BANK, conta: '900001', contaPagamento: null, contaDto: { modeloConta: 2 } });
    const read = await post(CONSULT, { codigoFavorecido: codigo });
    assert.deepEqual(
      Object.fromEntries(['numeroParticipanteSpi', 'numeroBanco', 'agencia', 'conta', 'contaDigito', 'contaPagamento', 'tipoConta', 'modeloConta', 'chave', 'tipoChave'].map((k) => [k, read.body.favorecido?.[k]])),
      { numeroParticipanteSpi: '60701190', numeroBanco: '341', agencia: '0001', conta: '900001', contaDigito: '7', contaPagamento: '9000017', tipoConta: 1, modeloConta: 2, chave: null, tipoChave: null },
    );
  });
  test('refuses each bad bank field with its own code', async () => {
    await refused({ ...BY_BANK, numeroParticipanteSpi: '6070119' }, 'numeroParticipanteSpi', 'FAV007');
    await refused({ ...BY_BANK, numeroParticipanteSpi: '6070119a' }, 'numeroParticipanteSpi', 'FAV007');
    await refused({ ...BY_BANK, numeroBanco: '237' }, 'numeroBanco', 'FAV018');
    await refused({ ...BY_BANK, agencia: '00a1', contaDto: { modeloConta: 1 } }, 'agencia', 'FAV008');
    await refused({ ...BY_BANK, conta: '123.456', contaPagamento: null, contaDto: { modeloConta: 1 } }, 'conta', 'FAV010');
    await refused({ ...BY_BANK, contaDigito: null, contaPagamento: null, contaDto: { modeloConta: 1 } }, 'contaDigito', 'FAV011');
    await refused({ ...BY_BANK, contaPagamento: '1234568' }, 'contaPagamento', 'FAV012');
    await refused({ ...BY_BANK, tipoConta: null }, 'tipoConta', 'FAV013');
    await refused({ ...BY_BANK, tipoConta: 5, contaDto: { modeloConta: 1 } }, 'tipoConta', 'REQ005');
    await refused({ ...BY_BANK, contaDto: null }, 'contaDto', 'FAV014');
    await refused({ ...BY_BANK, contaDto: { modeloConta: null } }, 'contaDto.modeloConta', 'FAV015');
    await refused({ ...BY_BANK, contaDto: { modeloConta: 0 } }, 'contaDto.modeloConta', 'REQ005');
    await refused({ ...BY_BANK, contaDto: { modeloConta: 1, agencia: '0002' } }, 'contaDto.agencia', 'FAV017');
  });
  test('an empty bank-data request lists every missing field', async () => {
    const answer = await post(REGISTER, { tipoCadastroPix: 2 });
    assert.deepEqual(answer.body.messages.map((m) => m.field), ['nome', 'documentoFederal', 'numeroParticipanteSpi', 'agencia', 'conta', 'contaDigito', 'tipoConta', 'contaDto']);
  });
});

describe('IgnoraHandshake', () => {
  test('is accepted with any value, or absent, and changes nothing', async () => {
    const situacoes: number[] = [];
    const variants: Record<string, string>[] = [{}, { IgnoraHandshake: 'true' }, { IgnoraHandshake: 'false' }, { ignorahandshake: 'qualquer coisa' }];
    for (const [i, headers] of variants.entries()) {
      const answer = await post(REGISTER, { ...BY_KEY, tipoChave: 2, chave: `+55119876500${String(i).padStart(2, '0')}` }, tokenA, headers);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      situacoes.push(answer.body.situacao!);
    }
    assert.deepEqual(situacoes, [0, 0, 0, 0]);
  });
});

describe('duplicates', () => {
  test('the same key again (any spelling) returns the existing payee', async () => {
    const first = await registered({ ...BY_KEY, chave: 'dup@example.com' });
    const rows = await payeeRows();
    const again = await post(REGISTER, { ...BY_KEY, nome: 'Maria S.', chave: 'DUP@Example.com' });
    assert.equal(again.status, 200);
    assert.equal(again.body.codigoFavorecido, first);
    assert.equal(again.body.situacao, 0);
    assert.match(again.body.msg ?? '', /já cadastrado/);
    assert.equal(await payeeRows(), rows);
    const read = await post(CONSULT, { codigoFavorecido: first });
    assert.equal(read.body.favorecido?.nome, 'Maria da Silva', 'the stored registration stands');
  });
  test('the same bank account again returns the existing payee; another account type is another payee', async () => {
    const account = { ...BY_BANK, conta: '555000', contaPagamento: '5550007', contaDto: { modeloConta: 1 } };
    const first = await registered(account);
    assert.equal(await registered({ ...account, numeroBanco: null, contaPagamento: null, contaDto: { modeloConta: 3 } }), first);
    assert.notEqual(await registered({ ...account, tipoConta: 2 }), first);
  });
  test('the same key under another holder document is refused (FAV019)', async () => {
    const first = await registered({ ...BY_KEY, tipoChave: 4, chave: 'aaaaaaaa-1111-4222-8333-444444444444' });
    const answer = await refused({ ...BY_KEY, documentoFederal: '52998224725', tipoChave: 4, chave: 'aaaaaaaa-1111-4222-8333-444444444444' }, 'chave', 'FAV019');
    assert.match(answer.body.messages[0]!.description, new RegExp(first));
  });
  test('the same key for another partner is that partner’s own payee', async () => {
    const mine = await registered({ ...BY_KEY, chave: 'shared@example.com' });
    const theirs = await registered({ ...BY_KEY, chave: 'shared@example.com' }, tokenB);
    assert.notEqual(mine, theirs);
  });
  test('concurrent registrations of one key, or one account, make one payee', async () => {
    const rows = await payeeRows();
    const byKey = { ...BY_KEY, tipoChave: 2, chave: '+5531999990000' };
    const byBank = { ...BY_BANK, conta: '777000', contaPagamento: '7770007', contaDto: { modeloConta: 1 } };
    const answers = await Promise.all([...Array.from({ length: 8 }, () => post(REGISTER, byKey)), ...Array.from({ length: 8 }, () => post(REGISTER, byBank))]);
    assert.ok(answers.every((a) => a.status === 200), JSON.stringify(answers.map((a) => a.body)));
    assert.equal(new Set(answers.slice(0, 8).map((a) => a.body.codigoFavorecido)).size, 1);
    assert.equal(new Set(answers.slice(8).map((a) => a.body.codigoFavorecido)).size, 1);
    assert.equal(await payeeRows(), rows + 2);
  });
  test('the same IdempotencyKey replays the first answer', async () => {
    const first = await service.call(REGISTER, { ...BY_KEY, chave: 'idem@example.com' }, { token: tokenA, key: 'payee-idem-1' });
    const second = await service.call(REGISTER, { ...BY_KEY, chave: 'idem@example.com' }, { token: tokenA, key: 'payee-idem-1' });
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
  });
});

describe('Favorecido/Consultar', () => {
  test('reads a payee by code, by key in any accepted spelling, or by both', async () => {
    const codigo = await registered({ ...BY_KEY, tipoChave: 2, chave: '+5561987650000' });
    for (const body of [{ codigoFavorecido: codigo }, { chave: '61987650000' }, { chave: '+5561987650000' }, { codigoFavorecido: codigo.toUpperCase(), chave: '61987650000' }]) {
      const answer = await post(CONSULT, body);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const f = answer.body.favorecido!;
      assert.deepEqual([f.codigoFavorecido, f.situacao, f.descricaoSituacao, f.motivoRejeicao, f.documentoFederal, f.tipoCadastroPix, f.dtSituacao], [codigo, 0, 'Pendente de análise', null, '12345678909', 1, null]);
      assert.equal(f.dtInclusao, new Date(service.clock.now()).toISOString());
    }
  });
  test('a code and a key of two different payees find nothing', async () => {
    const codigo = await registered({ ...BY_KEY, chave: 'one@example.com' });
    await registered({ ...BY_KEY, chave: 'two@example.com' });
    const answer = await post(CONSULT, { codigoFavorecido: codigo, chave: 'two@example.com' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.messages[0]!.code, 'FAV021');
  });
  test('needs a code or a key (FAV020); a key must be a Pix key (FAV005); unknown → FAV021', async () => {
    const none = await post(CONSULT, {});
    assert.deepEqual(none.body.messages.map((m) => [m.field, m.code]), [['codigoFavorecido', 'FAV020']]);
    const bad = await post(CONSULT, { chave: 'não é chave' });
    assert.deepEqual(bad.body.messages.map((m) => [m.field, m.code]), [['chave', 'FAV005']]);
    const unknown = await post(CONSULT, { codigoFavorecido: '00000000-0000-4000-8000-000000000000' });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.messages.map((m) => [m.code, m.description]), [['FAV021', 'Favorecido não encontrado.']]);
    const malformed = await post(CONSULT, { codigoFavorecido: 'abc' });
    assert.equal(malformed.body.messages[0]!.code, 'REQ007');
  });
  test('tenant isolation: partner B cannot read A’s payee, by code or by key', async () => {
    const codigo = await registered({ ...BY_KEY, chave: 'private@example.com' });
    const unknown = await post(CONSULT, { codigoFavorecido: '00000000-0000-4000-8000-000000000000' }, tokenB);
    for (const body of [{ codigoFavorecido: codigo }, { chave: 'private@example.com' }]) {
      const answer = await post(CONSULT, body, tokenB);
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.body.messages.map((m) => [m.code, m.description]), unknown.body.messages.map((m) => [m.code, m.description]));
    }
  });
});
