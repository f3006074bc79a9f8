// The service team's proposal commands as declared by the proposals module (operator-commands.ts),
// run through runDefined as the CLI and the console run them: the operator cancel (same rules and
// refund as FGTS/CancelarProposta, reason required), the actor in the history and the audit, and a
// replay under the same key that changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { runDefined, type Actor } from '../../src/platform/commands.js';
import { DomainError } from '../../src/platform/errors.js';
import { localDate } from '../../src/platform/dates.js';
import { proposalOperatorCommands } from '../../src/modules/proposals/operator-commands.js';
import { commandDeps, proposalDeps } from '../../src/bindings.js';
import { loadConfig } from '../../src/config.js';
import { loadMigrations } from '../../src/platform/db/migrate.js';
import { closeConfirmation, confirmingDefinition, findConfirmation, requestConfirmation } from '../../src/modules/operators/index.js';
import { createTestOperator } from '../support/console.js';
import { startTestService, type TestService } from '../support/app.js';
import { consult, createOk, personDto } from './proposals-fixture.js';

let service: TestService;
let token: string;
// Bound as the test service binds them (its configuration has the sandbox's receivables settings).
const commands = proposalOperatorCommands(proposalDeps(loadConfig({})));
const actor: Actor = { kind: 'operator', id: 'ana@example.com' };
const input = (numero: number, reason: string | null = null) => ({ proposalNumber: numero, at: localDate('2026-11-23'), reason, by: 'operador:Ana' });
const run = <R>(definition: Parameters<typeof runDefined<ReturnType<typeof input>, R>>[1], numero: number, reason: string | null = null, key?: string) =>
  runDefined(commandDeps(service.database.db, service.clock), definition, input(numero, reason), actor, key);

async function refusedWith(work: Promise<unknown>, code: RegExp): Promise<void> {
  await assert.rejects(work, (e: unknown) => e instanceof DomainError && code.test(e.messages.map((m) => m.code).join(',')));
}

before(async () => {
  service = await startTestService();
  const partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

describe('proposal commands through runDefined', () => {
  test('approve, disburse, then cancel by the operator: cancelada with the refund boleto, reason in the history', async () => {
    const p = await createOk(service, token, personDto());
    await run(commands.approve, p.numero);
    const disbursed = await run(commands.disburse, p.numero);
    assert.equal(disbursed.result.status, 5);
    await refusedWith(run(commands.cancel, p.numero), /C0185\/V0007/);
    const cancelled = await run(commands.cancel, p.numero, 'Cliente desistiu (telefone)', 'cancel-1');
    assert.deepEqual([cancelled.result.status, cancelled.result.statusDescription, cancelled.replayed], [7, 'Cancelada', false]);
    assert.deepEqual(cancelled.result.transitions.map((t) => [t.event, t.from, t.to]), [['cancel', 5, 7]]);
    const again = await run(commands.cancel, p.numero, 'Cliente desistiu (telefone)', 'cancel-1');
    assert.deepEqual([again.replayed, again.result], [true, cancelled.result]);
    const { proposta } = await consult(service, token, { codigoProposta: p.codigo });
    assert.equal(proposta.situacao, 7);
    const last = (proposta.historico as { evento: string; usuario: string; motivo: string }[]).at(-1)!;
    assert.deepEqual([last.evento, last.usuario, last.motivo], ['cancel', 'operador:Ana', 'Cliente desistiu (telefone)']);
    const { rows } = await sql<{ refund_amount: string; refund_boleto_id: string | null }>`select refund_amount, refund_boleto_id from proposals where id = ${p.codigo}`.execute(service.database.db);
    assert.equal(rows[0]!.refund_amount, '10000.00');
    assert.notEqual(rows[0]!.refund_boleto_id, null);
    const audit = await service.database.db.selectFrom('command_audit').select(['command', 'actor_kind', 'actor_id']).where('idempotency_key', '=', 'cancel-1').execute();
    assert.deepEqual(audit, [{ command: 'proposal.cancel', actor_kind: 'operator', actor_id: 'ana@example.com' }]);
  });

  test('cancel is refused outside liberada (28), and request-payment stops at pendente pagamento', async () => {
    const p = await createOk(service, token, personDto());
    await refusedWith(run(commands.cancel, p.numero, 'x'), /^28$/);
    await run(commands.approve, p.numero);
    const pending = await run(commands.requestPayment, p.numero);
    assert.equal(pending.result.status, 4);
    await refusedWith(run(commands.cancel, p.numero, 'x'), /^(13|28)$/);
  });
});

describe('four-eyes confirmations stored by the previous build (migration 0046)', () => {
  test('a pending disbursement stored as { numero } is renamed to { proposalNumber } and then confirms; decided ones are left', async () => {
    const db = service.database.db;
    const [requester, checker] = [await createTestOperator(db, 'approver', { clock: service.clock }), await createTestOperator(db, 'approver', { clock: service.clock })];
    const p = await createOk(service, token, personDto());
    await run(commands.approve, p.numero);
    const stored = (input: unknown, key: string) =>
      requestConfirmation(db, { kind: 'disbursements', command: 'proposal.disburse', permission: 'proposal.disburse', input, summary: `old ${key}`, idempotencyKey: key, requestedBy: requester.id }, service.clock.now());
    // The input exactly as the previous build's console stored it.
    const pendingId = await stored({ numero: p.numero, at: null, reason: 'TED', by: 'operador:Ana' }, 'old-disburse');
    const closedId = await stored({ numero: p.numero, at: null, reason: null, by: 'operador:Ana' }, 'old-closed');
    assert.equal(await closeConfirmation(db, closedId, checker.id, 'rejected', 'no', service.clock.now()), true);

    const migration = loadMigrations().find((m) => m.version === 46)!;
    for (let round = 0; round < 2; round += 1) await sql.raw(migration.sql).execute(db); // idempotent
    assert.deepEqual((await findConfirmation(db, pendingId))!.input, { proposalNumber: p.numero, at: null, reason: 'TED', by: 'operador:Ana' });
    assert.deepEqual((await findConfirmation(db, closedId))!.input, { numero: p.numero, at: null, reason: null, by: 'operador:Ana' }, 'a decided confirmation keeps its history');

    const c = (await findConfirmation(db, pendingId))!;
    const outcome = await runDefined(commandDeps(db, service.clock), confirmingDefinition(commands.disburse as never, c, checker.id), c.input as ReturnType<typeof input>, { kind: 'operator', id: checker.email }, c.idempotencyKey);
    const result = outcome.result as { proposalNumber: number; status: number; statusDescription: string };
    assert.deepEqual([result.proposalNumber, result.status, result.statusDescription], [p.numero, 5, 'Liberada']);
    assert.equal((await findConfirmation(db, pendingId))!.status, 'confirmed');
  });
});
