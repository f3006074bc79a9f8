// `caas proposal approve|disburse|assign|refuse` (issue 4): the operator's lifecycle steps through
// the same use cases, against the database the HTTP service uses. Event dates are given with --at
// (the CLI's "today" is the real clock; proposals here are contracted on the frozen 2026-11-23).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { cli, consult, createOk, personDto, useCliAgainst } from './proposals-fixture.js';

let service: TestService;
let partner: TestPartner;
let token: string;

async function create(patch: Record<string, unknown> = {}) {
  return createOk(service, token, personDto(patch));
}

async function ok(...argv: string[]): Promise<string> {
  const r = await cli(...argv);
  assert.equal(r.code, 0, r.err);
  return r.out;
}

async function failsWith(pattern: RegExp, exitCode: number, ...argv: string[]): Promise<void> {
  const r = await cli(...argv);
  assert.equal(r.code, exitCode, `${r.out}\n${r.err}`);
  assert.match(r.err, pattern);
}

before(async () => {
  service = await startTestService();
  useCliAgainst(service);
  partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

describe('caas proposal', () => {
  test('approve, disburse (through pendente pagamento, schedule opened), assign; --json; history with the operator', async () => {
    const p = await create();
    const approved = JSON.parse(await ok('proposal', 'approve', String(p.numero), '--at', '2026-11-23', '--by', 'Ana', '--json'));
    assert.deepEqual(approved, { numero: p.numero, codigo: p.codigo, situacao: 3, descricaoSituacao: 'Aprovada', transitions: [{ event: 'approve', from: 2, to: 3, on: '2026-11-23' }] });
    const disbursed = JSON.parse(await ok('proposal', 'disburse', String(p.numero), '--at', '2026-11-23', '--by', 'Ana', '--reason', 'TED 123', '--json'));
    assert.deepEqual(disbursed.transitions, [
      { event: 'requestPayment', from: 3, to: 4, on: '2026-11-23' },
      { event: 'disburse', from: 4, to: 5, on: '2026-11-23' },
    ]);
    let { proposta } = await consult(service, token, { codigoProposta: p.codigo });
    assert.deepEqual([proposta.situacao, proposta.dtLiberacao], [5, '2026-11-23T00:00:00Z']);
    const agenda = proposta.agenda as { situacaoAgenda: number; qtdeParcelas: number; vlrTotalPago: number };
    assert.deepEqual([agenda.situacaoAgenda, agenda.qtdeParcelas, agenda.vlrTotalPago], [2, 12, 0]);
    const text = await ok('proposal', 'assign', String(p.numero), '--at', '2026-11-23', '--by', 'Ana');
    assert.match(text, new RegExp(`proposal ${p.numero}: assign 5 → 10 on 2026-11-23`));
    assert.match(text, new RegExp(`proposal ${p.numero} \\(${p.codigo}\\) is now 10 Cedida`));
    ({ proposta } = await consult(service, token, { codigoProposta: p.codigo }));
    const history = proposta.historico as { evento: string; usuario: string; motivo: string | null }[];
    assert.deepEqual(history.map((h) => h.evento), ['create', 'finalize', 'approve', 'requestPayment', 'disburse', 'assign']);
    assert.deepEqual(history.slice(2).map((h) => h.usuario), Array(4).fill('operador:Ana'));
    assert.equal(history[4]!.motivo, 'TED 123');
  });

  test('disburse --pending stops at pendente pagamento; a later disburse finishes it', async () => {
    const p = await create();
    await ok('proposal', 'approve', String(p.numero), '--at', '2026-11-23');
    const pending = JSON.parse(await ok('proposal', 'disburse', String(p.numero), '--pending', '--at', '2026-11-23', '--json'));
    assert.deepEqual([pending.situacao, pending.descricaoSituacao], [4, 'Pendente pagamento']);
    const done = JSON.parse(await ok('proposal', 'disburse', String(p.numero), '--at', '2026-11-25', '--json'));
    assert.deepEqual(done.transitions, [{ event: 'disburse', from: 4, to: 5, on: '2026-11-25' }]);
  });

  test('refuse needs a reason (C0185/V0007); then recusada', async () => {
    const p = await create();
    await failsWith(/C0185\/V0007/, 1, 'proposal', 'refuse', String(p.numero));
    const out = JSON.parse(await ok('proposal', 'refuse', String(p.numero), '--reason', 'Documentação divergente', '--json'));
    assert.deepEqual([out.situacao, out.descricaoSituacao], [6, 'Recusada']);
    await failsWith(/C0056\/V0002/, 1, 'proposal', 'refuse', String(p.numero), '--reason', 'de novo');
  });

  test('cancel (the declared proposal.cancel, also run by the console): needs a reason; only a disbursed proposal (28)', async () => {
    const p = await create();
    await failsWith(/C0185\/V0007 O motivo do cancelamento/, 1, 'proposal', 'cancel', String(p.numero));
    await failsWith(/28 .*somente uma proposta liberada/, 1, 'proposal', 'cancel', String(p.numero), '--reason', 'Cliente desistiu');
  });

  test('the state machine refuses: disburse before approval (C0186/V0001), approve twice, assign before disbursement', async () => {
    const p = await create();
    await failsWith(/C0186\/V0001 .*analista de crédito/, 1, 'proposal', 'disburse', String(p.numero), '--at', '2026-11-23');
    await ok('proposal', 'approve', String(p.numero), '--at', '2026-11-23');
    await failsWith(/PRP009 .*Aprovada/, 1, 'proposal', 'approve', String(p.numero), '--at', '2026-11-23');
    await failsWith(/PRP009 .*ceder/, 1, 'proposal', 'assign', String(p.numero), '--at', '2026-11-23');
  });

  test('event dates: not before the last event, not in the future, a disbursement at most 30 days ahead and before the first due date', async () => {
    const p = await create();
    await failsWith(/PRP012 .*anterior à última movimentação/, 1, 'proposal', 'approve', String(p.numero), '--at', '2026-11-22');
    await failsWith(/PRP012 .*não pode ser futura/, 1, 'proposal', 'approve', String(p.numero), '--at', '2099-01-01');
    await ok('proposal', 'approve', String(p.numero), '--at', '2026-11-23');
    await failsWith(/PRP012 .*no máximo 30 dias/, 1, 'proposal', 'disburse', String(p.numero), '--at', '2099-01-01');
    await failsWith(/PRP010/, 1, 'proposal', 'disburse', String(p.numero), '--at', '2026-12-23');
  });

  test('disbursement needs a payment account (PRP011)', async () => {
    const p = await create({ propostaContaPagamentoDTO: null });
    await ok('proposal', 'approve', String(p.numero), '--at', '2026-11-23');
    await failsWith(/PRP011/, 1, 'proposal', 'disburse', String(p.numero), '--at', '2026-11-23');
  });

  test('usage errors: unknown proposal, bad number, bad date, unknown action, --pending elsewhere', async () => {
    await failsWith(/C0112\/V0001 Proposta 999999 não encontrada/, 1, 'proposal', 'approve', '999999');
    await failsWith(/NUMERO/, 2, 'proposal', 'approve', 'abc');
    await failsWith(/NUMERO/, 2, 'proposal', 'approve');
    await failsWith(/--at must be a calendar date/, 2, 'proposal', 'approve', '1', '--at', '23/11/2026');
    await failsWith(/unknown command "liquidate"[\s\S]*Usage: caas proposal/, 2, 'proposal', 'liquidate', '1');
    // --pending is an option of disburse only: elsewhere it is an unknown option (usage on stderr).
    await failsWith(/Unknown option '--pending'[\s\S]*Usage: caas proposal approve/, 2, 'proposal', 'approve', '1', '--pending');
  });

  test('approve with no --at: dated today', async () => {
    const p = await create();
    const out = JSON.parse(await ok('proposal', 'approve', String(p.numero), '--json'));
    assert.equal(out.situacao, 3);
    assert.match(out.transitions[0].on, /^\d{4}-\d{2}-\d{2}$/);
  });

  test('--idempotency-key: a replay changes nothing (no second history or audit row, same output); another input under the key is refused', async () => {
    const p = await create();
    const argv = ['proposal', 'approve', String(p.numero), '--at', '2026-11-23', '--by', 'Ana', '--idempotency-key', 'approve-once', '--json'];
    const first = await cli(...argv);
    const again = await cli(...argv);
    assert.equal(first.code, 0, first.err);
    assert.equal(again.code, 0, again.err);
    assert.equal(again.out, first.out);
    assert.match(first.err, /^idempotency-key: approve-once$/);
    assert.match(again.err, /idempotency-key: approve-once \(replayed: nothing changed\)/);
    const history = (await consult(service, token, { codigoProposta: p.codigo })).proposta.historico as { evento: string }[];
    assert.deepEqual(history.map((h) => h.evento), ['create', 'finalize', 'approve']);
    const audit = await service.database.db.selectFrom('command_audit').selectAll().where('idempotency_key', '=', 'approve-once').execute();
    assert.deepEqual(audit.map((a) => [a.command, a.actor_kind]), [['proposal.approve', 'operator']]);
    await failsWith(/IDEM422/, 1, 'proposal', 'approve', String(p.numero), '--at', '2026-11-23', '--reason', 'other', '--idempotency-key', 'approve-once');
    const generated = await cli('proposal', 'refuse', String(p.numero), '--reason', 'x', '--json');
    assert.match(generated.err, /^idempotency-key: [0-9a-f-]{36}$/);
  });
});
