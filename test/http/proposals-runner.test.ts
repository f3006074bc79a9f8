// Issue 13: the six proposal operations on the command runner. Each command runs under its command
// name with the partner as actor (one audit row, none on a replay); the record holds the domain
// result (no wire names) and a replay renders it again byte for byte; the history still names the
// client id that asked; Proposta/Consultar is a query (no record, no audit row); records written by
// the older path (wire-body hash, rendered answer; scope renamed by migration 0033) still replay.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { localDate } from '../../src/platform/dates.js';
import { hashRequest } from '../../src/platform/idempotency.js';
import { observeStatements } from '../../src/platform/db/prepared.js';
import { approveProposal, disburseProposal } from '../../src/modules/proposals/operator-lifecycle.js';
import { proposalDeps } from '../../src/bindings.js';
import { operationExamples } from '../../src/reference/operation-examples.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { ACCOUNT, consult, createOk, personDto, post } from './proposals-fixture.js';
import { inOutbox } from '../support/outbox.js';

let service: TestService;
let partner: TestPartner;
let token: string;

before(async () => {
  service = await startTestService();
  partner = await service.onboard({ canRefuse: true });
  token = await service.token(partner);
});
after(() => service.close());

const audits = (key: string) => service.database.db.selectFrom('command_audit').selectAll().where('idempotency_key', '=', key).execute();
const record = (key: string) => service.database.db.selectFrom('idempotency_records').select(['operation', 'body', 'status_code']).where('key', '=', key).executeTakeFirst();

/** Calls twice under `key`: the second is a replay of the first, byte for byte, with no second audit row. */
async function onceAndReplay(path: string, body: unknown, key: string, command: string, summary: RegExp) {
  const first = await post(service, token, path, body, key);
  const again = await post(service, token, path, body, key);
  assert.equal(again.raw.body, first.raw.body);
  assert.equal(again.raw.headers['idempotent-replayed'], 'true');
  assert.equal(first.raw.headers['idempotent-replayed'], undefined);
  const rows = await audits(key);
  if (first.status === 200) {
    assert.equal(rows.length, 1, 'one audit row, none for the replay');
    assert.deepEqual([rows[0]!.command, rows[0]!.actor_kind, rows[0]!.actor_id, rows[0]!.source], [command, 'partner', partner.partnerId, `api ${partner.clientId}`]);
    assert.match(rows[0]!.summary, summary);
  }
  const stored = await record(key);
  assert.equal(stored?.operation, command, 'the scope is the command name');
  return { first, stored: JSON.parse(stored!.body) as Record<string, unknown> };
}

