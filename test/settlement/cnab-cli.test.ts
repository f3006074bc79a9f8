// `caas cnab remessa` and `caas cnab retorno` against real PostgreSQL: offline boletos sent to the
// bank, then the bank's return applied whole and once (registered, rejected, settled late and
// overpaid, partial, unknown nosso número → unmatched), a written-off boleto, a bad file refused.
// The CLI runs on the wall clock; the schedule is dated in 2024.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { cli, useCliAgainst } from '../http/proposals-fixture.js';
import { details, ok, openFor, outbox, startWorld, type World } from '../http/receivables-fixture.js';
import { bankProfile, buildReturn, remittanceText, type BankEvent } from '../../src/modules/settlement/index.js';
import { sandboxSettings } from '../../src/modules/receivables/settings.js';
import { cancelBoletoNow } from '../../src/modules/receivables/collections/collection-cancel.js';
import { scheduleById } from '../../src/modules/receivables/schedule/schedule-repository.js';
import type { LocalDate } from '../../src/platform/dates.js';
import { dec } from '../../src/platform/money.js';
import { inOutbox } from '../support/outbox.js';

let world: World;
let dir: string;
before(async () => {
  world = await startWorld('2024-01-15T15:00:00Z');
  useCliAgainst(world.service);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-cnab-'));
});
after(async () => {
  await world.service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const settings = sandboxSettings();

function returnFile(name: string, events: BankEvent[], fileSequence = 1): string {
  const text = remittanceText(buildReturn({ profile: bankProfile('001'), issuer: settings.issuer, company: settings.beneficiary, fileSequence, generatedOn: '2024-02-21' as LocalDate, events }));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, 'latin1');
  return file;
}

async function boletos(proposalId: string) {
  return world.service.database.db.selectFrom('receivable_boletos').select(['id', 'numero', 'nosso_numero_seq', 'registration_status', 'due_date', 'amount', 'schedule_id', 'partner_id']).where('schedule_id', 'in', world.service.database.db.selectFrom('receivable_schedules').select('id').where('proposal_id', '=', proposalId)).orderBy('numero').execute();
}

test('remittance, then a return file applied once: registered, rejected, late overpaid, partial, unmatched, written off', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 3 });
  for (const n of [1, 2, 3]) {
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [n] }, dtoGerarUnicoBoleto: { dtVencimento: `2024-0${n + 1}-10`, descricaoBoleto: `Parcela ${n}`, tipoRegistro: 2 } });
  }
  const [b1, b2, b3] = await boletos(s.proposalId);
  assert.deepEqual([b1!.registration_status, b2!.registration_status, b3!.registration_status], [0, 0, 0]);
  assert.deepEqual((await outbox(world, s.proposalId)).filter((e) => e.type === 5), [], 'event 5 waits for the bank (decision S25)');

  const sent = await cli('cnab', 'remessa', '--out', dir, '--json');
  assert.equal(sent.code, 0, sent.err);
  const remittance = JSON.parse(sent.out) as { path: string; registrations: number; writeOffs: number; fileSequence: number };
  assert.deepEqual([remittance.registrations, remittance.writeOffs, remittance.fileSequence], [3, 0, 1]);
  const lines = fs.readFileSync(remittance.path, 'latin1').split('\r\n').filter((l) => l !== '');
  assert.equal(lines.length, 2 + 3 * 3 + 2);
  assert.deepEqual(lines.slice(2, 11).map((l) => l[13]), ['P', 'Q', 'R', 'P', 'Q', 'R', 'P', 'Q', 'R']);
  assert.equal(lines[2]!.slice(37, 57), bankProfile('001').nossoNumeroField(BigInt(b1!.nosso_numero_seq), settings.issuer));
  assert.match((await cli('cnab', 'remessa', '--out', dir)).out, /nothing to send/);

  const events: BankEvent[] = [
    { movement: '02', sequence: BigInt(b1!.nosso_numero_seq), documentNumber: String(b1!.numero), dueDate: '2024-02-10' as LocalDate, amount: '350.00' },
    { movement: '03', sequence: BigInt(b2!.nosso_numero_seq), documentNumber: String(b2!.numero), dueDate: '2024-03-10' as LocalDate, amount: '350.00', reasons: ['45', '48'] },
    { movement: '02', sequence: BigInt(b3!.nosso_numero_seq), documentNumber: String(b3!.numero), dueDate: '2024-04-10' as LocalDate, amount: '350.00' },
    { movement: '06', sequence: BigInt(b1!.nosso_numero_seq), documentNumber: String(b1!.numero), dueDate: '2024-02-10' as LocalDate, amount: '350.00', paid: '400.00', charges: '8.00', occurredOn: '2024-02-20' as LocalDate, creditedOn: '2024-02-21' as LocalDate },
    { movement: '06', sequence: BigInt(b3!.nosso_numero_seq), documentNumber: String(b3!.numero), dueDate: '2024-04-10' as LocalDate, amount: '350.00', paid: '100.00', occurredOn: '2024-02-20' as LocalDate, creditedOn: '2024-02-21' as LocalDate },
    { movement: '06', sequence: 9_999_999n, documentNumber: '999', dueDate: '2024-02-10' as LocalDate, amount: '50.00', paid: '50.00', occurredOn: '2024-02-20' as LocalDate, creditedOn: '2024-02-21' as LocalDate },
  ];
  const file = returnFile('ret-1.ret', events);
  const imported = await cli('cnab', 'retorno', file, '--json');
  assert.equal(imported.code, 0, imported.err);
  assert.deepEqual(JSON.parse(imported.out)[0].outcomes, { registered: 2, rejected: 1, settled: 2, unmatched: 1 });

  const after1 = await boletos(s.proposalId);
  // A partial payment settles the boleto at the bank (liquidado); the installment keeps its balance.
  assert.deepEqual(after1.map((b) => b.registration_status), [5, 2, 5]);
  const parcelas = (await details(world, s.proposalId)).parcelas;
  assert.deepEqual(parcelas.map((p) => [p.nroParcela, p.situacao, p.lancamentos?.[0]?.viaBoleto ?? null]), [[1, 1, true], [2, 0, null], [3, 2, true]]);
  const db = world.service.database.db;
  const history = await db.selectFrom('settlement_events').select(['kind', 'actor', 'outcome', 'late', 'amount_paid', 'amount_due', 'excess', 'reasons', 'paid_on']).orderBy('source_key').execute();
  assert.ok(history.every((h) => h.actor === 'bank:001'));
  const settled = history.filter((h) => h.kind === 'settled').sort((a, b) => Number(b.amount_paid) - Number(a.amount_paid));
  assert.equal(settled[0]!.outcome, 'overpaid');
  assert.equal(settled[0]!.late, true);
  assert.ok(Number(settled[0]!.amount_due) > 350, `late: fine and interest recalculated on 2024-02-20 (${settled[0]!.amount_due})`);
  assert.equal(settled[0]!.excess, dec(400).minus(settled[0]!.amount_due!).toFixed(2));
  assert.deepEqual([settled[1]!.outcome, settled[1]!.late, settled[1]!.excess], ['partial', false, '0.00']);
  assert.equal(history.find((h) => h.kind === 'rejected')!.reasons, '45 Nome do pagador não informado; 48 CEP inválido');
  const unmatched = await db.selectFrom('settlement_unmatched').select(['reference', 'amount', 'reason', 'actor']).execute();
  assert.deepEqual(unmatched.map((u) => [u.amount, u.actor]), [['50.00', 'bank:001']]);
  assert.match(unmatched[0]!.reason, /referência desconhecida/);
  const created = (await outbox(world, s.proposalId)).filter((e) => e.type === 5).map((e) => (e.body.GeracaoBoleto as Record<string, unknown>).NroBoleto);
  assert.deepEqual(created, [b1!.numero, b3!.numero], 'event 5 for the two boletos the bank registered, none for the rejected one');
  const callbackTypes = (await outbox(world, s.proposalId)).map((e) => e.type);
  assert.deepEqual(callbackTypes.filter((t) => t === 3).length, 2, `event 3 per settlement: ${callbackTypes}`);

  // The same file again: nothing changes.
  const again = await cli('cnab', 'retorno', file);
  assert.equal(again.code, 0, again.err);
  assert.match(again.out, /already imported/);
  assert.equal((await db.selectFrom('receivable_launches').select('id').where('schedule_id', '=', b1!.schedule_id).execute()).length, 2);
  assert.equal((await db.selectFrom('settlement_unmatched').select('id').execute()).length, 1);

  // Paid again at the bank (another file): the installment is settled → unmatched, not lost.
  const twice = returnFile('ret-2.ret', [{ ...events[3]!, paid: '358.00' }], 2);
  assert.equal((await cli('cnab', 'retorno', twice)).code, 0);
  const reasons = (await db.selectFrom('settlement_unmatched').select('reason').where('amount', '=', '358.00').execute()).map((u) => u.reason);
  assert.deepEqual(reasons.length, 1);
  assert.match(reasons[0]!, /já liquidad/);

  // A cancelled boleto the bank registered: its write-off goes in the next remittance; 09 confirms
  // it; money arriving for it afterwards is an unmatched receipt.
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-03-10', descricaoBoleto: 'Parcela 2 de novo', tipoRegistro: 2 } });
  const b4 = (await boletos(s.proposalId))[3]!;
  const resent = JSON.parse((await cli('cnab', 'remessa', '--out', dir, '--json')).out) as { registrations: number; fileSequence: number };
  assert.deepEqual([resent.registrations, resent.fileSequence], [1, 2]);
  const ev4 = { sequence: BigInt(b4.nosso_numero_seq), documentNumber: String(b4.numero), dueDate: '2024-03-10' as LocalDate, amount: '350.00' };
  assert.equal((await cli('cnab', 'retorno', returnFile('ret-3.ret', [{ ...ev4, movement: '02' }], 3))).code, 0);
  await inOutbox(db, new Date(), async ({ tx, enqueue }) => {
    const schedule = await scheduleById(tx, b4.partner_id, b4.schedule_id, true);
    const row = await tx.selectFrom('receivable_boletos').selectAll().where('id', '=', b4.id).forUpdate().executeTakeFirstOrThrow();
    await cancelBoletoNow(tx, enqueue, schedule, row, new Date());
  });
  const writeOff = JSON.parse((await cli('cnab', 'remessa', '--out', dir, '--json')).out) as { path: string; registrations: number; writeOffs: number; fileSequence: number };
  assert.deepEqual([writeOff.registrations, writeOff.writeOffs, writeOff.fileSequence], [0, 1, 3]);
  const woLines = fs.readFileSync(writeOff.path, 'latin1').split('\r\n').filter((l) => l !== '');
  assert.deepEqual([woLines.length, woLines[2]![13], woLines[2]!.slice(15, 17)], [5, 'P', '02']);
  const confirmed = await cli('cnab', 'retorno', returnFile('ret-4.ret', [{ ...ev4, movement: '09', occurredOn: '2024-02-22' as LocalDate }, { ...ev4, movement: '06', paid: '20.00', occurredOn: '2024-02-22' as LocalDate }], 4), '--json');
  assert.deepEqual(JSON.parse(confirmed.out)[0].outcomes, { writtenOff: 1, unmatched: 1 });
  assert.match((await db.selectFrom('settlement_unmatched').select('reason').where('amount', '=', '20.00').executeTakeFirstOrThrow()).reason, /cancelada/);

  // Reconciliation of 2024-02-20: two settlements received (one overpaid), two unmatched receipts.
  const csv = await cli('reconcile', '--date', '2024-02-20', '--csv');
  assert.equal(csv.code, 0, csv.err);
  const rows = csv.out.split('\n');
  assert.equal(rows[0], 'date,channel,measure,count,amount,reference,actor,reason');
  assert.ok(rows.includes('2024-02-20,boleto,received,2,500.00,,,'), csv.out);
  assert.ok(rows.includes('2024-02-20,boleto,unmatched,2,408.00,,,'), csv.out);
  assert.ok(rows.includes('2024-02-20,boleto,pendingConfirmation,0,0.00,,,'), csv.out);
  assert.ok(rows.some((r) => r.startsWith('2024-02-20,boleto,excess,1,')), csv.out);
  assert.equal(rows.filter((r) => r.includes(',unmatchedReceipt,')).length, 2);
  const text = await cli('reconcile', '--date', '2024-02-20');
  assert.match(text.out, /boleto:\n  expected +0  R\$ 0\.00\n  received +2  R\$ 500\.00/);
  assert.equal((await cli('reconcile', '--date', '2024-02-30')).code, 2);
});

