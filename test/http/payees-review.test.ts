// The service team's review of payees (issue 7): `caas payee list|approve|reject`, automatic
// approval and a later rejection, the history (who, when, why), the callback events written in the
// same transaction, the rules between decisions, and duplicates held under concurrent inserts.
import { brazilDateAt } from '../../src/platform/dates.js';
import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { registerPayee } from '../../src/modules/payees/register-payee.js';
import { PAYEE_REGISTRATION_PATHS, payeeRegistrationOf } from '../../src/modules/payees/payee-registration-wire.js';
import { approvePayee, rejectPayee } from '../../src/modules/payees/review-payee.js';
import { payeeWire } from '../../src/modules/payees/payee-view.js';
import { PAYEE_REVIEW_PATHS } from '../../src/modules/payees/payee-review-wire.js';
import type { Executor, Tx } from '../../src/platform/db/pool.js';
import { DomainError } from '../../src/platform/errors.js';
import type { CommandContext } from '../../src/platform/commands.js';
import { runDefined } from '../../src/platform/commands.js';
import { loadMigrations } from '../../src/platform/db/migrate.js';
import { sql } from 'kysely';
import { commandDeps } from '../../src/bindings.js';
import { approvePayeeCommand, rejectPayeeCommand } from '../../src/modules/payees/index.js';
import { closeConfirmation, confirmingDefinition, findConfirmation, requestConfirmation } from '../../src/modules/operators/index.js';
import { createTestOperator } from '../support/console.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { inOutbox } from '../support/outbox.js';

const REGISTER = '/api/Favorecido';
const CONSULT = '/api/Favorecido/Consultar';
const BY_KEY = { nome: 'Maria da Silva', documentoFederal: '12345678909', tipoCadastroPix: 1, tipoChave: 3 };

let service: TestService;
let manual: TestPartner;
let auto: TestPartner;
const tokens = new Map<TestPartner, string>();

async function register(partner: TestPartner, chave: string): Promise<{ codigoFavorecido: string; situacao: number; msg: string }> {
  const response = await service.call(REGISTER, { ...BY_KEY, chave }, { token: tokens.get(partner)!, headers: { IgnoraHandshake: 'true' } });
  assert.equal(response.statusCode, 200, response.body);
  return JSON.parse(response.body);
}

async function consult(partner: TestPartner, body: unknown): Promise<Record<string, unknown>> {
  const response = await service.call(CONSULT, body, { token: tokens.get(partner)! });
  assert.equal(response.statusCode, 200, response.body);
  return JSON.parse(response.body).favorecido;
}

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function events(codigo: string) {
  const rows = await service.database.db.selectFrom('callback_deliveries').selectAll().where('ordering_key', '=', `favorecido:${codigo}`).orderBy('seq').execute();
  return rows.map((r) => ({ id: r.id, partner: r.partner_id, type: r.event_type, status: r.status, body: JSON.parse(r.body) }));
}

async function reviews(codigo: string) {
  return service.database.db.selectFrom('payee_reviews').selectAll().where('payee_id', '=', codigo).orderBy('id').execute();
}

before(async () => {
  service = await startTestService();
  process.env.DATABASE_URL = service.database.url;
  process.env.CAAS_WORKERS = 'false';
  process.env.LOG_LEVEL = 'silent';
  manual = await service.onboard();
  auto = await service.onboard({ autoApprovePayees: true });
  for (const p of [manual, auto]) tokens.set(p, await service.token(p));
});
after(() => service.close());

