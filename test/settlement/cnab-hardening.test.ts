// Review findings of issue 17 on CNAB files, against real PostgreSQL: the same bank event in
// another file (other bytes) is a duplicate, not money to refund; concurrent remittance runs never
// share a file sequence nor overwrite a file; the inbox leaves a file being written alone and
// never overwrites an archived one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { ok, openFor, startWorld, type World } from '../http/receivables-fixture.js';
import { bankProfile, buildReturn, importReturnFile, makeRemittance, remittanceText, scanInbox, type BankEvent } from '../../src/modules/settlement/index.js';
import { settlementDeps } from '../../src/bindings.js';
import type { LocalDate } from '../../src/platform/dates.js';

const WAIT_TIMEOUT_MS = 60_000;
let world: World;
let dir: string;
before(async () => {
  world = await startWorld('2024-01-15T15:00:00Z');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-cnab-hardening-'));
});
after(async () => {
  await world.service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => world.service.database.db;
const settings = () => world.service.config.receivables;

/** An offline boleto (tipoRegistro 2) for installment 1 of a new schedule. */
async function offlineBoleto() {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 2 });
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-02-10', descricaoBoleto: 'Parcela 1', tipoRegistro: 2 } });
  return db().selectFrom('receivable_boletos as b').innerJoin('receivable_schedules as sc', 'sc.id', 'b.schedule_id').select(['b.numero', 'b.nosso_numero_seq', 'b.schedule_id']).where('sc.proposal_id', '=', s.proposalId).executeTakeFirstOrThrow();
}

type Boleto = Awaited<ReturnType<typeof offlineBoleto>>;

function eventsOf(b: Boleto): BankEvent[] {
  const base = { sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), dueDate: '2024-02-10' as LocalDate, amount: '350.00' };
  return [
    { ...base, movement: '02' },
    { ...base, movement: '06', paid: '350.00', occurredOn: '2024-02-10' as LocalDate, creditedOn: '2024-02-11' as LocalDate },
  ];
}

function returnText(events: BankEvent[], fileSequence: number): string {
  const s = settings();
  return remittanceText(buildReturn({ profile: bankProfile(s.issuer.bankCode), issuer: s.issuer, company: s.beneficiary, fileSequence, generatedOn: '2024-02-11' as LocalDate, events }));
}

const importText = (name: string, text: string) => importReturnFile(db(), world.service.clock, settlementDeps(world.service.config), name, Buffer.from(text, 'latin1'));

async function count(table: 'receivable_launches' | 'settlement_unmatched' | 'settlement_events'): Promise<number> {
  return Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

test('the same settlement in another file (CRLF→LF, consolidated) is a duplicate, not an unmatched receipt', async () => {
  const [b1, b2] = [await offlineBoleto(), await offlineBoleto()];
  const first = returnText(eventsOf(b1), 7);
  const applied = await importText('ret-a.ret', first);
  assert.deepEqual([applied.status, applied.outcomes], ['applied', { registered: 1, settled: 1 }]);
  const before = { launches: await count('receivable_launches'), unmatched: await count('settlement_unmatched'), events: await count('settlement_events') };

  // The same file again (same bytes): nothing changes.
  assert.equal((await importText('ret-a-again.ret', first)).status, 'alreadyImported');
  // The same events with other bytes (LF line ends): recognised, reported as duplicates.
  const relined = await importText('ret-a-lf.ret', first.replaceAll('\r\n', '\n'));
  assert.deepEqual([relined.status, relined.outcomes], ['applied', { duplicate: 2 }]);
  // A consolidated file (another sequence) carrying them again plus a new boleto's events.
  const consolidated = await importText('ret-consolidated.ret', returnText([...eventsOf(b1), ...eventsOf(b2)], 8));
  assert.deepEqual(consolidated.outcomes, { duplicate: 2, registered: 1, settled: 1 });

  assert.equal(await count('settlement_unmatched'), before.unmatched, 'no money to refund appeared');
  assert.equal(await count('receivable_launches'), before.launches + 1);
  assert.equal(await count('settlement_events'), before.events + 2);
});

const nossoNumerosIn = (file: string) => new Set(fs.readFileSync(file, 'latin1').split('\r\n').filter((l) => l[13] === 'P').map((l) => l.slice(37, 57)));
const nossoNumeroOf = (b: Boleto) => bankProfile(settings().issuer.bankCode).nossoNumeroField(BigInt(b.nosso_numero_seq), settings().issuer);

/** Backends of this database waiting for a lock (a row, a table or an advisory lock). */
async function waitingOnLocks(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
  return rows[0]!.n;
}

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('two concurrent remittance runs: different file sequences, neither file overwritten, every boleto in a file on disk', { timeout: 120_000 }, async () => {
  const [x, y] = [await offlineBoleto(), await offlineBoleto()];
  const out = path.join(dir, 'concurrent');
  const run = () => makeRemittance(db(), world.service.clock, settings(), settings().issuer.bankCode, out);
  // Forces the interleaving: run A takes boleto x and waits on settlement_files (held by `table`);
  // y is held by `rows` until then, so run B (started next) finds y; both then go on together.
  const [a, b] = await db().connection().execute((table) =>
    db().connection().execute(async (rows) => {
      await sql`begin`.execute(table);
      await sql`lock table settlement_files in access exclusive mode`.execute(table);
      await sql`begin`.execute(rows);
      await sql`select id from receivable_boletos where nosso_numero_seq = ${y.nosso_numero_seq} for update`.execute(rows);
      const first = run();
      await waitUntil('run A waits', async () => (await waitingOnLocks()) === 1);
      await sql`commit`.execute(rows);
      const second = run();
      await waitUntil('run B waits', async () => (await waitingOnLocks()) === 2);
      await sql`commit`.execute(table);
      return Promise.all([first, second]);
    }),
  );
  assert.notEqual(a.fileSequence, b.fileSequence);
  assert.equal(a.registrations + b.registrations, 2);
  const sent = [a.path, b.path].filter((p): p is string => p !== null).map(nossoNumerosIn);
  assert.deepEqual(new Set(sent.flatMap((s) => [...s])), new Set([nossoNumeroOf(x), nossoNumeroOf(y)]), 'each boleto marked as sent is in a file on disk');
  const recorded = await db().selectFrom('settlement_files').select(['file_sequence', 'name']).where('direction', '=', 'remittance').execute();
  assert.equal(new Set(recorded.map((r) => r.file_sequence)).size, recorded.length);
  assert.deepEqual(fs.readdirSync(out).sort(), recorded.map((r) => r.name).sort());
});

test('a remittance never writes over an existing file of the same name; nothing is marked as sent', async () => {
  const b = await offlineBoleto();
  const out = path.join(dir, 'orphan');
  const last = await db().selectFrom('settlement_files').select((eb) => eb.fn.max('file_sequence').as('n')).where('direction', '=', 'remittance').executeTakeFirst();
  const name = `remessa-${settings().issuer.bankCode}-${String(Number(last?.n ?? 0) + 1).padStart(6, '0')}.rem`;
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, name), 'left by a run that stopped before its commit\r\n');
  await assert.rejects(makeRemittance(db(), world.service.clock, settings(), settings().issuer.bankCode, out), /already exists and no remittance records it/);
  assert.equal(fs.readFileSync(path.join(out, name), 'latin1'), 'left by a run that stopped before its commit\r\n');
  assert.deepEqual(fs.readdirSync(out), [name], 'no temp file left');
  const items = await db().selectFrom('settlement_remittance_items as i').innerJoin('receivable_boletos as rb', 'rb.id', 'i.boleto_id').select('i.kind').where('rb.nosso_numero_seq', '=', b.nosso_numero_seq).execute();
  assert.deepEqual(items, []);
});

