// Migration 0054 (issue 14): the receivables' rows refer to their schedule by ONE composite key
// (schedule_id, partner_id) instead of a key to the schedule and another to the partner. The rule
// enforced is the old one and more: the schedule exists, and it belongs to the row's partner (whose
// existence the schedule's own key to partners guarantees). Checked on the catalog for every table
// the migration changed, and by writing rows that each old key refused, and one it did not.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { CompiledQuery } from 'kysely';
import { openFor, startWorld, type World } from './receivables-fixture.js';

const TABLES = ['receivable_installments', 'receivable_charges', 'receivable_boletos', 'receivable_launches'];

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await world.service.database.db.executeQuery<T>(CompiledQuery.raw(text, values))).rows;
}

test('each table has one key to its schedule, (schedule_id, partner_id), and none to partners alone', async () => {
  const keys = await rows<{ tbl: string; columns: string; target: string }>(
    `select c.conrelid::regclass::text as tbl, c.confrelid::regclass::text as target,
            (select string_agg(a.attname, ',' order by k.n) from unnest(c.conkey) with ordinality k (attnum, n) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns
       from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text = any($1) and c.confrelid::regclass::text in ('receivable_schedules', 'partners')
       order by 1`,
    [TABLES],
  );
  assert.deepEqual(
    keys.map((k) => `${k.tbl}: ${k.columns} -> ${k.target}`),
    [...TABLES].sort().map((t) => `${t}: schedule_id,partner_id -> receivable_schedules`),
  );
});

/** A charge row of `partnerId` on `scheduleId` (the narrowest of the four tables to write by hand). */
function insertCharge(scheduleId: string, partnerId: string): Promise<unknown> {
  return rows(
    `insert into receivable_charges (id, partner_id, schedule_id, via_boleto, via_pix, settlement, description, due_date, expires_on, amount, discount, permite_descapitalizacao, notify_customer, status, created_at)
     values ($1, $2, $3, true, false, false, 'x', '2026-12-01', '2026-12-01', 10, 0, false, false, 'active', now())`,
    [randomUUID(), partnerId, scheduleId],
  );
}

test('a row is refused on an unknown schedule, an unknown partner, or another partner schedule (23503); accepted on its own', async () => {
  const own = await openFor(world);
  const scheduleId = (await rows<{ id: string }>('select id from receivable_schedules where proposal_id = $1', [own.proposalId]))[0]!.id;
  const other = await world.service.onboard();
  const refusals: Array<[string, string, string]> = [
    ['unknown schedule', randomUUID(), world.partner.partnerId],
    ['another partner', scheduleId, other.partnerId],
    ['unknown partner', scheduleId, randomUUID()],
  ];
  for (const [what, schedule, partner] of refusals) {
    await assert.rejects(insertCharge(schedule, partner), (e: { code?: string; constraint?: string }) => {
      assert.equal(e.code, '23503', what);
      assert.equal(e.constraint, 'receivable_charges_schedule_partner_fkey', what);
      return true;
    });
  }
  await insertCharge(scheduleId, world.partner.partnerId);
});

test('a partner with a schedule cannot be deleted, nor a schedule with rows', async () => {
  const own = await openFor(world);
  await assert.rejects(rows('delete from receivable_schedules where proposal_id = $1', [own.proposalId]), (e: { code?: string }) => e.code === '23503');
  await assert.rejects(rows('delete from partners where id = $1', [world.partner.partnerId]), (e: { code?: string }) => e.code === '23503');
});
