// The sandbox clock end to end (issue 18): two real listening instances with CAAS_SANDBOX=true on
// one database, the clock moved with `caas clock`, every answer stamped with Caas-Clock.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, brazilDateAt, type LocalDate } from '../../src/platform/dates.js';
import { personDto } from '../http/proposals-fixture.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { cli, fetchToken, onboardPartner, postJson, type E2ePartner } from '../support/e2e-partner.js';
import { startServer, type RunningServer } from '../support/server.js';

const PUBLIC_URL = 'http://caas.clock.test';
const DAY = 86_400_000;
const CLOCK_TTL_MS = 1_000; // LIMITS.SANDBOX_CLOCK_TTL_MS: how stale an instance's copy may be
const ENV_KEYS = ['DATABASE_URL', 'CAAS_SANDBOX', 'CAAS_WORKERS', 'LOG_LEVEL'] as const;

let database: TestDatabase;
let a: RunningServer;
let b: RunningServer;
let partner: E2ePartner;
let token: string;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
const dueDate = addDays(brazilDateAt(new Date()), 30);
let proposal: { codigo: string; numero: number };

const settle = () => new Promise((r) => setTimeout(r, CLOCK_TTL_MS + 200));

function assertClockNear(header: string | null, expected_ms: number): void {
  assert.ok(header, 'Caas-Clock header present');
  const drift = Math.abs(Date.parse(header) - expected_ms);
  assert.ok(drift < 10_000, `Caas-Clock ${header} is ${drift} ms away from ${new Date(expected_ms).toISOString()}`);
}

before(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, CAAS_SANDBOX: 'true', CAAS_WORKERS: 'false', LOG_LEVEL: 'silent' });
  const env = { DATABASE_URL: database.url, PUBLIC_URL, CAAS_SANDBOX: 'true', CAAS_WORKERS: 'false' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  partner = await onboardPartner(PUBLIC_URL);
  token = await fetchToken(a.url, partner);
});

after(async () => {
  await Promise.all([a?.kill('SIGKILL'), b?.kill('SIGKILL')]);
  partner?.cleanup();
  for (const k of ENV_KEYS) if (savedEnv[k] === undefined) delete process.env[k];
  else process.env[k] = savedEnv[k];
  await database.drop();
});

