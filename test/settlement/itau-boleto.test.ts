// Boletos issued for Itaú (bank 341): the barcode's free field with carteira, nosso número and
// their DACs, the remittance's nosso número field agreeing with it, and the bank's 341 return
// registering and settling the boleto (actor bank:341).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildFreeField } from '../../src/modules/receivables/collections/boleto/free-field.js';
import { linhaDigitavelToBarcode } from '../../src/modules/receivables/collections/boleto/barcode.js';
import { settlementDeps } from '../../src/bindings.js';
import { bankProfile, buildReturn, importReturnFile, makeRemittance, remittanceText } from '../../src/modules/settlement/index.js';
import type { LocalDate } from '../../src/platform/dates.js';
import { startTestService } from '../support/app.js';
import { details, ok, openFor, outbox, type World } from '../http/receivables-fixture.js';

const ITAU_ENV = { CAAS_BOLETO_BANK_CODE: '341', CAAS_BOLETO_WALLET: '109', CAAS_BOLETO_BRANCH: '1565', CAAS_BOLETO_ACCOUNT: '13877', CAAS_BOLETO_REGISTRATION: 'cnab' };
let world: World;
let dir: string;

before(async () => {
  const service = await startTestService(ITAU_ENV);
  service.clock.set('2024-01-15T15:00:00Z');
  const partner = await service.onboard();
  world = { service, partner, token: await service.token(partner) };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-itau-'));
});
after(async () => {
  await world.service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('an Itaú boleto: free field 109/nosso número-DAC/agência/conta-DAC, remittance and return of bank 341', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 2 });
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-02-10', descricaoBoleto: 'Parcela 1', tipoRegistro: 2 } });
  const db = world.service.database.db;
  const b = await db.selectFrom('receivable_boletos as b').innerJoin('receivable_schedules as s', 's.id', 'b.schedule_id').selectAll('b').where('s.proposal_id', '=', s.proposalId).executeTakeFirstOrThrow();
  assert.equal(b.bank_code, '341');
  const issuer = world.service.config.receivables.issuer;
  const { freeField } = buildFreeField(issuer, BigInt(b.nosso_numero_seq));
  assert.match(freeField, /^109\d{8}\d1565138771000$/);
  const barcode = linhaDigitavelToBarcode(b.linha_digitavel);
  assert.ok(barcode.ok);
  assert.equal(barcode.barcode.slice(0, 4), '3419');
  assert.equal(barcode.barcode.slice(19), freeField);

  const sent = await makeRemittance(db, world.service.clock, world.service.config.receivables, '341', dir);
  assert.equal(sent.registrations, 1);
  const segmentP = fs.readFileSync(sent.path!, 'latin1').split('\r\n')[2]!;
  assert.equal(segmentP.slice(37, 49), freeField.slice(0, 12), 'carteira + nosso número + DAC as in the barcode');

  const event = { sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), dueDate: '2024-02-10' as LocalDate, amount: b.amount };
  const text = remittanceText(buildReturn({ profile: bankProfile('341'), issuer, company: world.service.config.receivables.beneficiary, fileSequence: 1, generatedOn: '2024-02-12' as LocalDate, events: [{ ...event, movement: '02' }, { ...event, movement: '06', paid: b.amount, occurredOn: '2024-02-09' as LocalDate, creditedOn: '2024-02-12' as LocalDate }] }));
  const imported = await importReturnFile(db, world.service.clock, settlementDeps(world.service.config), 'itau.ret', Buffer.from(text, 'latin1'));
  assert.deepEqual(imported.outcomes, { registered: 1, settled: 1 });
  const parcela = (await details(world, s.proposalId)).parcelas[0]!;
  assert.deepEqual([parcela.situacao, parcela.lancamentos?.[0]?.viaBoleto], [1, true]);
  const actors = await db.selectFrom('settlement_events').select('actor').distinct().execute();
  assert.deepEqual(actors.map((a) => a.actor), ['bank:341']);
  assert.ok((await outbox(world, s.proposalId)).some((e) => e.type === 3));
});
