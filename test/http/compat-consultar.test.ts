// Issue 11, point 3 (compatibility-notes, "Observed in a public partner client run against this
// project"): Proposta/Consultar, body {dto: {CodigoProposta | CodigoOperacao}}, answers the
// proposal's fields at the top level of the envelope, named and typed as the notes list them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveProposal, disburseProposal } from '../../src/modules/proposals/operator-lifecycle.js';
import { proposalDeps } from '../../src/bindings.js';
import { startTestService, TEST_NOW, type TestService } from '../support/app.js';
import { createOk, personDto, post, problems, type Envelope } from './proposals-fixture.js';
import { inOutbox } from '../support/outbox.js';

let service: TestService;
let token: string;
before(async () => {
  service = await startTestService();
  token = await service.token(await service.onboard());
});
after(() => service.close());

const CONSULTAR = '/Proposta/Consultar';
const BOLETO_LINE = '34191790010104351004791020150008291070026000000';
const op = (numero: number) => ({ proposalNumber: numero, at: null, reason: null, by: 'operador:teste' });

type Kind = 'string' | 'integer' | 'number' | 'array' | 'string|null' | 'number|null' | 'integer|null';

/** Every field the notes list, with the type clients decode it as. */
const LISTED: Record<string, Kind> = {
  codigo: 'string', dtInclusao: 'string', situacao: 'integer', vlrFinanciado: 'number', qtdeParcelas: 'integer', vlrTAC: 'number',
  vlrSeguro: 'number', vlrIOF: 'number', vlrOutrasDespesas: 'number', vlrOutrosServicos: 'number', vlrTotalCredito: 'number',
  vlrTotalDivida: 'number', percCETMensal: 'number', percCETAnual: 'number', percJurosMensal: 'number', percJurosAnual: 'number',
  codigoProposta: 'string', numeroCCB: 'string', motivoRejeicao: 'string|null', motivoPendencia: 'string|null',
  motivoCancelamento: 'string|null', textoRetornoPagamento: 'string|null', autenticacaoBancaria: 'string|null',
  controleBancario: 'string|null', propostaLancamentos: 'array', cancelamentoFGTS: 'array',
  // "Another client's model adds":
  tipoContrato: 'string|null', dtPagamento: 'string|null', vlrDesembolso: 'number', nomeFavorecido: 'string|null', documentoFavorecido: 'string|null',
};
const LAUNCH_FIELDS = ['campoID', 'descricaoCampo', 'vlrTransacao', 'dtPrevPagto', 'dtPagamento', 'situacao', 'linhaDigitavel', 'dtVenctoBoleto', 'vlrBoleto',
  'codigoBanco', 'numeroBanco', 'tipoConta', 'agencia', 'agenciaDig', 'conta', 'contaDig', 'documentoFederal', 'nomePagamento', 'nomeCedente', 'descricaoOcorrencia'];
const CANCELLATION_FIELDS = ['detalhes', 'contextoEvento', 'tipoEvento', 'nomeEvento', 'dtEvento', 'numCodigoBarras', 'numLinhaDigitavel', 'pixCopiaCola', 'vlrBoleto',
  'dtVencimento', 'numeroBoleto', 'urlImpressaoBoleto'];

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer|number' : 'number';
  return typeof value;
}

function assertListedFields(body: Envelope): void {
  for (const [name, kind] of Object.entries(LISTED)) {
    assert.ok(name in body, `${name} missing from the top level`);
    const actual = kindOf(body[name]);
    assert.ok(kind.split('|').some((k) => actual.split('|').includes(k)), `${name}: ${actual}, expected ${kind}`);
  }
  assert.equal(body.proposta, undefined, 'no nested copy');
  for (const value of Object.values(body)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) assert.ok(!('codigoProposta' in value) && !('numeroCCB' in value), 'no nested copy');
  }
}

async function consultar(dto: Record<string, unknown>): Promise<Envelope> {
  const r = await post(service, token, CONSULTAR, { dto });
  assert.equal(r.status, 200, r.raw.body);
  return r.body;
}

const LAUNCHES = [
  { campoID: 'quitacao-1', vlrTransacao: 1000, linhaDigitavel: BOLETO_LINE, nomeCedente: 'Banco Credor S.A.' },
  { campoID: 'transf-1', vlrTransacao: 500.5, codigoBanco: 341, tipoConta: 1, agencia: '0001', conta: '123456', contaDig: '7', documentoFederal: '52998224725', nomePagamento: 'Fulano de Tal' },
];

