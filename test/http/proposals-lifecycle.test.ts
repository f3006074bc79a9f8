// Proposta/Consultar, Finalizar, Recusar and AtualizarContaPagamento over HTTP (issue 4), with the
// operator's steps driven through the same use cases the CLI calls, and tenant isolation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { spec as consultSpec } from '../../src/modules/proposals/get-proposal.schema.js';
import { localDate } from '../../src/platform/dates.js';
import { approveProposal, assignProposal, disburseProposal, requestPayment } from '../../src/modules/proposals/operator-lifecycle.js';
import { proposalDeps } from '../../src/bindings.js';
import { TEST_NOW, startTestService, type TestPartner, type TestService } from '../support/app.js';
import { ACCOUNT, OTHER_CPF, consult, createOk, personDto, post, problems } from './proposals-fixture.js';
import { inOutbox } from '../support/outbox.js';
import { sql } from 'kysely';
import { loadMigrations } from '../../src/platform/db/migrate.js';
import { showProposal } from '../../src/modules/proposals/show-proposal.js';

let service: TestService;
let partnerA: TestPartner;
let partnerB: TestPartner;
let tokenA: string;
let tokenB: string;

const DRAFT = [{ nome: 'SITUACAOPROPOSTAEMDIGITACAO', valor: 'true' }];
const op = (numero: number, at?: string) => ({ proposalNumber: numero, at: at ? localDate(at) : null, reason: null, by: 'operador:teste' });

async function create(patch: Record<string, unknown> = {}, parametros: unknown[] | null = null) {
  return createOk(service, tokenA, personDto(patch), parametros);
}

async function approved() {
  const p = await create();
  await inOutbox(service.database.db, service.clock, (s) => approveProposal(s, op(p.numero)));
  return p;
}

async function disbursed() {
  const p = await approved();
  await inOutbox(service.database.db, service.clock, (s) => disburseProposal(s, op(p.numero), proposalDeps(service.config)));
  return p;
}

async function statusOf(codigo: string, token = tokenA): Promise<number> {
  return (await consult(service, token, { codigoProposta: codigo })).proposta.situacao as number;
}

before(async () => {
  service = await startTestService();
  partnerA = await service.onboard({ canRefuse: true });
  partnerB = await service.onboard({ canRefuse: true });
  tokenA = await service.token(partnerA);
  tokenB = await service.token(partnerB);
});
after(() => service.close());