describe('review by the service team (CLI)', () => {
  test('a pendente payee is listed, approved with who/when, and the partner gets event 11', async () => {
    const { codigoFavorecido: codigo } = await register(manual, 'review-1@example.com');
    const listed = await cli('payee', 'list', '--status', 'pendente', '--partner', manual.clientId, '--json');
    assert.equal(listed.code, 0, listed.err);
    const entry = (JSON.parse(listed.out) as { codigoFavorecido: string; clientId: string; situacao: number }[]).find((p) => p.codigoFavorecido === codigo);
    assert.deepEqual([entry?.clientId, entry?.situacao], [manual.clientId, 0]);
    const text = await cli('payee', 'list', '--status', '0');
    assert.match(text.out, new RegExp(`${codigo}  0 Pendente de análise  ${manual.clientId}  12345678909  Maria da Silva  chave review-1@example.com`));
    const pending = await cli('payee', 'list', '--pending', '--partner', manual.clientId);
    assert.match(pending.out, new RegExp(`${codigo}  0 Pendente de análise`));
    assert.equal((await cli('payee', 'list', '--pending', '--status', '1')).code, 2);

    const approved = await cli('payee', 'approve', codigo, '--by', 'ana.souza');
    assert.equal(approved.code, 0, approved.err);
    assert.match(approved.out, new RegExp(`approved by ana.souza: ${codigo}  1 Aprovado`));
    const read = await consult(manual, { codigoFavorecido: codigo });
    assert.deepEqual([read.situacao, read.descricaoSituacao, read.motivoRejeicao], [1, 'Aprovado', null]);
    assert.equal(typeof read.dtSituacao, 'string');

    const [review] = await reviews(codigo);
    const [event] = await events(codigo);
    assert.deepEqual([review?.reviewed_by, review?.decision, review?.reason, review?.partner_id, review?.callback_event_id], ['ana.souza', 1, null, manual.partnerId, event?.id]);
    assert.deepEqual([event?.partner, event?.type, event?.status], [manual.partnerId, 11, 'pending']);
    assert.deepEqual(event?.body.Favorecido, { CodigoFavorecido: codigo, Situacao: 'aprovado', Motivo: null });
    assert.equal(event?.body.NomeEvento, 'FavorecidoAprovado');
    assert.equal(event?.body.DtEvento, brazilDateAt(review!.decided_at)); // the day in São Paulo, yyyy-MM-dd

    const again = await cli('payee', 'approve', codigo, '--by', 'ana.souza');
    assert.equal(again.code, 1);
    assert.match(again.err, /FAV022/);
    assert.equal((await events(codigo)).length, 1, 'a refused decision writes nothing');
  });

  test('reject needs a reason, records it, and defaults who to the OS user', async () => {
    const { codigoFavorecido: codigo } = await register(manual, 'review-2@example.com');
    const noReason = await cli('payee', 'reject', codigo);
    assert.equal(noReason.code, 2);
    assert.match(noReason.err, /--reason/);
    const blank = await cli('payee', 'reject', codigo, '--reason', '   ');
    assert.equal(blank.code, 1);
    assert.match(blank.err, /FAV025/);
    const rejected = await cli('payee', 'reject', codigo, '--reason', 'Chave não pertence ao titular', '--json');
    assert.equal(rejected.code, 0, rejected.err);
    assert.deepEqual([JSON.parse(rejected.out).situacao, JSON.parse(rejected.out).motivoRejeicao], [2, 'Chave não pertence ao titular']);
    const read = await consult(manual, { chave: 'review-2@example.com' });
    assert.deepEqual([read.codigoFavorecido, read.situacao, read.descricaoSituacao, read.motivoRejeicao], [codigo, 2, 'Reprovado', 'Chave não pertence ao titular']);
    const [review] = await reviews(codigo);
    assert.deepEqual([review?.reviewed_by, review?.decision, review?.reason], [os.userInfo().username, 2, 'Chave não pertence ao titular']);
    const [event] = await events(codigo);
    assert.deepEqual([event?.type, event?.body.NomeEvento, event?.body.Favorecido], [12, 'FavorecidoReprovado', { CodigoFavorecido: codigo, Situacao: 'reprovado', Motivo: 'Chave não pertence ao titular' }]);
    assert.deepEqual([event?.body.NroProposta, event?.body.CodigoProposta, event?.body.CodigoOperacao], [null, null, null]);

    const approveRejected = await cli('payee', 'approve', codigo);
    assert.match(approveRejected.err, /FAV023/);
    const rejectTwice = await cli('payee', 'reject', codigo, '--reason', 'de novo');
    assert.match(rejectTwice.err, /FAV024/);
    assert.equal((await reviews(codigo)).length, 1);
  });

  test('after a rejection the same key registers a new payee for a new review', async () => {
    const first = await register(manual, 'again@example.com');
    await inOutbox(service.database.db, service.clock, (s) => rejectPayee(s, { payeeId: first.codigoFavorecido, by: 'ana', reason: 'Documento divergente' }, PAYEE_REVIEW_PATHS));
    const second = await register(manual, 'again@example.com');
    assert.notEqual(second.codigoFavorecido, first.codigoFavorecido);
    assert.equal(second.situacao, 0);
    assert.equal((await consult(manual, { chave: 'again@example.com' })).codigoFavorecido, second.codigoFavorecido, 'the live payee wins a lookup by key');
    assert.equal((await consult(manual, { codigoFavorecido: first.codigoFavorecido })).situacao, 2);
  });

  test('refuses bad arguments: unknown status, unknown partner, unknown or malformed code, reserved reviewer', async () => {
    assert.equal((await cli('payee', 'list', '--status', 'talvez')).code, 2);
    const partner = await cli('payee', 'list', '--partner', 'no.such.client');
    assert.equal(partner.code, 1);
    assert.match(partner.err, /no partner/);
    for (const codigo of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const result = await cli('payee', 'approve', codigo, '--by', 'ana');
      assert.equal(result.code, 1);
      assert.match(result.err, /FAV021/);
    }
    const { codigoFavorecido } = await register(manual, 'reserved@example.com');
    assert.match((await cli('payee', 'approve', codigoFavorecido, '--by', 'auto')).err, /FAV026/);
    assert.equal((await cli('payee', 'approve', codigoFavorecido, '--reason', 'x')).code, 2);
    assert.equal((await cli('payee', 'frobnicate')).code, 2);
  });
});

