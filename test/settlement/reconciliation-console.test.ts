// The "Conciliação" console page through fastify.inject with the frozen clock (issue 17): the same
// figures as `reconcile` (the query `caas reconcile` prints) for a day of settlement: per channel
// expected vs received, excess, the unmatched receipt, the settlements pending confirmation (a
// boleto sent and unconfirmed, a pix not confirmed by the provider); the day defaults to today in
// the service clock; the CSV link answers `caas reconcile --csv`'s rows; no session → login.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openSession } from '../../src/modules/operators/index.js';
import { reconcile, reconciliationCsv } from '../../src/modules/settlement/index.js';
import { addDays, brazilDateAt, localDate } from '../../src/platform/dates.js';
import { ok, type World } from '../http/receivables-fixture.js';
import { startTestService } from '../support/app.js';
import { createTestOperator } from '../support/console.js';
import { seedSettlementDay, type SettlementDay } from '../support/settlement-day.js';

let world: World;
let cookie: string;
let seeded: SettlementDay;
const DAY = localDate('2026-11-23');

before(async () => {
  const service = await startTestService({ CAAS_BOLETO_REGISTRATION: 'cnab' });
  const partner = await service.onboard();
  world = { service, partner, token: await service.token(partner) };
  assert.equal(brazilDateAt(service.clock.now()), DAY, 'the frozen clock is on the seeded day');
  seeded = await seedSettlementDay({ db: service.database.db, clock: service.clock, config: service.config, partnerId: partner.partnerId, day: DAY, issue: async (body) => void (await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', body)) });
  const analyst = await createTestOperator(service.database.db, 'analyst', { clock: service.clock });
  cookie = `caas_console=${(await openSession(service.database.db, analyst.id, '127.0.0.1', service.clock.now())).token}`;
});
after(() => world?.service.close());

const get = (url: string, withSession = true) => world.service.app.inject({ url, headers: withSession ? { cookie } : {} });
/** The text of the page's cells, row by row, without tags. */
function rows(body: string, caption: string): string[][] {
  const table = new RegExp(`<caption class="visually-hidden">${caption}</caption>([\\s\\S]*?)</table>`).exec(body)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => [...r[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').trim()));
}

test('Conciliação shows what caas reconcile shows, for today in the service clock by default', async () => {
  const expected = await reconcile(world.service.database.db, DAY);
  const boleto = expected.channels.find((c) => c.channel === 'boleto')!;
  assert.deepEqual([boleto.received.count, boleto.unmatched.count, boleto.pendingConfirmation.count, boleto.excess.count], [2, 1, 1, 1], JSON.stringify(boleto));
  const page = await get('/console/conciliacao');
  assert.equal(page.statusCode, 200, page.body);
  assert.match(page.body, /<a href="\/console\/conciliacao" aria-current="page">Conciliação<\/a>/);
  assert.match(page.body, /Conciliação de 23\/11\/2026/);
  const channels = rows(page.body, 'Esperado e recebido por canal');
  assert.deepEqual(channels[0], ['Canal', 'Esperado', 'Recebido', 'Diferença', 'Excedente', 'Não conciliado', 'Aguardando confirmação']);
  const money = (t: { count: number; amount: string }) => `R$ ${t.amount.replace('.', ',')} (${t.count})`;
  assert.deepEqual(channels[1], ['Boleto', money(boleto.expected), money(boleto.received), `R$ ${boleto.difference.replace('.', ',')}`, money(boleto.excess), money(boleto.unmatched), money(boleto.pendingConfirmation)]);
  const pix = expected.channels.find((c) => c.channel === 'pix')!;
  assert.deepEqual(channels[2]!.slice(0, 2), ['Pix', money(pix.expected)]);
  assert.equal(channels[2]![6], 'R$ 120,00 (1)', 'the pix waiting for the provider');
  const unmatched = rows(page.body, 'Recebimentos não conciliados');
  assert.equal(unmatched.length, 2);
  assert.deepEqual([unmatched[1]![0], unmatched[1]![1], unmatched[1]![2], unmatched[1]![4]], ['Boleto', expected.unmatched[0]!.reference, 'R$ 50,00', 'bank:001']);
  assert.match(unmatched[1]![5]!, /referência desconhecida/);
  const pending = rows(page.body, 'Pix aguardando confirmação do PSP');
  assert.deepEqual([pending[1]![0], pending[1]![2], pending[1]![5]], [seeded.pendingEndToEndId, 'R$ 120,00', 'GET /pix: 503']);
  assert.doesNotMatch(page.body, /<script>|style="/, 'no inline script or style');
});

test('another day, an invalid day, the CSV, and no session', async () => {
  const next = await get(`/console/conciliacao?data=${addDays(DAY, 1)}`);
  assert.match(next.body, /Conciliação de 24\/11\/2026/);
  assert.match(next.body, /Nenhum recebimento não conciliado neste dia/);
  assert.deepEqual(rows(next.body, 'Esperado e recebido por canal')[1]!.slice(0, 3), ['Boleto', 'R$ 0,00 (0)', 'R$ 0,00 (0)']);
  const invalid = await get('/console/conciliacao?data=2026-02-30');
  assert.equal(invalid.statusCode, 200);
  assert.match(invalid.body, /role="alert">Data inválida: mostrando 23\/11\/2026/);
  const csv = await get(`/console/conciliacao.csv?data=${DAY}`);
  assert.equal(csv.statusCode, 200);
  assert.match(String(csv.headers['content-type']), /^text\/csv/);
  assert.equal(csv.body, `${reconciliationCsv(await reconcile(world.service.database.db, DAY)).join('\n')}\n`);
  assert.ok(csv.body.includes('2026-11-23,boleto,unmatchedReceipt,1,50.00,'), csv.body);
  assert.equal((await get('/console/conciliacao.csv?data=nope')).statusCode, 400);
  for (const url of ['/console/conciliacao', `/console/conciliacao.csv?data=${DAY}`]) {
    const anonymous = await get(url, false);
    assert.equal(anonymous.statusCode, 303, url);
    assert.equal(anonymous.headers.location, '/console/entrar?expirada=1');
  }
});
