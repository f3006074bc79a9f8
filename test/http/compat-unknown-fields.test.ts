// Issue 11, point 1 (compatibility-notes, "Observed in a public partner client run against this
// project"): fields the service does not use are ignored, not refused, at any depth; known but
// malformed fields are still refused by name; ignored fields are counted and logged by path; a
// partner may opt into refusal (`caas partner update ID --strict-fields`).
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { startTestService } from '../support/app.js';
import { cli, useCliAgainst } from './proposals-fixture.js';
import { call, details, ok, openFor, refused, type World } from './receivables-fixture.js';

const LAUNCH = '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas';
const OPERATION = 'AgendaRecebivel_IncluirLancamentoMultiplasParcelas';
const SECRET_VALUE = 'valor-que-nunca-vai-ao-log';

let world: World;
const logLines: string[] = [];
before(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== ''));
      done();
    },
  });
  const service = await startTestService({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, [], { logStream });
  const partner = await service.onboard();
  world = { service, partner, token: await service.token(partner) };
});
after(() => world.service.close());

/**
 * The client's receivables `dto` is the same object on every call (codigoProposta,
 * codigoOperacao, nroParcelas), so a launch carries dto.nroParcelas, which this operation does not
 * use; plus a field unknown inside a launch and one at the top level.
 */
function clientLaunch(proposalId: string, operationCode: string, launch: Record<string, unknown> = {}) {
  return {
    dto: { codigoProposta: proposalId, codigoOperacao: operationCode, nroParcelas: [1] },
    dtoLancamentoParcelas: [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 100, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'Pagamento', observacao: SECRET_VALUE, ...launch }],
    origem: 'cliente-parceiro',
  };
}

async function ignoredCount(operation: string): Promise<number> {
  const metrics = await world.service.app.inject({ method: 'GET', url: '/metrics' });
  const line = metrics.body.split('\n').find((l) => l.startsWith(`caas_ignored_fields_total{operation="${operation}"}`));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

describe('unknown request fields', () => {
  test('are ignored at any depth: the launch is posted, counted per operation, logged by path and never by value', async () => {
    const s = await openFor(world);
    const before = await ignoredCount(OPERATION);
    await ok(world, LAUNCH, clientLaunch(s.proposalId, 'op-1'));
    const [p1] = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas;
    assert.equal(p1!.vlrTotalPago, 100);
    assert.equal(await ignoredCount(OPERATION), before + 3);
    const logged = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'unknown request fields ignored');
    assert.equal(logged.length, 1);
    assert.equal(logged[0]!.level, 20, 'debug level');
    assert.deepEqual(logged[0]!.ignoredFields, ['dto.nroParcelas', 'dtoLancamentoParcelas[0].observacao', 'origem']);
    assert.ok(!logLines.some((l) => l.includes(SECRET_VALUE) || l.includes('cliente-parceiro')), 'values never reach the log');
  });

  test('field names still match case-insensitively beside unknown fields', async () => {
    const s = await openFor(world);
    await ok(world, LAUNCH, { DTO: { CodigoProposta: s.proposalId, NroParcelas: [1] }, DtoLancamentoParcelas: [{ NroParcela: 1, DtPagamento: '2026-11-23', VlrPagamento: 50, Extra: true }] });
    assert.equal((await details(world, s.proposalId, { nroParcelas: [1] })).parcelas[0]!.vlrTotalPago, 50);
  });

  test('a known field that is malformed is still refused with a message naming it', async () => {
    const s = await openFor(world);
    const problems = await refused(world, LAUNCH, clientLaunch(s.proposalId, 'op-1', { vlrPagamento: '100,00', dtPagamento: '23/11/2026' }));
    assert.deepEqual(problems.map(([field, code]) => [field, code]).sort(), [
      ['dtoLancamentoParcelas[0].dtPagamento', 'REQ007'],
      ['dtoLancamentoParcelas[0].vlrPagamento', 'REQ005'],
    ]);
    const nested = await refused(world, LAUNCH, { ...clientLaunch(s.proposalId, 'op-1'), dto: { codigoProposta: 'not-a-uuid', nroParcelas: ['x'] } });
    assert.deepEqual(nested.map(([field]) => field), ['dto.codigoProposta']);
  });
});

describe('a partner with strict fields (caas partner update ID --strict-fields)', () => {
  test('gets unknown fields refused (REQ002, each by path) and nothing posted; --no-strict-fields restores the default', async () => {
    const strict = await world.service.onboard();
    useCliAgainst(world.service);
    const on = await cli('partner', 'update', strict.clientId, '--strict-fields');
    assert.equal(on.code, 0, on.err);
    const listed = JSON.parse((await cli('partner', 'list', '--json')).out) as Array<{ clientId: string; strictFields: boolean }>;
    assert.equal(listed.find((p) => p.clientId === strict.clientId)?.strictFields, true);
    const strictWorld: World = { service: world.service, partner: strict, token: await world.service.token(strict) };
    const s = await openFor(strictWorld);
    const before = await ignoredCount(OPERATION);
    const problems = await refused(strictWorld, LAUNCH, clientLaunch(s.proposalId, 'op-1'));
    assert.deepEqual(problems, [
      ['dto.nroParcelas', 'REQ002', 'Campo desconhecido para esta operação'],
      ['dtoLancamentoParcelas[0].observacao', 'REQ002', 'Campo desconhecido para esta operação'],
      ['origem', 'REQ002', 'Campo desconhecido para esta operação'],
    ]);
    assert.equal((await details(strictWorld, s.proposalId, { nroParcelas: [1] })).parcelas[0]!.vlrTotalPago, 0);
    assert.equal(await ignoredCount(OPERATION), before, 'refused fields are not counted as ignored');
    // A body without unknown fields is accepted as usual.
    const { origem: _, ...withoutTop } = clientLaunch(s.proposalId, 'op-1');
    const clean = { ...withoutTop, dto: { codigoProposta: s.proposalId }, dtoLancamentoParcelas: [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 10 }] };
    assert.equal((await call(strictWorld, LAUNCH, clean)).status, 200);

    const off = await cli('partner', 'update', strict.clientId, '--no-strict-fields');
    assert.equal(off.code, 0, off.err);
    // The flag travels on the authenticated principal, re-read within PARTNER_STATUS_TTL_MS (30 s).
    world.service.clock.advance(31_000);
    assert.equal((await call(strictWorld, LAUNCH, clientLaunch(s.proposalId, 'op-1', { vlrPagamento: 20 }))).status, 200);
  });
});