describe('automatic approval', () => {
  test('approves at once, records who = auto and event 11; the team can reject later (event 12)', async () => {
    const registered = await register(auto, 'auto-1@example.com');
    assert.deepEqual([registered.situacao, registered.msg], [1, 'Favorecido cadastrado e aprovado automaticamente.']);
    const codigo = registered.codigoFavorecido;
    const read = await consult(auto, { codigoFavorecido: codigo });
    assert.equal(read.dtSituacao, service.clock.now().toISOString());
    const [autoReview] = await reviews(codigo);
    assert.deepEqual([autoReview?.reviewed_by, autoReview?.decision, autoReview?.decided_at.toISOString()], ['auto', 1, service.clock.now().toISOString()]);

    const repeat = await register(auto, 'auto-1@example.com');
    assert.deepEqual([repeat.codigoFavorecido, repeat.situacao], [codigo, 1]);
    assert.equal((await events(codigo)).length, 1, 'a repeat registration decides nothing');

    service.clock.advance(3_600_000);
    const later = payeeWire(await inOutbox(service.database.db, service.clock, (s) => rejectPayee(s, { payeeId: codigo, by: 'carlos', reason: 'Conta encerrada' }, PAYEE_REVIEW_PATHS)));
    assert.deepEqual([later.situacao, later.motivoRejeicao, later.dtSituacao], [2, 'Conta encerrada', service.clock.now().toISOString()]);
    const history = await reviews(codigo);
    assert.deepEqual(history.map((r) => [r.reviewed_by, r.decision, r.reason]), [['auto', 1, null], ['carlos', 2, 'Conta encerrada']]);
    const sent = await events(codigo);
    assert.deepEqual(sent.map((e) => [e.partner, e.type, e.body.DtEvento]), [
      [auto.partnerId, 11, brazilDateAt(autoReview!.decided_at)],
      [auto.partnerId, 12, brazilDateAt(service.clock.now())],
    ]);
    assert.deepEqual(history.map((r) => r.callback_event_id), sent.map((e) => e.id));
    // The hour that passed expired the access tokens.
    for (const p of [manual, auto]) tokens.set(p, await service.token(p));
  });
});