describe('Proposta/Consultar', () => {
  test('by codigoProposta, codigoOperacao or numeroProposta; field names in any casing', async () => {
    const p = await create({ codigoOperacao: 'consulta-1' });
    for (const dto of [{ codigoProposta: p.codigo }, { codigoOperacao: 'consulta-1' }, { numeroProposta: p.numero }, { CodigoProposta: p.codigo.toUpperCase() }]) {
      const r = await consult(service, tokenA, dto);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual([r.proposta.codigo, r.proposta.numero], [p.codigo, p.numero]);
    }
  });

  test('precedence when several are sent: codigoProposta, then codigoOperacao, then numeroProposta', async () => {
    const a = await create({ codigoOperacao: 'prec-a' });
    const b = await create({ codigoOperacao: 'prec-b' });
    const c = await create();
    assert.equal((await consult(service, tokenA, { codigoProposta: a.codigo, codigoOperacao: 'prec-b', numeroProposta: c.numero })).proposta.codigo, a.codigo);
    assert.equal((await consult(service, tokenA, { codigoOperacao: 'prec-b', numeroProposta: c.numero })).proposta.codigo, b.codigo);
  });

  test('amounts, status, plan, account and history of the answer', async () => {
    const p = await create({ vlrTAC: 100, codigoOperacao: 'detalhe-1' });
    const { proposta } = await consult(service, tokenA, { numeroProposta: p.numero });
    assert.equal(proposta.vlrSolicitado, 10000);
    assert.equal(proposta.vlrTAC, 100);
    assert.deepEqual([proposta.vlrParcela, proposta.vlrIOF, proposta.vlrFinanciado, proposta.percCETAnual, proposta.percCETMensal], [p.body.vlrParcela, p.body.vlrIOF, p.body.vlrFinanciado, p.body.percCETAnual, p.body.percCETMensal]);
    assert.deepEqual([proposta.percJurosNegociado, proposta.prazo, proposta.dtInclusao, proposta.dtLiberacao, proposta.agenda], [2, 12, TEST_NOW, null, null]);
    assert.deepEqual(proposta.propostaContaPagamento, { ...ACCOUNT, agenciaDig: null, documentoFederalPagamento: '12345678909' });
    const historico = proposta.historico as Record<string, unknown>[];
    assert.deepEqual(historico[1], { dtEvento: TEST_NOW, evento: 'finalize', situacaoAnterior: 1, descricaoSituacaoAnterior: 'Em digitação', situacao: 2, descricaoSituacao: 'Finalizada', usuario: partnerA.clientId, motivo: null });
  });

  test('the answer conforms to the published response schema (no TAC sent, a disbursed one with its schedule)', async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    (addFormatsModule as unknown as (a: Ajv) => Ajv)(ajv);
    const conforms = ajv.compile(consultSpec.response);
    for (const p of [await create(), await disbursed()]) {
      const r = await post(service, tokenA, '/Proposta/Consultar', { dto: { codigoProposta: p.codigo } });
      assert.ok(conforms(r.body), JSON.stringify(conforms.errors));
    }
  });

  test('no identifier: PRP008; unknown: C0112/V0001', async () => {
    const none = await consult(service, tokenA, {});
    assert.deepEqual([none.status, problems(none.body)], [400, [['dto', 'PRP008']]]);
    const unknown = await consult(service, tokenA, { numeroProposta: 999999 });
    assert.deepEqual([unknown.status, problems(unknown.body)], [400, [['dto', 'C0112/V0001']]]);
  });
});

describe('Proposta/Finalizar', () => {
  test('a draft is finalized with its installments; a second time is refused (PRP009)', async () => {
    const p = await create({}, DRAFT);
    const r = await post(service, tokenA, '/Proposta/Finalizar', { dto: { codigoProposta: p.codigo }, parametros: [{ nome: 'FINALIZACAO_VALIDARPARCELAS', valor: 'true' }] });
    assert.equal(r.status, 200, r.raw.body);
    assert.deepEqual(r.body.parametros, [{ nome: 'FINALIZACAO_VALIDARPARCELAS', valor: 'true' }]);
    const { proposta } = await consult(service, tokenA, { codigoProposta: p.codigo });
    assert.deepEqual([proposta.situacao, (proposta.parcelas as unknown[]).length, (proposta.parcelas as { vlrParcela: number }[])[0]!.vlrParcela], [2, 12, p.body.vlrParcela]);
    const again = await post(service, tokenA, '/Proposta/Finalizar', { dto: { numeroProposta: p.numero } });
    assert.deepEqual([again.status, problems(again.body)], [400, [['dto', 'PRP009']]]);
    assert.match(again.body.messages[0]!.description, /situação atual é Finalizada/);
  });

  test('unknown proposal: C0112/V0001', async () => {
    const r = await post(service, tokenA, '/Proposta/Finalizar', { dto: { codigoOperacao: 'nao-existe' } });
    assert.deepEqual(problems(r.body), [['dto', 'C0112/V0001']]);
  });
});

