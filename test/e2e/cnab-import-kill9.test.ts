// End to end: `caas cnab retorno` in a child process is killed with SIGKILL in the middle of an
// import (one boleto's lines applied inside the transaction, the next waiting on a row lock the
// test holds), then the same file is imported again: everything is applied exactly once, nothing
// is lost, and a third import changes nothing.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { details, ok, openFor, startWorld, type World } from '../http/receivables-fixture.js';
import { bankProfile, buildReturn, remittanceText, type BankEvent } from '../../src/modules/settlement/index.js';
import { sandboxSettings } from '../../src/modules/receivables/settings.js';
import type { LocalDate } from '../../src/platform/dates.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WAIT_TIMEOUT_MS = 90_000;
let world: World;
let dir: string;

before(async () => {
  world = await startWorld('2024-01-15T15:00:00Z');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-cnab-kill-'));
});
after(async () => {
  await world.service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/caas.mjs'), ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: world.service.database.url, CAAS_WORKERS: 'false', LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c.toString()));
  child.stderr.on('data', (c) => (out += c.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exit, output: () => out };
}

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function boletoOf(proposalId: string) {
  const db = world.service.database.db;
  return db.selectFrom('receivable_boletos as b').innerJoin('receivable_schedules as s', 's.id', 'b.schedule_id').select(['b.numero', 'b.nosso_numero_seq', 'b.registration_status', 's.id as schedule_id']).where('s.proposal_id', '=', proposalId).executeTakeFirstOrThrow();
}

async function counts() {
  const db = world.service.database.db;
  const n = async (table: 'receivable_launches' | 'settlement_events' | 'settlement_files' | 'settlement_unmatched') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { launches: await n('receivable_launches'), events: await n('settlement_events'), files: await n('settlement_files'), unmatched: await n('settlement_unmatched') };
}

test('kill -9 during an import, then re-import: nothing applied twice, nothing lost', { timeout: 240_000 }, async () => {
  const proposals = [];
  for (const _ of [1, 2]) {
    const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 2 });
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-02-10', descricaoBoleto: 'Parcela 1', tipoRegistro: 2 } });
    proposals.push(s.proposalId);
  }
  const [b1, b2] = [await boletoOf(proposals[0]!), await boletoOf(proposals[1]!)];
  const settings = sandboxSettings();
  const lines = (b: typeof b1): BankEvent[] => [
    { movement: '02', sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), dueDate: '2024-02-10' as LocalDate, amount: '350.00' },
    { movement: '06', sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), dueDate: '2024-02-10' as LocalDate, amount: '350.00', paid: '350.00', occurredOn: '2024-02-10' as LocalDate, creditedOn: '2024-02-11' as LocalDate },
  ];
  const unknown: BankEvent = { movement: '06', sequence: 8_888_888n, documentNumber: '1', dueDate: '2024-02-10' as LocalDate, amount: '10.00', paid: '10.00', occurredOn: '2024-02-10' as LocalDate };
  const file = path.join(dir, 'retorno.ret');
  fs.writeFileSync(file, remittanceText(buildReturn({ profile: bankProfile('001'), issuer: settings.issuer, company: settings.beneficiary, fileSequence: 1, generatedOn: '2024-02-11' as LocalDate, events: [...lines(b1), unknown, ...lines(b2)] })), 'latin1');

  // Hold the second schedule's row: the import applies boleto 1 and the unknown line, then waits.
  const before = await counts();
  const holder = await world.service.database.db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    await sql`select id from receivable_schedules where id = ${b2.schedule_id} for update`.execute(conn);
    const run = runCli(['cnab', 'retorno', file]);
    await waitUntil('the import waits on the held row', async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = 'caas-cli' and wait_event_type = 'Lock'`.execute(world.service.database.db);
      if (run.child.exitCode !== null) assert.fail(`the import ended: ${run.output()}`);
      return rows[0]!.n > 0;
    });
    run.child.kill('SIGKILL');
    const exit = await run.exit;
    assert.equal(exit.signal, 'SIGKILL', run.output());
    await sql`rollback`.execute(conn);
    return exit;
  });
  assert.equal(holder.signal, 'SIGKILL');
  // The killed transaction dies with its connection: nothing of it is visible, nothing half-done.
  await waitUntil('the killed backend is gone', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = 'caas-cli'`.execute(world.service.database.db);
    return rows[0]!.n === 0;
  });
  assert.deepEqual(await counts(), before);
  assert.equal((await boletoOf(proposals[0]!)).registration_status, 0);

  const second = runCli(['cnab', 'retorno', file]);
  assert.equal((await second.exit).code, 0, second.output());
  assert.match(second.output(), /5 line\(s\) applied: registered 2, settled 2, unmatched 1/);
  const afterImport = await counts();
  assert.deepEqual(afterImport, { launches: before.launches + 2, events: before.events + 5, files: before.files + 1, unmatched: before.unmatched + 1 });
  for (const p of proposals) assert.deepEqual((await details(world, p)).parcelas.map((x) => [x.situacao, x.lancamentos?.length ?? 0]), [[1, 1], [0, 0]]);

  const third = runCli(['cnab', 'retorno', file]);
  assert.equal((await third.exit).code, 0, third.output());
  assert.match(third.output(), /already imported/);
  assert.deepEqual(await counts(), afterImport);
});