describe('the proposal commands on the runner', () => {
  test('IncluirManualSimplificado runs proposal.create; the record holds the domain result with exact decimals', async () => {
    const { first, stored } = await onceAndReplay('/Proposta/IncluirManualSimplificado', { dto: personDto(), parametros: [{ nome: 'x', valor: 'y' }] }, 'create-1', 'proposal.create', /^proposal \d+ created$/);
    assert.equal(first.status, 200, first.raw.body);
    assert.deepEqual(Object.keys(stored).sort(), ['annualCetPercent', 'financedAmount', 'installmentAmount', 'iofAmount', 'monthlyCetPercent', 'number', 'proposalId']);
    assert.equal(stored.proposalId, first.body.codigo);
    assert.equal(typeof stored.installmentAmount, 'string');
    // The wire writes the same digits the domain result holds.
    assert.match(first.raw.body, new RegExp(`"vlrParcela":${String(stored.installmentAmount).replace('.', '\\.')},`));
    assert.match(first.raw.body, new RegExp(`"percCETAnual":${String(stored.annualCetPercent).replace('.', '\\.')},`));
    assert.deepEqual(first.body.parametros, [{ nome: 'x', valor: 'y' }]);
  });

  test('no statement added on the hot path: a creation is begin, claim, insert, record + audit row, commit', async () => {
    await createOk(service, token, personDto());
    const sent: string[] = [];
    const stop = observeStatements((text) => sent.push(text.replace(/\s+/g, ' ').trim()));
    try {
      const r = await post(service, token, '/Proposta/IncluirManualSimplificado', { dto: personDto(), parametros: null }, 'create-statements');
      assert.equal(r.status, 200, r.raw.body);
    } finally {
      stop();
    }
    assert.equal(sent.length, 5, sent.join('\n'));
    assert.ok(!sent.some((t) => t.startsWith('insert into command_audit')), 'the audit row has no statement of its own');
    assert.equal(sent.filter((t) => t.includes('insert into command_audit') && t.includes('insert into idempotency_records')).length, 1);
    assert.equal((await audits('create-statements')).length, 1);
  });

  test('a creation refused (400) is stored and replayed as the same error', async () => {
    const { first, stored } = await onceAndReplay('/Proposta/IncluirManualSimplificado', { dto: personDto({ dtPrimeiroVencto: '2031-01-02' }), parametros: null }, 'create-bad', 'proposal.create', /./);
    assert.equal(first.status, 400, first.raw.body);
    assert.ok(stored.kind === 'validation' || stored.kind === 'business', first.raw.body);
    assert.deepEqual(await audits('create-bad'), [], 'nothing ran to completion');
  });

  test('Finalizar runs proposal.finalize; the history names the client id that asked', async () => {
    const draft = await createOk(service, token, personDto(), [{ nome: 'SITUACAOPROPOSTAEMDIGITACAO', valor: 'true' }]);
    const { first } = await onceAndReplay('/Proposta/Finalizar', { dto: { codigoProposta: draft.codigo } }, 'finalize-1', 'proposal.finalize', new RegExp(`^proposal ${draft.numero} finalized$`));
    assert.equal(first.status, 200, first.raw.body);
    const { proposta } = await consult(service, token, { codigoProposta: draft.codigo });
    const history = proposta.historico as { evento: string; usuario: string }[];
    assert.deepEqual(history.map((h) => [h.evento, h.usuario]), [['create', partner.clientId], ['finalize', partner.clientId]]);
  });

  test('Recusar runs proposal.partner-refuse; AtualizarContaPagamento runs proposal.payment-account.update', async () => {
    const one = await createOk(service, token, personDto());
    const updated = await onceAndReplay('/Proposta/AtualizarContaPagamento', { dto: { numeroProposta: String(one.numero) }, propostaContaPagamentoDTO: { ...ACCOUNT, conta: '654321' } }, 'account-1', 'proposal.payment-account.update', new RegExp(`^proposal ${one.numero} payment account updated$`));
    assert.equal(updated.first.status, 200, updated.first.raw.body);
    const refused = await onceAndReplay('/Proposta/Recusar', { dto: { codigoProposta: one.codigo }, propostaRecusaDTO: { motivoRejeicao: 3, textoMotivoRecusa: 'renda' } }, 'refuse-1', 'proposal.partner-refuse', new RegExp(`^proposal ${one.numero} refused by the partner$`));
    assert.equal(refused.first.status, 200, refused.first.raw.body);
    const { proposta } = await consult(service, token, { codigoProposta: one.codigo });
    assert.equal((proposta.propostaContaPagamento as { conta: string }).conta, '654321');
    const again = await onceAndReplay('/Proposta/Recusar', { dto: { codigoProposta: one.codigo }, propostaRecusaDTO: { motivoRejeicao: 3 } }, 'refuse-2', 'proposal.partner-refuse', /./);
    assert.equal(again.first.status, 400, 'already refused, stored and replayed as the same error');
  });

  test('CancelarProposta runs proposal.partner-cancel; the PascalCase answer carries the refund boleto', async () => {
    const p = await createOk(service, token, personDto());
    const op = { numero: p.numero, at: null, reason: null, by: 'operador:teste' };
    await inOutbox(service.database.db, service.clock, (s) => approveProposal(s, op));
    await inOutbox(service.database.db, service.clock, (s) => disburseProposal(s, { ...op, at: localDate('2026-11-23') }, proposalDeps(service.config)));
    const { first, stored } = await onceAndReplay('/FGTS/CancelarProposta', { dto: { codigoProposta: p.codigo }, motivoCancelamento: 'desistência' }, 'cancel-1', 'proposal.partner-cancel', new RegExp(`^proposal ${p.numero} cancelled by the customer`));
    assert.equal(first.status, 200, first.raw.body);
    const answer = JSON.parse(first.raw.body) as { Boleto: string | null; HasError: boolean };
    assert.equal(answer.HasError, false);
    assert.equal(answer.Boleto, stored.refundBoletoId);
  });

  test('Consultar is a query: selects on the pool (no transaction), no idempotency record, no audit row', async () => {
    const p = await createOk(service, token, personDto());
    const sent: string[] = [];
    const stop = observeStatements((text) => sent.push(text.trim().toLowerCase()));
    let r: Awaited<ReturnType<typeof post>>;
    try {
      r = await post(service, token, '/Proposta/Consultar', { dto: { codigoProposta: p.codigo } }, 'consult-1');
    } finally {
      stop();
    }
    assert.equal(r.status, 200, r.raw.body);
    // The read model's fill (issue 14) is the one write: an autocommitted upsert of the rendered answer, no transaction.
    const fills = sent.filter((t) => t.startsWith('insert into answers'));
    assert.equal(fills.length, 1, sent.join(' | '));
    assert.ok(sent.length > 1 && sent.filter((t) => !fills.includes(t)).every((t) => t.startsWith('select')), `reads only, no transaction: ${sent.join(' | ')}`);
    assert.equal(r.body.codigo, p.codigo);
    assert.equal(await record('consult-1'), undefined);
    assert.deepEqual(await audits('consult-1'), []);
  });
});