describe('Proposta/Consultar for a partner client', () => {
  test('by CodigoProposta and by CodigoOperacao: every listed field at the top level, typed as listed', async () => {
    const p = await createOk(service, token, personDto({ codigoOperacao: '771204', vlrTAC: 150, vlrSeguro: 25.5, vlrOutrasDespesas: 10, tipoContrato: 'CCB', propostaLancamentos: LAUNCHES }));
    const byCode = await consultar({ CodigoProposta: p.codigo });
    const byOperation = await consultar({ CodigoOperacao: '771204' });
    assert.deepEqual(byCode, byOperation);
    assertListedFields(byCode);
    assert.deepEqual([byCode.hasError, byCode.messages], [false, []]);
    assert.deepEqual([byCode.codigo, byCode.codigoProposta, byCode.numeroCCB, byCode.situacao, byCode.dtInclusao], [p.codigo, p.codigo, String(p.numero), 2, TEST_NOW]);
    assert.deepEqual([byCode.vlrTAC, byCode.vlrSeguro, byCode.vlrOutrasDespesas, byCode.vlrOutrosServicos, byCode.qtdeParcelas], [150, 25.5, 10, 0, 12]);
    assert.deepEqual([byCode.vlrFinanciado, byCode.vlrIOF, byCode.percCETMensal, byCode.percCETAnual], [p.body.vlrFinanciado, p.body.vlrIOF, p.body.percCETMensal, p.body.percCETAnual]);
    assert.deepEqual([byCode.percJurosMensal, byCode.percJurosAnual, byCode.vlrTotalCredito, byCode.vlrDesembolso], [2, 26.82, 10000, 8499.5]);
    const parcelas = byCode.parcelas as { vlrParcela: number }[];
    assert.equal(byCode.vlrTotalDivida, Math.round(parcelas.reduce((a, i) => a + i.vlrParcela * 100, 0)) / 100);
    assert.deepEqual([byCode.tipoContrato, byCode.dtPagamento, byCode.nomeFavorecido, byCode.documentoFavorecido], ['CCB', null, 'Maria da Silva', '12345678909']);
    assert.deepEqual([byCode.motivoRejeicao, byCode.motivoPendencia, byCode.motivoCancelamento, byCode.cancelamentoFGTS], [null, null, null, []]);
    const launches = byCode.propostaLancamentos as Record<string, unknown>[];
    assert.deepEqual(launches.map((l) => Object.keys(l).sort()), [LAUNCH_FIELDS.sort(), LAUNCH_FIELDS.sort()]);
    assert.deepEqual([launches[0]!.campoID, launches[0]!.vlrTransacao, launches[0]!.vlrBoleto, launches[0]!.linhaDigitavel, launches[0]!.nomeCedente, launches[0]!.situacao, launches[0]!.conta], ['quitacao-1', 1000, 1000, BOLETO_LINE, 'Banco Credor S.A.', 0, null]);
    assert.deepEqual([launches[1]!.vlrTransacao, launches[1]!.vlrBoleto, launches[1]!.codigoBanco, launches[1]!.conta, launches[1]!.documentoFederal, launches[1]!.nomePagamento], [500.5, null, 341, '123456', '52998224725', 'Fulano de Tal']);
  });

  test('without launches or cancellation the arrays are empty; at least one identifier is required', async () => {
    const p = await createOk(service, token, personDto());
    const body = await consultar({ codigoProposta: p.codigo });
    assertListedFields(body);
    assert.deepEqual([body.propostaLancamentos, body.cancelamentoFGTS, body.vlrTAC], [[], [], 0]);
    const none = await post(service, token, CONSULTAR, { dto: {} });
    assert.deepEqual([none.status, problems(none.body)], [400, [['dto', 'PRP008']]]);
  });

  test('disbursed then cancelled: dtPagamento, launches paid, motivoCancelamento and cancelamentoFGTS with the refund boleto', async () => {
    const p = await createOk(service, token, personDto({ propostaLancamentos: LAUNCHES.slice(0, 1) }));
    await inOutbox(service.database.db, service.clock, (s) => approveProposal(s, op(p.numero)));
    await inOutbox(service.database.db, service.clock, (s) => disburseProposal(s, op(p.numero), proposalDeps(service.config)));
    const cancelled = await service.call('/FGTS/CancelarProposta', { dto: { codigoProposta: p.codigo }, motivoCancelamento: 'Desistência do cliente' }, { token });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const body = await consultar({ CodigoProposta: p.codigo });
    assertListedFields(body);
    assert.deepEqual([body.dtPagamento, body.motivoCancelamento, body.situacao], ['2026-11-23T00:00:00Z', 'Desistência do cliente', 7]);
    const [launch] = body.propostaLancamentos as Record<string, unknown>[];
    assert.deepEqual([launch!.situacao, launch!.dtPagamento], [1, '2026-11-23T00:00:00Z']);
    const items = body.cancelamentoFGTS as Record<string, unknown>[];
    assert.equal(items.length, 1);
    assert.deepEqual(Object.keys(items[0]!).sort(), [...CANCELLATION_FIELDS].sort());
    const item = items[0]!;
    assert.deepEqual([item.detalhes, item.dtEvento, item.tipoEvento, item.vlrBoleto, item.dtVencimento], ['Desistência do cliente', '2026-11-23T00:00:00Z', 1, 10000, '2026-11-28T00:00:00Z']);
    assert.match(String(item.numLinhaDigitavel), /^\d{47}$/);
    assert.match(String(item.numCodigoBarras), /^\d{44}$/);
    assert.equal(typeof item.numeroBoleto, 'number');
    assert.match(String(item.pixCopiaCola), /^000201/);
    assert.match(String(item.urlImpressaoBoleto), /\/boletos\/.+\.pdf$/);
    const pdf = await service.app.inject({ method: 'GET', url: String(item.urlImpressaoBoleto).replace(/^https?:\/\/[^/]+/, '') });
    assert.equal(pdf.statusCode, 200);
  });
});

test('/openapi.json: the answer schema has the listed fields at the top level with their types', async () => {
  type Schema = { $ref?: string; properties: Record<string, { type?: string | string[] }> };
  const doc = (await service.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>;
    components: { schemas: Record<string, Schema> };
  };
  const answer = doc.paths[CONSULTAR]!.post.responses['200']!.content['application/json']!.schema;
  const properties = (answer.$ref ? doc.components.schemas[answer.$ref.split('/').pop()!]! : answer).properties;
  assert.equal(properties.proposta, undefined);
  const typeOf = (name: string) => [properties[name]?.type ?? 'union'].flat().join('|');
  for (const [name, kind] of Object.entries(LISTED)) {
    assert.ok(properties[name], `${name} missing from the answer schema`);
    // Nullable fields are unions (anyOf) in the document; the others have exactly the listed type.
    assert.equal(typeOf(name), kind.endsWith('|null') ? 'union' : kind, name);
  }
  assert.equal(typeOf('numeroCCB'), 'string');
  assert.equal(typeOf('situacao'), 'integer');
});