describe('Proposta/Recusar: every catalogue code', () => {
  const refuse = (token: string, dto: Record<string, unknown>, reason: Record<string, unknown> = { motivoRejeicao: 3, textoMotivoRecusa: 'Renda insuficiente' }) =>
    post(service, token, '/Proposta/Recusar', { dto, propostaRecusaDTO: reason, parametros: [{ nome: 'origem', valor: 'teste' }] });

  test('success: recusada, reason in the history, parametros echoed', async () => {
    const p = await create();
    const r = await refuse(tokenA, { codigoProposta: p.codigo });
    assert.equal(r.status, 200, r.raw.body);
    assert.deepEqual(r.body.parametros, [{ nome: 'origem', valor: 'teste' }]);
    const { proposta } = await consult(service, tokenA, { codigoProposta: p.codigo });
    assert.deepEqual([proposta.situacao, proposta.descricaoSituacao], [6, 'Recusada']);
    assert.equal((proposta.historico as { motivo: string }[]).at(-1)!.motivo, 'Motivo 3: Renda insuficiente');
  });

  test('drafts, approved and payment-pending proposals may be refused too', async () => {
    const draft = await create({}, DRAFT);
    const pending = await approved();
    await inOutbox(service.database.db, service.clock, (s) => requestPayment(s, op(pending.numero)));
    for (const p of [draft, await approved(), pending]) assert.equal((await refuse(tokenA, { numeroProposta: p.numero })).status, 200);
  });

  test('C0056/V0001: the partner has no permission', async () => {
    const denied = await service.onboard({ canRefuse: false });
    const r = await refuse(await service.token(denied), { numeroProposta: 1 });
    assert.deepEqual([r.status, problems(r.body)], [400, [[null, 'C0056/V0001']]]);
  });

  test('C0185/V0007: no reason (nothing, or a blank text)', async () => {
    const p = await create();
    for (const reason of [{}, { textoMotivoRecusa: '   ' }, { motivoRejeicao: null, textoMotivoRecusa: null }]) {
      assert.deepEqual(problems((await refuse(tokenA, { codigoProposta: p.codigo }, reason)).body), [['propostaRecusaDTO', 'C0185/V0007']]);
    }
    assert.equal((await refuse(tokenA, { codigoProposta: p.codigo }, { motivoRejeicao: 1 })).status, 200);
  });

  test('C0112/V0001 not found; PRP008 nothing identifies it', async () => {
    assert.deepEqual(problems((await refuse(tokenA, { numeroProposta: 987654 })).body), [['dto', 'C0112/V0001']]);
    assert.deepEqual(problems((await refuse(tokenA, {})).body), [['dto', 'PRP008']]);
  });

  test('C0112/V0002: another partner’s proposal, by any identifier; it is left untouched', async () => {
    const p = await create({ codigoOperacao: 'de-A' });
    for (const dto of [{ codigoProposta: p.codigo }, { codigoOperacao: 'de-A' }, { numeroProposta: p.numero }]) {
      assert.deepEqual(problems((await refuse(tokenB, dto)).body), [['dto', 'C0112/V0002']]);
    }
    assert.equal(await statusOf(p.codigo), 2);
  });

  test('C0056/V0002: already refused', async () => {
    const p = await create();
    await refuse(tokenA, { codigoProposta: p.codigo });
    assert.deepEqual(problems((await refuse(tokenA, { codigoProposta: p.codigo })).body), [['dto', 'C0056/V0002']]);
  });

  test('C0056/V0003: the status does not allow it, named in the message', async () => {
    const p = await disbursed();
    const r = await refuse(tokenA, { codigoProposta: p.codigo });
    assert.deepEqual(problems(r.body), [['dto', 'C0056/V0003']]);
    assert.equal(r.body.messages[0]!.description, 'A situação atual Liberada não permite marcar a proposta como recusada.');
    await inOutbox(service.database.db, service.clock, (s) => assignProposal(s, op(p.numero)));
    assert.match((await refuse(tokenA, { codigoProposta: p.codigo })).body.messages[0]!.description, /situação atual Cedida/);
  });
});