describe('records of the older path (migration 0033)', () => {
  const older: [path: string, operationId: string][] = [
    ['/Proposta/IncluirManualSimplificado', 'Proposta_IncluirManualSimplificado'],
    ['/Proposta/Finalizar', 'Proposta_Finalizar'],
    ['/Proposta/Recusar', 'Proposta_Recusar'],
    ['/FGTS/CancelarProposta', 'FGTS_CancelarProposta'],
    ['/Proposta/AtualizarContaPagamento', 'Proposta_AtualizarContaPagamento'],
  ];

  test('each moved operation replays its older record byte for byte after the scope rename; another body is still 422', async () => {
    const examples = operationExamples();
    const now = service.clock.now();
    for (const [path, operationId] of older) {
      const body = examples[operationId]!;
      const rendered = `{"msg":null,"hasError":false,"messages":[],"older":"${operationId}"}`;
      await sql`insert into idempotency_records (partner_id, operation, key, request_hash, status_code, body, created_at, expires_at)
        values (${partner.partnerId}, ${operationId}, ${`older-${operationId}`}, ${hashRequest(body)}, 200, ${rendered}, ${now}, ${new Date(now.getTime() + 3_600_000)})`.execute(service.database.db);
    }
    const migration = readFileSync(new URL('../../src/platform/db/migrations/0033-idempotency-proposal-command-scope.sql', import.meta.url), 'utf8');
    await sql.raw(migration).execute(service.database.db);
    for (const [path, operationId] of older) {
      const key = `older-${operationId}`;
      const replay = await service.call(path, examples[operationId]!, { token, key });
      assert.equal(replay.statusCode, 200, `${path}: ${replay.body}`);
      assert.equal(replay.body, `{"msg":null,"hasError":false,"messages":[],"older":"${operationId}"}`, path);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.deepEqual(await audits(key), [], `${path}: nothing ran`);
      const body = examples[operationId]!;
      const changed = operationId === 'Proposta_IncluirManualSimplificado' ? { ...body, parametros: [{ nome: 'outro', valor: '1' }] } : { ...body, dto: { codigoOperacao: 'OUTRA-987654' } };
      const other = await service.call(path, changed, { token, key });
      assert.equal(other.statusCode, 422, `${path}: another request under an older key is still refused`);
    }
  });
});