test('a bad file is refused whole, naming the file, line and field; nothing applied', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 1 });
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-02-10', descricaoBoleto: 'Parcela 1', tipoRegistro: 2 } });
  const [b] = await boletos(s.proposalId);
  const file = returnFile('bad.ret', [
    { movement: '02', sequence: BigInt(b!.nosso_numero_seq), documentNumber: String(b!.numero), dueDate: '2024-02-10' as LocalDate, amount: '350.00' },
    { movement: '06', sequence: BigInt(b!.nosso_numero_seq), documentNumber: String(b!.numero), dueDate: '2024-02-10' as LocalDate, amount: '350.00', paid: '350.00', occurredOn: '2024-02-10' as LocalDate },
  ]);
  const lines = fs.readFileSync(file, 'latin1').split('\r\n');
  lines[5] = `${lines[5]!.slice(0, 137)}31022024${lines[5]!.slice(145)}`;
  fs.writeFileSync(file, lines.join('\r\n'), 'latin1');
  const refused = await cli('cnab', 'retorno', file);
  assert.equal(refused.code, 2);
  assert.match(refused.err, /bad\.ret, line 6, field occurredOn \(positions 138-145\): "31022024" is not a date DDMMAAAA \(file refused whole: nothing applied\)/);
  assert.equal((await boletos(s.proposalId))[0]!.registration_status, 0);
  assert.match((await cli('cnab', 'remessa', '--bank', '237')).err, /no agência\/conta is configured for bank 237/);
});