describe('concurrency', () => {
  test('two simultaneous approvals of one payee: one decision, one event', async () => {
    const { codigoFavorecido: codigo } = await register(manual, 'race@example.com');
    const results = await Promise.allSettled([1, 2].map((i) => inOutbox(service.database.db, service.clock, (s) => approvePayee(s, { payeeId: codigo, by: `op${i}` }, PAYEE_REVIEW_PATHS))));
    assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    assert.ok(failure.reason instanceof DomainError && failure.reason.messages[0]?.code === 'FAV022');
    assert.equal((await reviews(codigo)).length, 1);
    assert.equal((await events(codigo)).length, 1);
  });

  /** The command's context as the runner gives it, on a transaction the test holds (or the pool). */
  function contextOn(tx: Executor): CommandContext {
    return { tx: tx as Tx, clock: service.clock, now: service.clock.now(), actor: { kind: 'partner', id: manual.partnerId }, enqueue: () => assert.fail('registration enqueues no runner event') };
  }
  const registerOn = (input: typeof BY_KEY & { chave: string }, tx: Executor) => registerPayee.handler({ registration: payeeRegistrationOf(input), paths: PAYEE_REGISTRATION_PATHS }, contextOn(tx));

  test('a registration waits for an uncommitted one of the same key and then returns it', async () => {
    const input = { ...BY_KEY, chave: 'held@example.com' };
    const held = await service.database.db.startTransaction().execute();
    const first = await registerOn(input, held);
    let settled = false;
    const second = registerOn(input, service.database.db).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(settled, false, 'the second insert waits on the unique index');
    await held.commit().execute();
    const answer = await second;
    assert.deepEqual([answer.payeeId, answer.outcome], [first.payeeId, 'existing']);
  });

  test('when the uncommitted registration rolls back, the waiting one inserts its own', async () => {
    const input = { ...BY_KEY, chave: 'rolled@example.com' };
    const held = await service.database.db.startTransaction().execute();
    const first = await registerOn(input, held);
    const second = registerOn(input, service.database.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await held.rollback().execute();
    const answer = await second;
    assert.notEqual(answer.payeeId, first.payeeId);
    assert.equal(answer.status, 0);
  });
});

describe('four-eyes confirmations stored by the previous build (migration 0038)', () => {
  test('a pending approve/reject stored as { codigoFavorecido } is renamed to { payeeId } and then confirms; decided ones are left', async () => {
    const db = service.database.db;
    const [requester, checker] = [await createTestOperator(db, 'approver', { clock: service.clock }), await createTestOperator(db, 'approver', { clock: service.clock })];
    const toApprove = (await register(manual, 'four-eyes-1@example.com')).codigoFavorecido;
    const toReject = (await register(manual, 'four-eyes-2@example.com')).codigoFavorecido;
    const stored = (command: string, input: unknown, key: string) =>
      requestConfirmation(db, { kind: 'payees', command, permission: 'payee.review', input, summary: `old ${key}`, idempotencyKey: key, requestedBy: requester.id }, service.clock.now());
    // The input exactly as the previous build's console stored it.
    const approveId = await stored('payee.approve', { codigoFavorecido: toApprove, by: 'Ana' }, 'old-approve');
    const rejectId = await stored('payee.reject', { codigoFavorecido: toReject, by: 'Ana', reason: 'Documento divergente' }, 'old-reject');
    const closedId = await stored('payee.approve', { codigoFavorecido: toReject, by: 'Ana' }, 'old-closed');
    assert.equal(await closeConfirmation(db, closedId, checker.id, 'rejected', 'no', service.clock.now()), true);

    const migration = loadMigrations().find((m) => m.version === 38)!;
    for (let run = 0; run < 2; run += 1) await sql.raw(migration.sql).execute(db); // idempotent
    assert.deepEqual((await findConfirmation(db, approveId))!.input, { payeeId: toApprove, by: 'Ana' });
    assert.deepEqual((await findConfirmation(db, rejectId))!.input, { payeeId: toReject, by: 'Ana', reason: 'Documento divergente' });
    assert.deepEqual((await findConfirmation(db, closedId))!.input, { codigoFavorecido: toReject, by: 'Ana' }, 'a decided confirmation keeps its history');

    const actor = { kind: 'operator' as const, id: checker.email };
    const confirm = async <I>(id: string, definition: typeof approvePayeeCommand | typeof rejectPayeeCommand) => {
      const c = (await findConfirmation(db, id))!;
      return (await runDefined(commandDeps(db, service.clock), confirmingDefinition(definition as never, c, checker.id), c.input as I, actor, c.idempotencyKey)).result as { payeeId: string; status: number; rejectionReason: string | null };
    };
    const approved = await confirm(approveId, approvePayeeCommand);
    assert.deepEqual([approved.payeeId, approved.status], [toApprove, 1]);
    const rejected = await confirm(rejectId, rejectPayeeCommand);
    assert.deepEqual([rejected.payeeId, rejected.status, rejected.rejectionReason], [toReject, 2, 'Documento divergente']);
    assert.deepEqual((await reviews(toApprove)).map((r) => [r.reviewed_by, r.decision]), [['Ana', 1]]);
    assert.deepEqual((await events(toReject)).map((e) => e.type), [12]);
    for (const id of [approveId, rejectId]) assert.equal((await findConfirmation(db, id))!.status, 'confirmed');
  });

  test('the review refusals still name codigoFavorecido (the stored error, replayed under its key)', async () => {
    const db = service.database.db;
    const actor = { kind: 'operator' as const, id: 'ana' };
    const missing = '00000000-0000-4000-8000-000000000000';
    for (let run = 0; run < 2; run += 1) {
      await assert.rejects(runDefined(commandDeps(db, service.clock), approvePayeeCommand, { payeeId: missing, by: 'ana' }, actor, 'missing-payee'), (error: unknown) => {
        assert.ok(error instanceof DomainError);
        assert.deepEqual(error.messages.map((m) => [m.code, m.field, m.description]), [['FAV021', 'codigoFavorecido', `Favorecido ${missing} não encontrado.`]]);
        return true;
      });
    }
  });
});