describe('Proposta/AtualizarContaPagamento', () => {
  const NEW_ACCOUNT = { codigoBanco: 260, tipoConta: 3, agencia: '1', conta: '98765432', contaDig: '1', documentoFederalPagamento: OTHER_CPF, nomePagamento: 'João Souza' };
  const update = (dto: Record<string, unknown>, account: Record<string, unknown> = NEW_ACCOUNT, token = tokenA) =>
    post(service, token, '/Proposta/AtualizarContaPagamento', { dto, propostaContaPagamentoDTO: account, parametros: null });

  test('allowed in finalizada, aprovada, pendente pagamento and liberada; history keeps the previous account', async () => {
    const finalized = await create();
    const approvedOne = await approved();
    const pending = await approved();
    await inOutbox(service.database.db, service.clock, (s) => requestPayment(s, op(pending.numero)));
    const released = await disbursed();
    for (const p of [finalized, approvedOne, pending, released]) {
      const r = await update({ numeroProposta: String(p.numero) });
      assert.equal(r.status, 200, r.raw.body);
      assert.deepEqual(r.body.parametros, []);
      const { proposta } = await consult(service, tokenA, { codigoProposta: p.codigo });
      assert.deepEqual(proposta.propostaContaPagamento, { ...NEW_ACCOUNT, agenciaDig: null, numeroBanco: '260', documentoFederalPagamento: OTHER_CPF });
      const last = (proposta.historico as { evento: string; situacao: number; situacaoAnterior: number }[]).at(-1)!;
      assert.deepEqual([last.evento, last.situacaoAnterior, last.situacao], ['updatePaymentAccount', proposta.situacao, proposta.situacao]);
    }
  });

  test('other statuses are refused with a clear message (PRP009)', async () => {
    const draft = await create({}, DRAFT);
    const refused = await create();
    await post(service, tokenA, '/Proposta/Recusar', { dto: { codigoProposta: refused.codigo }, propostaRecusaDTO: { motivoRejeicao: 1 } });
    for (const [p, name] of [[draft, 'Em digitação'], [refused, 'Recusada']] as const) {
      const r = await update({ codigoProposta: p.codigo });
      assert.deepEqual(problems(r.body), [['dto', 'PRP009']]);
      assert.equal(r.body.messages[0]!.description, `A conta de pagamento só pode ser alterada nas situações Aprovada, Finalizada, Liberada, Pendente pagamento; a situação atual da proposta é ${name}.`);
    }
  });

  test('the new account is validated (CPG codes under propostaContaPagamentoDTO); unknown proposal C0112/V0001', async () => {
    const p = await create();
    const r = await update({ codigoProposta: p.codigo }, { ...NEW_ACCOUNT, codigoBanco: null, numeroBanco: null, contaDig: 'AB' });
    assert.deepEqual(problems(r.body), [['propostaContaPagamentoDTO.codigoBanco', 'CPG001'], ['propostaContaPagamentoDTO.contaDig', 'CPG008']]);
    assert.deepEqual(problems((await update({ numeroProposta: 'abc' })).body), [['dto.numeroProposta', 'PRP008']]);
    assert.deepEqual(problems((await update({ numeroProposta: '999999' })).body), [['dto', 'C0112/V0001']]);
  });
});

describe('tenant isolation', () => {
  test('partner B reading, finalizing or updating A’s proposal: not found', async () => {
    const p = await create({ codigoOperacao: 'isolado' }, DRAFT);
    for (const dto of [{ codigoProposta: p.codigo }, { codigoOperacao: 'isolado' }, { numeroProposta: p.numero }]) {
      const r = await consult(service, tokenB, dto);
      assert.deepEqual([r.status, problems(r.body), r.body.codigo], [400, [['dto', 'C0112/V0001']], undefined]); // no proposal field leaks (issue 11: top level)
    }
    assert.deepEqual(problems((await post(service, tokenB, '/Proposta/Finalizar', { dto: { codigoProposta: p.codigo } })).body), [['dto', 'C0112/V0001']]);
    const account = await post(service, tokenB, '/Proposta/AtualizarContaPagamento', { dto: { codigoProposta: p.codigo }, propostaContaPagamentoDTO: ACCOUNT });
    assert.deepEqual(problems(account.body), [['dto', 'C0112/V0001']]);
    assert.equal(await statusOf(p.codigo), 1);
  });
});