test('remessa runs as the audited command settlement.remittance: the same --idempotency-key writes no second file and prints the first result', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 1 });
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-02-10', descricaoBoleto: 'Parcela 1', tipoRegistro: 2 } });
  const out = fs.mkdtempSync(path.join(dir, 'keyed-'));
  const first = await cli('cnab', 'remessa', '--out', out, '--json', '--idempotency-key', 'remessa-keyed-1');
  assert.equal(first.code, 0, first.err);
  const made = JSON.parse(first.out) as { path: string; registrations: number; fileSequence: number };
  assert.ok(made.registrations >= 1, first.out); // this boleto, and any the earlier test left waiting
  assert.match(first.err, /idempotency-key: remessa-keyed-1$/m);
  fs.renameSync(made.path, `${made.path}.taken-by-the-bank`);
  const again = await cli('cnab', 'remessa', '--out', out, '--json', '--idempotency-key', 'remessa-keyed-1');
  assert.equal(again.code, 0, again.err);
  assert.deepEqual(JSON.parse(again.out), made);
  assert.match(again.err, /replayed: nothing changed/);
  assert.deepEqual(fs.readdirSync(out), [`${path.basename(made.path)}.taken-by-the-bank`], 'a replay writes no file');
  const audit = await world.service.database.db.selectFrom('command_audit').select(['actor_kind', 'idempotency_key', 'summary']).where('command', '=', 'settlement.remittance').where('idempotency_key', '=', 'remessa-keyed-1').execute();
  assert.deepEqual(audit, [{ actor_kind: 'operator', idempotency_key: 'remessa-keyed-1', summary: `remittance ${path.basename(made.path)}: ${made.registrations} registration(s), 0 write-off(s)` }]);
});
