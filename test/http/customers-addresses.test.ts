// Pessoa/SalvarEnderecos through HTTP (issue 4): insert, match by cep, update by codigo, every
// item rule, partial failure keeps the good items, all failed = 400 and nothing written, one main
// and one mailing address, São Paulo "today", the per-customer cap, tenant isolation, replay.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { startTestService, TEST_NOW, type TestPartner, type TestService } from '../support/app.js';
import { ADDRESSES_PER_CUSTOMER_MAX } from '../../src/modules/customers/limits.js';

const PATH = '/Pessoa/SalvarEnderecos';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CPF = '12345678909';
const OTHER_CPF = '52998224725';
const CNPJ_ALNUM = '12.ABC.345/01DE-35';

const PAULISTA = { cep: '01310-100', logradouro: 'Avenida Paulista', nroLogradouro: '1578', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'sp', tipoEndereco: 1, tipoResidencia: 3, enderecoDesde: '2020-03-01T00:00:00Z', enderecoPrincipal: true };
const COPACABANA = { cep: '22070011', logradouro: 'Avenida Atlântica', nroLogradouro: '1702', cidade: 'Rio de Janeiro', uf: 'RJ', tipoEndereco: 2 };
const SAVASSI = { cep: '30112-000', logradouro: 'Rua Pernambuco', cidade: 'Belo Horizonte', uf: 'MG' };

interface Message { code: string; field: string | null; description: string; messageType: number }
interface Result { msg: string | null; hasError: boolean; messages: Message[]; codigo: string | null }
interface Answer { status: number; raw: string; body: { msg: string | null; hasError: boolean; messages: Message[]; results?: Result[] } }

let service: TestService;
let tokenA: string;
let tokenB: string;

async function save(documentoCliente: string | null, dtos: unknown[] | null, options: { token?: string; key?: string } = {}): Promise<Answer> {
  const response = await service.call(PATH, { param: { documentoCliente }, dtos }, { token: options.token ?? tokenA, ...(options.key ? { key: options.key } : {}) });
  return { status: response.statusCode, raw: response.body, body: JSON.parse(response.body) };
}

async function saved(documentoCliente: string, dtos: unknown[], token = tokenA): Promise<Result[]> {
  const answer = await save(documentoCliente, dtos, { token });
  assert.equal(answer.status, 200, answer.raw);
  assert.equal(answer.body.hasError, false);
  assert.equal(answer.body.results?.length, dtos.length);
  for (const r of answer.body.results ?? []) {
    assert.equal(r.hasError, false, JSON.stringify(r));
    assert.match(r.codigo ?? '', UUID_RE);
  }
  return answer.body.results!;
}

/** A request whose only item is refused: 400, exactly one message [field, code]. */
async function refusedOne(dto: unknown, field: string, code: string, documentoCliente = CPF): Promise<void> {
  const answer = await save(documentoCliente, [dto]);
  assert.equal(answer.status, 400, JSON.stringify(dto));
  assert.equal(answer.body.hasError, true);
  assert.deepEqual(answer.body.messages.map((m) => [m.field, m.code]), [[field, code]], answer.raw);
}

async function rows(partnerId: string, document: string) {
  return service.database.db.selectFrom('customer_addresses').selectAll().where('partner_id', '=', partnerId).where('customer_document', '=', document).orderBy('created_at').orderBy('cep').execute();
}

let partnerA: string;
let partnerB: string;
let partnerObjA: TestPartner;

before(async () => {
  service = await startTestService();
  const a = await service.onboard();
  const b = await service.onboard();
  partnerObjA = a;
  partnerA = a.partnerId;
  partnerB = b.partnerId;
  tokenA = await service.token(a);
  tokenB = await service.token(b);
});
after(() => service.close());