describe('sandbox clock', () => {
  test('sandbox mode off: the clock cannot be moved (exit 3); show tells the real time', async () => {
    process.env.CAAS_SANDBOX = 'false';
    try {
      const advanced = await cli('clock', 'advance', '--days', '1');
      assert.equal(advanced.code, 3, advanced.err);
      assert.match(advanced.err, /only be moved in sandbox mode \(CAAS_SANDBOX=true\)/);
      assert.equal((await cli('clock', 'set', '2099-01-01')).code, 3);
      const shown = await cli('clock', 'show');
      assert.equal(shown.code, 0, shown.err);
      assert.match(shown.out, /real time: sandbox mode is off/);
    } finally {
      process.env.CAAS_SANDBOX = 'true';
    }
  });

  test('create, disburse, advance 8 days: CancelarProposta is refused with 28; both instances show one clock', async () => {
    const created = await postJson(a.url, token, '/Proposta/IncluirManualSimplificado', { dto: personDto({ dtPrimeiroVencto: dueDate }), parametros: null });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assertClockNear(created.clock, Date.now());
    proposal = { codigo: created.body.codigo as string, numero: created.body.numero as number };
    for (const step of ['approve', 'disburse']) {
      const run = await cli('proposal', step, String(proposal.numero));
      assert.equal(run.code, 0, run.err);
    }
    const moved = await cli('clock', 'advance', '--days', '8', '--json');
    assert.equal(moved.code, 0, moved.err);
    assert.equal((JSON.parse(moved.out) as { steps: number }).steps, 8);
    await settle();
    const refused = await postJson(b.url, token, '/FGTS/CancelarProposta', { dto: { codigoProposta: proposal.codigo }, motivoCancelamento: 'Desistência' });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    const messages = refused.body.Messages as Array<{ Code: string; Description: string }>;
    assert.deepEqual(messages.map((m) => m.Code), ['28']);
    assert.match(messages[0]!.Description, /prazo de 7 dias/);
    assertClockNear(refused.clock, Date.now() + 8 * DAY);
    // The other instance, the CLI and a health probe all read the same moved clock.
    const other = await fetch(`${a.url}/health/ready`);
    assertClockNear(other.headers.get('caas-clock'), Date.now() + 8 * DAY);
    const shown = JSON.parse((await cli('clock', 'show', '--json')).out) as { sandbox: boolean; now: string; offsetDays: number };
    assert.equal(shown.sandbox, true);
    assertClockNear(shown.now, Date.now() + 8 * DAY);
    // Forward only.
    const back = await cli('clock', 'set', brazilDateAt(new Date()));
    assert.equal(back.code, 2);
    assert.match(back.err, /only moves forward/);
  });

  test('advance 40 days past a due date: the fine and 40 days of mora; the expired boleto cannot be paid', async () => {
    const issued = await postJson(a.url, token, '/AgendaRecebivel/GerarUnicoBoleto', {
      dto: { codigoProposta: proposal.codigo, nroParcelas: [1] },
      dtoGerarUnicoBoleto: { dtVencimento: dueDate, liquidacao: true, descricaoBoleto: 'Parcela 1', tipoRegistro: 2 },
    });
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    const listed = JSON.parse((await cli('boleto', 'list', '--proposal', String(proposal.numero), '--json')).out) as Array<{ numeroBoleto: number; situacao: number }>;
    const boleto = listed.find((x) => x.situacao === 0)!;

    // Offline registration (tipoRegistro 2): queued with the boleto, run by the catch-up.
    const toDue = await cli('clock', 'set', dueDate, '--json');
    assert.equal(toDue.code, 0, toDue.err);
    assert.ok((JSON.parse(toDue.out) as { handled: { registrations: number } }).handled.registrations >= 1);
    const registered = JSON.parse((await cli('boleto', 'list', '--proposal', String(proposal.numero), '--json')).out) as Array<{ numeroBoleto: number; situacao: number }>;
    assert.equal(registered.find((x) => x.numeroBoleto === boleto.numeroBoleto)!.situacao, 1);

    const later = await cli('clock', 'advance', '--days', '40');
    assert.equal(later.code, 0, later.err);
    await settle();
    const today = addDays(dueDate, 40) as LocalDate;
    const consult = (dtCalculo?: string) => postJson(b.url, token, '/AgendaRecebivel/ConsultarParcelas', { dto: { codigoProposta: proposal.codigo, nroParcelas: [1] }, ...(dtCalculo ? { dtoConsultaParcelas: { dtCalculo } } : {}) });
    const now = await consult();
    assert.equal(now.status, 200, JSON.stringify(now.body));
    assert.equal(now.body.dtCalculo, `${today}T00:00:00Z`);
    const calculado = (now.body.parcelas as Array<{ calculado: { vlrMulta: number; vlrMora: number } }>)[0]!.calculado;
    // Fine 2% of the principal once; mora 1% a month pro rata die, 40 days: 2% × (40/30)/2.
    assert.ok(calculado.vlrMulta > 0, JSON.stringify(calculado));
    assert.ok(Math.abs(calculado.vlrMora - (calculado.vlrMulta * 40) / 60) <= 0.02, JSON.stringify(calculado));
    // The same as asking explicitly for that date: "today" is the simulated day.
    assert.deepEqual((await consult(today)).body.parcelas, now.body.parcelas);

    const paid = await cli('boleto', 'pay', String(boleto.numeroBoleto));
    assert.equal(paid.code, 1, paid.out);
    assert.match(paid.err, /PAG003 Pagamento após a data de expiração/);
  });
});
