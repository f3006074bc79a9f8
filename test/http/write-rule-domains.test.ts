// Migration 0055 (issue 14): the writes' single-column rules that were table CHECKs are domains,
// compiled once per connection instead of once per statement. The same values are refused, with
// the same SQLSTATE (23514), and the values the services write are accepted (the HTTP tests of
// boletos, charges and the runner's audit row write them).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CompiledQuery } from 'kysely';
import { startWorld, type World } from './receivables-fixture.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

/** [domain, a value it accepts, values it refuses] (the old CHECK's rule, value by value). */
const RULES: Array<[string, string, string[]]> = [
  ['boleto_barcode', '1'.repeat(44), ['1'.repeat(43), '1'.repeat(45), `${'1'.repeat(43)}a`, '']],
  ['boleto_typeable_line', '2'.repeat(47), ['2'.repeat(46), '2'.repeat(48), `${'2'.repeat(46)} `]],
  ['boleto_purpose', 'refund', ['other', 'Refund', '']],
  ['boleto_registration_mode', '2', ['0', '3']],
  ['charge_status', 'cancelling', ['open', 'Active', '']],
  ['actor_kind', 'operator', ['user', '']],
];

async function cast(value: string, domain: string): Promise<unknown> {
  return (await world.service.database.db.executeQuery(CompiledQuery.raw(`select $1::${domain} as v`, [value]))).rows[0];
}

test('each domain refuses what its CHECK refused (23514) and accepts the rest; null passes as before', async () => {
  for (const [domain, good, bad] of RULES) {
    await cast(good, domain);
    assert.deepEqual((await world.service.database.db.executeQuery(CompiledQuery.raw(`select null::${domain} as v`, []))).rows[0], { v: null });
    for (const value of bad) await assert.rejects(cast(value, domain), (e: { code?: string }) => e.code === '23514', `${domain} ${JSON.stringify(value)}`);
  }
});

test('the columns carry the domains and their table CHECKs are gone', async () => {
  const { rows } = await world.service.database.db.executeQuery<{ col: string; type: string }>(
    CompiledQuery.raw(
      `select table_name || '.' || column_name as col, domain_name as type from information_schema.columns
        where domain_name = any($1) order by 1`,
      [RULES.map((r) => r[0])],
    ),
  );
  assert.deepEqual(rows.map((r) => `${r.col}: ${r.type}`), [
    'command_audit.actor_kind: actor_kind',
    'receivable_boletos.barcode: boleto_barcode',
    'receivable_boletos.linha_digitavel: boleto_typeable_line',
    'receivable_boletos.purpose: boleto_purpose',
    'receivable_boletos.registration_mode: boleto_registration_mode',
    'receivable_charges.status: charge_status',
  ]);
  const checks = await world.service.database.db.executeQuery<{ name: string }>(
    CompiledQuery.raw(`select conname as name from pg_constraint where contype = 'c' and conrelid in ('receivable_boletos'::regclass, 'receivable_charges'::regclass, 'command_audit'::regclass) order by 1`, []),
  );
  assert.deepEqual(checks.rows.map((r) => r.name), ['receivable_boletos_check', 'receivable_boletos_check1', 'receivable_boletos_registration_status_check', 'receivable_charges_check', 'receivable_charges_check1']);
});