describe('payment accounts stored by the previous build (migration 0039)', () => {
  // The previous build's names, English → stored; `ispb` kept.
  const OLD_NAMES = { bankCode: 'codigoBanco', bankNumber: 'numeroBanco', accountType: 'tipoConta', branch: 'agencia', branchDigit: 'agenciaDig', account: 'conta', accountDigit: 'contaDig', holderDocument: 'documento', holderName: 'nomePagamento' };
  const toOld = (a: unknown): unknown =>
    a === null || typeof a !== 'object' ? a : Object.fromEntries(Object.entries(a as Record<string, unknown>).map(([k, v]) => [OLD_NAMES[k as keyof typeof OLD_NAMES] ?? k, v]));
  type Stored = { payment_account: unknown; launches: { account: unknown }[] };

  test('the account, the launches\' accounts and the history are renamed (twice: nothing more); every face answers byte for byte', async () => {
    const db = service.database.db;
    const transfer = { vlrTransacao: 200, codigoBanco: 1, tipoConta: 2, agencia: '1234', conta: '99999', contaDig: 'X', documentoFederal: '52998224725', nomePagamento: 'João' };
    const p = await create({ propostaLancamentos: [transfer] });
    const updated = { codigoBanco: 260, tipoConta: 3, agencia: '1', conta: '98765432', contaDig: '1', documentoFederalPagamento: OTHER_CPF, nomePagamento: 'João Souza' };
    const changed = await post(service, tokenA, '/Proposta/AtualizarContaPagamento', { dto: { codigoProposta: p.codigo }, propostaContaPagamentoDTO: updated, parametros: null });
    assert.equal(changed.status, 200, changed.raw.body);
    const faces = async () => [(await post(service, tokenA, '/Proposta/Consultar', { dto: { codigoProposta: p.codigo } })).raw.body, JSON.stringify(await showProposal(db, p.numero, proposalDeps(service.config)))];
    const before = await faces();
    const row = (await db.selectFrom('proposals').select(['payment_account', 'launches']).where('id', '=', p.codigo).executeTakeFirstOrThrow()) as Stored;
    const history = await db.selectFrom('proposal_history').select(['id', 'details']).where('proposal_id', '=', p.codigo).where('event', '=', 'updatePaymentAccount').executeTakeFirstOrThrow();
    const details = history.details as { anterior: unknown; nova: unknown };
    assert.equal((row.payment_account as { holderName: string }).holderName, 'João Souza');
    // The rows exactly as the previous build stored them.
    const old = { payment_account: JSON.stringify(toOld(row.payment_account)), launches: JSON.stringify(row.launches.map((l) => ({ ...l, account: toOld(l.account) }))) };
    await db.updateTable('proposals').set(old as never).where('id', '=', p.codigo).execute();
    await db.updateTable('proposal_history').set({ details: JSON.stringify({ anterior: toOld(details.anterior), nova: toOld(details.nova) }) } as never).where('id', '=', history.id).execute();

    const migration = loadMigrations().find((m) => m.version === 39)!;
    for (let round = 0; round < 2; round += 1) await sql.raw(migration.sql).execute(db); // idempotent
    assert.deepEqual(await db.selectFrom('proposals').select(['payment_account', 'launches']).where('id', '=', p.codigo).executeTakeFirstOrThrow(), row);
    assert.deepEqual((await db.selectFrom('proposal_history').select('details').where('id', '=', history.id).executeTakeFirstOrThrow()).details, details);
    assert.deepEqual(await faces(), before);
  });
});

// Last: the clock only moves forward (tokens and the rate limiter follow it).
describe('Proposta/Finalizar after the first due date', () => {
  test('a draft whose first due date has arrived cannot be finalized (PRP010)', async () => {
    const p = await create({ dtPrimeiroVencto: '2026-11-24' }, DRAFT);
    service.clock.set('2026-11-24T12:00:00Z');
    const r = await post(service, await service.token(partnerA), '/Proposta/Finalizar', { dto: { codigoProposta: p.codigo } });
    assert.deepEqual([r.status, problems(r.body)], [400, [['dto', 'PRP010']]]);
  });
});