describe('Pessoa/SalvarEnderecos', () => {
  test('inserts new addresses, normalized, one result per address in order', async () => {
    const answer = await save(CPF, [PAULISTA, COPACABANA]);
    assert.equal(answer.status, 200, answer.raw);
    assert.equal(answer.body.msg, '2 de 2 endereço(s) salvo(s).');
    assert.deepEqual(answer.body.results?.map((r) => [r.msg, r.hasError, r.messages]), [['Endereço incluído', false, []], ['Endereço incluído', false, []]]);
    const stored = await rows(partnerA, CPF);
    assert.equal(stored.length, 2);
    const paulista = stored.find((r) => r.cep === '01310100')!;
    assert.equal(paulista.id, answer.body.results![0]!.codigo);
    assert.deepEqual([paulista.uf, paulista.endereco_desde, paulista.principal, paulista.correspondencia, paulista.tipo_residencia], ['SP', '2020-03-01', true, false, 3]);
    const copacabana = stored.find((r) => r.cep === '22070011')!;
    assert.deepEqual([copacabana.id, copacabana.bairro, copacabana.principal], [answer.body.results![1]!.codigo, null, false]);
  });

  test('without codigo, an address with a known cep updates that record (same codigo)', async () => {
    const [first] = await saved(OTHER_CPF, [SAVASSI]);
    const answer = await save(OTHER_CPF, [{ ...SAVASSI, cep: '30112000', nroLogradouro: '55', complemento: 'Sala 3' }]);
    assert.equal(answer.status, 200, answer.raw);
    assert.deepEqual(answer.body.results?.map((r) => [r.msg, r.codigo]), [['Endereço atualizado', first!.codigo]]);
    const stored = await rows(partnerA, OTHER_CPF);
    assert.equal(stored.length, 1);
    assert.deepEqual([stored[0]!.nro_logradouro, stored[0]!.complemento], ['55', 'Sala 3']);
  });

  test('with codigo, the record is updated, even to a new cep; an update replaces every field', async () => {
    const document = '11222333000181';
    const [first] = await saved(document, [{ ...PAULISTA, complemento: 'Conj. 1' }]);
    const answer = await save(document, [{ codigo: first!.codigo!.toUpperCase(), ...SAVASSI }]);
    assert.equal(answer.status, 200, answer.raw);
    assert.deepEqual(answer.body.results?.map((r) => [r.msg, r.codigo]), [['Endereço atualizado', first!.codigo]]);
    const stored = await rows(partnerA, document);
    assert.equal(stored.length, 1);
    assert.deepEqual([stored[0]!.cep, stored[0]!.cidade, stored[0]!.complemento, stored[0]!.principal, stored[0]!.tipo_endereco], ['30112000', 'Belo Horizonte', null, false, null]);
  });

  test('codigo of no address of this customer: END012; a cep of another address: END013', async () => {
    const document = '39053344705';
    const [paulista, copacabana] = await saved(document, [PAULISTA, COPACABANA]);
    await refusedOne({ codigo: '0b0e7a52-9f6f-4c53-9a63-3f2f9e2b1c11', ...SAVASSI }, 'dtos[0].codigo', 'END012', document);
    // An address of another customer of the same partner is not this customer's.
    await refusedOne({ codigo: paulista!.codigo, ...PAULISTA }, 'dtos[0].codigo', 'END012', OTHER_CPF);
    await refusedOne({ codigo: paulista!.codigo, ...COPACABANA }, 'dtos[0].cep', 'END013', document);
    const stored = await rows(partnerA, document);
    assert.deepEqual(stored.map((r) => [r.id, r.cep]).sort(), [[paulista!.codigo, '01310100'], [copacabana!.codigo, '22070011']].sort());
  });

  test('every item rule that reaches the validator is reported under dtos[i]', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...SAVASSI, codigo: '123' }, 'codigo', 'END001'],
      [{ ...SAVASSI, cep: '3011200' }, 'cep', 'END002'],
      [{ ...SAVASSI, cep: '30.112-000' }, 'cep', 'END002'],
      [{ ...SAVASSI, cep: null }, 'cep', 'END002'],
      [{ ...SAVASSI, logradouro: '   ' }, 'logradouro', 'END003'],
      [{ ...SAVASSI, cidade: undefined }, 'cidade', 'END007'],
      [{ ...SAVASSI, uf: 'XX' }, 'uf', 'END008'],
      [{ ...SAVASSI, uf: 'São Paulo' }, 'uf', 'END008'],
      [{ ...SAVASSI, tipoEndereco: 5 }, 'tipoEndereco', 'END009'],
      [{ ...SAVASSI, tipoResidencia: 0 }, 'tipoResidencia', 'END010'],
      [{ ...SAVASSI, enderecoDesde: '2026-11-24' }, 'enderecoDesde', 'END011'],
      [{ ...SAVASSI, enderecoDesde: '2026-02-30' }, 'enderecoDesde', 'END011'],
      [{ ...SAVASSI, enderecoDesde: 'ontem' }, 'enderecoDesde', 'END011'],
    ];
    for (const [dto, field, code] of cases) await refusedOne(dto, `dtos[0].${field}`, code, '71428793860');
    assert.equal((await rows(partnerA, '71428793860')).length, 0);
  });

  test('partial failure: the good addresses are saved, the bad ones flagged, 200', async () => {
    const document = '86288366757';
    const answer = await save(document, [PAULISTA, { ...COPACABANA, cep: '2207', uf: 'ZZ' }, SAVASSI]);
    assert.equal(answer.status, 200, answer.raw);
    assert.equal(answer.body.hasError, false);
    assert.equal(answer.body.msg, '2 de 3 endereço(s) salvo(s); os demais têm erros (veja results).');
    const [good1, bad, good2] = answer.body.results!;
    assert.deepEqual([good1!.hasError, good2!.hasError, bad!.hasError, bad!.codigo, bad!.msg], [false, false, true, null, 'Endereço não salvo']);
    assert.deepEqual(bad!.messages.map((m) => [m.field, m.code]), [['dtos[1].cep', 'END002'], ['dtos[1].uf', 'END008']]);
    const stored = await rows(partnerA, document);
    assert.deepEqual(stored.map((r) => r.id).sort(), [good1!.codigo, good2!.codigo].sort());
  });

  test('partial failure with a business refusal: the other item is saved', async () => {
    const document = '02858694001';
    const answer = await save(document, [{ codigo: 'c6f1a1de-6b9f-4d3e-8a43-1b1b1b1b1b1b', ...PAULISTA }, COPACABANA]);
    assert.equal(answer.status, 200, answer.raw);
    assert.deepEqual(answer.body.results?.map((r) => [r.hasError, r.messages.map((m) => m.code)]), [[true, ['END012']], [false, []]]);
    assert.equal((await rows(partnerA, document)).length, 1);
  });

  test('every item failed: 400 with every message, nothing written', async () => {
    const document = '45317828791';
    const answer = await save(document, [{ ...PAULISTA, uf: 'XX' }, { ...COPACABANA, cep: '1' }]);
    assert.equal(answer.status, 400, answer.raw);
    assert.equal(answer.body.hasError, true);
    assert.deepEqual(answer.body.messages.map((m) => [m.field, m.code, m.messageType]), [['dtos[0].uf', 'END008', 1], ['dtos[1].cep', 'END002', 1]]);
    assert.equal(answer.body.results, undefined);
    assert.equal((await rows(partnerA, document)).length, 0);
  });

  test('documentoCliente: required, a valid CPF or CNPJ (END015); at least one address (END016)', async () => {
    for (const document of [null, '', '12345678900', '11222333000182']) {
      const answer = await save(document, [SAVASSI]);
      assert.equal(answer.status, 400, answer.raw);
      assert.deepEqual(answer.body.messages.map((m) => [m.field, m.code]), [['param.documentoCliente', 'END015']]);
    }
    for (const dtos of [null, []]) {
      const answer = await save(CPF, dtos);
      assert.equal(answer.status, 400, answer.raw);
      assert.deepEqual(answer.body.messages.map((m) => [m.field, m.code]), [['dtos', 'END016']]);
    }
  });

  test('the customer is the normalized document: masked and bare forms, alphanumeric CNPJ', async () => {
    const [first] = await saved(CNPJ_ALNUM, [COPACABANA]);
    const [again] = await saved('12abc34501de35', [COPACABANA]);
    assert.equal(again!.codigo, first!.codigo);
    assert.equal((await rows(partnerA, '12ABC34501DE35')).length, 1);
  });

  test('field names are matched case-insensitively (compatibility-notes)', async () => {
    const response = await service.call(PATH, { Param: { DocumentoCliente: '93541134780' }, DTOS: [{ CEP: '01310100', Logradouro: 'Av. Paulista', Cidade: 'São Paulo', UF: 'SP' }] }, { token: tokenA });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((await rows(partnerA, '93541134780')).length, 1);
  });

  test('one main and one mailing address: a new one takes the flag from the previous', async () => {
    const document = '66610455074';
    const [paulista, copacabana] = await saved(document, [{ ...PAULISTA, enderecoCorrespondencia: true }, COPACABANA]);
    await saved(document, [{ ...COPACABANA, enderecoPrincipal: true }]);
    let stored = await rows(partnerA, document);
    const flags = () => Object.fromEntries(stored.map((r) => [r.id, [r.principal, r.correspondencia]]));
    assert.deepEqual(flags(), { [paulista!.codigo!]: [false, true], [copacabana!.codigo!]: [true, false] });
    // Two main addresses in one request: applied in order, the last one keeps the flag.
    const [, savassi] = await saved(document, [{ ...PAULISTA, enderecoPrincipal: true, enderecoCorrespondencia: true }, { ...SAVASSI, enderecoPrincipal: true }]);
    stored = await rows(partnerA, document);
    assert.deepEqual(flags(), { [paulista!.codigo!]: [false, true], [copacabana!.codigo!]: [false, false], [savassi!.codigo!]: [true, false] });
  });

  test('the same cep twice in one request: the second item updates the record the first created', async () => {
    const document = '28625587887';
    const answer = await save(document, [SAVASSI, { ...SAVASSI, nroLogradouro: '10' }]);
    assert.equal(answer.status, 200, answer.raw);
    assert.deepEqual(answer.body.results?.map((r) => r.msg), ['Endereço incluído', 'Endereço atualizado']);
    assert.equal(answer.body.results![0]!.codigo, answer.body.results![1]!.codigo);
    const stored = await rows(partnerA, document);
    assert.deepEqual(stored.map((r) => r.nro_logradouro), ['10']);
  });

  test(`a customer has at most ${ADDRESSES_PER_CUSTOMER_MAX} addresses (END014); updates still pass`, async () => {
    const document = '87748248800';
    const address = (n: number) => ({ ...SAVASSI, cep: String(10_000_000 + n) });
    for (let start = 0; start < ADDRESSES_PER_CUSTOMER_MAX; start += 20) {
      await saved(document, Array.from({ length: Math.min(20, ADDRESSES_PER_CUSTOMER_MAX - start) }, (_, i) => address(start + i)));
    }
    await refusedOne(address(ADDRESSES_PER_CUSTOMER_MAX), 'dtos[0]', 'END014', document);
    await saved(document, [{ ...address(0), logradouro: 'Rua Nova' }]);
    assert.equal((await rows(partnerA, document)).length, ADDRESSES_PER_CUSTOMER_MAX);
  });

  test('tenant isolation: another partner never sees nor updates these addresses', async () => {
    const before = await rows(partnerA, CPF);
    const paulistaA = before.find((r) => r.cep === '01310100')!;
    // Same document, same cep: a different customer for partner B, so a new record.
    const [inB] = await saved(CPF, [{ ...PAULISTA, logradouro: 'Outro logradouro' }], tokenB);
    assert.notEqual(inB!.codigo, paulistaA.id);
    // Partner A's codigo means nothing to partner B.
    const answer = await save(CPF, [{ codigo: paulistaA.id, ...PAULISTA }], { token: tokenB });
    assert.equal(answer.status, 400, answer.raw);
    assert.deepEqual(answer.body.messages.map((m) => m.code), ['END012']);
    // Partner A's rows are untouched: B's main address did not take A's flag away either.
    assert.deepEqual(await rows(partnerA, CPF), before);
    assert.equal(paulistaA.principal, true);
    assert.equal((await rows(partnerB, CPF)).length, 1);
  });

  test('replay: the same key and body answers the same codigos and writes nothing; a new key matches by cep', async () => {
    const document = '15350946056';
    const first = await save(document, [PAULISTA, COPACABANA], { key: 'addresses-replay-1' });
    assert.equal(first.status, 200, first.raw);
    service.clock.advance(60_000);
    const replay = await save(document, [PAULISTA, COPACABANA], { key: 'addresses-replay-1' });
    assert.equal(replay.raw, first.raw);
    const updatedAt = (await rows(partnerA, document)).map((r) => r.updated_at.toISOString());
    assert.deepEqual(updatedAt, [TEST_NOW, TEST_NOW]);
    const again = await save(document, [PAULISTA, COPACABANA], { key: 'addresses-replay-2' });
    assert.deepEqual(again.body.results?.map((r) => r.codigo), first.body.results?.map((r) => r.codigo));
    assert.equal((await rows(partnerA, document)).length, 2);
  });

  test('concurrent requests for one customer never duplicate a cep', async () => {
    const document = '04488993028';
    const answers = await Promise.all(Array.from({ length: 8 }, () => save(document, [SAVASSI])));
    assert.ok(answers.every((a) => a.status === 200), answers.map((a) => a.raw).join('\n'));
    assert.equal(new Set(answers.map((a) => a.body.results![0]!.codigo)).size, 1);
    const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from customer_addresses where customer_document = ${document}`.execute(service.database.db);
    assert.equal(count[0]!.n, 1);
  });

  // Last: the clock only moves forward (the rate limiter's buckets do not expect time to go back),
  // and the token is fetched again at the new time.
  test('"today" for enderecoDesde is the São Paulo date of the request', async () => {
    service.clock.set('2026-11-24T02:30:00Z'); // 23:30 of 23 November in São Paulo
    tokenA = await service.token(partnerObjA);
    await refusedOne({ ...SAVASSI, enderecoDesde: '2026-11-24' }, 'dtos[0].enderecoDesde', 'END011', '31775577058');
    await saved('31775577058', [{ ...SAVASSI, enderecoDesde: '2026-11-23T23:00:00Z' }]);
    service.clock.set('2026-11-24T03:00:00Z'); // midnight in São Paulo
    await saved('31775577058', [{ ...SAVASSI, enderecoDesde: '2026-11-24' }]);
  });
});
