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
import { startTestService, type TestService } from '../support/app.js';
import { consult, createOk, personDto } from './proposals-fixture.js';

let service: TestService;
let token: string;
// Bound as the test service binds them (its configuration has the sandbox's receivables settings).
const commands = proposalOperatorCommands(proposalDeps(loadConfig({})));
const actor: Actor = { kind: 'operator', id: 'ana@example.com' };
const input = (numero: number, reason: string | null = null) => ({ numero, at: localDate('2026-11-23'), reason, by: 'operador:Ana' });
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
    assert.equal(disbursed.result.situacao, 5);
    await refusedWith(run(commands.cancel, p.numero), /C0185\/V0007/);
    const cancelled = await run(commands.cancel, p.numero, 'Cliente desistiu (telefone)', 'cancel-1');
    assert.deepEqual([cancelled.result.situacao, cancelled.result.descricaoSituacao, cancelled.replayed], [7, 'Cancelada', false]);
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
    assert.equal(pending.result.situacao, 4);
    await refusedWith(run(commands.cancel, p.numero, 'x'), /^(13|28)$/);
  });
});