function inboxOf(name: string) {
  const inbox = path.join(dir, name);
  fs.mkdirSync(inbox, { recursive: true });
  const seen = new Map<string, string>();
  const scan = () => scanInbox(db(), world.service.clock, settlementDeps(world.service.config), inbox, seen);
  const list = (sub = '.') => (fs.existsSync(path.join(inbox, sub)) ? fs.readdirSync(path.join(inbox, sub), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort() : []);
  return { inbox, scan, list };
}

test('the inbox leaves a file alone while it is still being written, then imports it whole', async () => {
  const b = await offlineBoleto();
  const { inbox, scan, list } = inboxOf('inbox-growing');
  const text = returnText(eventsOf(b), 21);
  const file = path.join(inbox, 'retorno-21.ret');
  fs.writeFileSync(file, text.slice(0, 700), 'latin1');
  assert.deepEqual(await scan(), [], 'first sight: not imported');
  assert.deepEqual([list(), list('rejected')], [['retorno-21.ret'], []]);
  fs.appendFileSync(file, text.slice(700, 1500), 'latin1');
  assert.deepEqual(await scan(), [], 'it grew since the last pass: still not imported');
  fs.appendFileSync(file, text.slice(1500), 'latin1');
  assert.deepEqual(await scan(), []);
  const imported = await scan();
  assert.deepEqual(imported.map((r) => [r.file, r.status, r.outcomes]), [['retorno-21.ret', 'applied', { registered: 1, settled: 1 }]]);
  assert.deepEqual([list(), list('processed'), list('rejected')], [[], ['retorno-21.ret'], []]);
});

test('the inbox never overwrites an archived file of the same name (processed or rejected)', async () => {
  const [b1, b2] = [await offlineBoleto(), await offlineBoleto()];
  const { inbox, scan, list } = inboxOf('inbox-names');
  const put = async (text: string) => {
    fs.writeFileSync(path.join(inbox, 'retorno.ret'), text, 'latin1');
    await scan();
    return scan();
  };
  const first = returnText(eventsOf(b1), 31);
  const second = returnText(eventsOf(b2), 32);
  assert.equal((await put(first))[0]!.status, 'applied');
  assert.equal((await put(second))[0]!.status, 'applied');
  assert.deepEqual(list('processed'), ['retorno-2.ret', 'retorno.ret']);
  assert.equal(fs.readFileSync(path.join(inbox, 'processed', 'retorno.ret'), 'latin1'), first);
  assert.equal(fs.readFileSync(path.join(inbox, 'processed', 'retorno-2.ret'), 'latin1'), second);
  // Two bad files of one name: both kept in rejected/, each with its own error text.
  assert.deepEqual(await put('not a CNAB file\r\n'), []);
  assert.deepEqual(await put('still not a CNAB file\r\n'), []);
  assert.deepEqual(list('rejected'), ['retorno-2.ret', 'retorno-2.ret.error.txt', 'retorno.ret', 'retorno.ret.error.txt']);
  assert.equal(fs.readFileSync(path.join(inbox, 'rejected', 'retorno-2.ret'), 'latin1'), 'still not a CNAB file\r\n');
  assert.deepEqual(list(), []);
});
