// Review findings of issue 17 on CNAB files, against real PostgreSQL: the same bank event in
// another file (other bytes) is a duplicate, not money to refund; concurrent remittance runs never
// share a file sequence nor overwrite a file; the inbox leaves a file being written alone and
// never overwrites an archived one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ok, openFor, startWorld, type World } from '../http/receivables-fixture.js';
import { bankProfile, buildReturn, importReturnFile, makeRemittance, remittanceText, type BankEvent } from '../../src/modules/settlement/index.js';
import { receivablesDeps } from '../../src/modules/receivables/receivables-wiring.js';
import type { LocalDate } from '../../src/platform/dates.js';

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

const importText = (name: string, text: string) => importReturnFile(db(), world.service.clock, receivablesDeps(world.service.config), name, Buffer.from(text, 'latin1'));

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
