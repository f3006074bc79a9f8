// Issue 14: the volume seed clones a schedule with its boletos, charges and launches, keeping every
// constraint, and the template's own answers do not change.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { assertNoOrphanLinks, seedVolume } from '../../bench/seed-1m.js';
import { brazilDateAt } from '../../src/platform/dates.js';
import { details, ok, openFor, singleBoleto, startWorld, type World } from '../http/receivables-fixture.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

async function count(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(world.service.database.db);
  return rows[0]!.n;
}

test('clones up to the asked number of installments, with boletos, charges and launches', async () => {
  const s = await openFor(world);
  const ref = { codigoProposta: s.proposalId };
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]));
  await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { ...ref, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: 'Cobrança' } });
  const today = brazilDateAt(world.service.clock.now());
  await ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: ref, dtoLancamentoParcelas: [{ nroParcela: 3, dtPagamento: today, vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'x' }] });
  const before = await details(world, s.proposalId);
  const perSchedule = await count('receivable_installments');
  const summary = await seedVolume(world.service.database.url, s.proposalId, perSchedule * 25);
  assert.equal(summary.copies, 24);
  assert.equal(await count('receivable_installments'), perSchedule * 25);
  assert.equal(await count('receivable_schedules'), 25);
  assert.equal(await count('receivable_boletos'), 2 * 25);
  assert.equal(await count('receivable_charges'), 25);
  assert.equal(await count('receivable_launches') % 25, 0);
  assert.deepEqual(await details(world, s.proposalId), before);
});

test("the seed's batch fails when a link it inserted has no boleto or charge (no foreign key checks it since migration 0058); links written before pass", async () => {
  const client = new pg.Client({ connectionString: world.service.database.url });
  await client.connect();
  try {
    for (const [links, key, rows] of [
      ['receivable_boleto_installments', 'boleto_id', 'receivable_boletos'],
      ['receivable_charge_installments', 'charge_id', 'receivable_charges'],
    ] as const) {
      await client.query('begin');
      await assertNoOrphanLinks(client);
      await client.query('set local session_replication_role = replica');
      await client.query(`insert into ${links} (${key}, installment_id, installment_number, live) values ($1, $2, 1, false)`, [randomUUID(), randomUUID()]);
      await client.query('set local session_replication_role = origin');
      await assert.rejects(assertNoOrphanLinks(client), new RegExp(`seed: 1 ${links} rows cloned without their ${rows} row`));
      await client.query('rollback');
    }
  } finally {
    await client.end();
  }
});
