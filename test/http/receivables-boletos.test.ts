// GerarUnicoBoleto / GerarMultiplosBoletos / ConsultarBoletos and the printable slip, over HTTP.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { observeStatements } from '../../src/platform/db/prepared.js';
import { linhaDigitavelToBarcode } from '../../src/modules/receivables/collections/boleto/barcode.js';
import { parseBrCode } from '../../src/modules/receivables/collections/pix/br-code.js';
import { TEST_NOW, TEST_PUBLIC_URL } from '../support/app.js';
import { call, details, ok, openFor, outbox, refused, runJobs, singleBoleto, startWorld, type World } from './receivables-fixture.js';
import { inOutbox } from '../support/outbox.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

const SINGLE = '/AgendaRecebivel/GerarUnicoBoleto';
const MULTIPLE = '/AgendaRecebivel/GerarMultiplosBoletos';
const LIST = '/AgendaRecebivel/ConsultarBoletos';

async function boletosOf(proposalId: string, dto: Record<string, unknown> = {}): Promise<Array<Record<string, unknown>>> {
  const body = await ok(world, LIST, { dto: { codigoProposta: proposalId }, dtoConsultaBoletos: dto });
  return body.boletos as Array<Record<string, unknown>>;
}

describe('GerarUnicoBoleto', () => {
  test('settlement boleto, online: registered before the answer, real barcode, hybrid Pix, event 5', async () => {
    const s = await openFor(world);
    const body = await ok(world, SINGLE, singleBoleto(s.proposalId, [1]));
    assert.match(String(body.msg), /^Boleto nº \d+ gerado$/);
    assert.deepEqual(body.parametros, []);
    const [p1] = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas;
    const boleto = p1!.boletos![0]!;
    assert.equal(boleto.situacaoBoletoRegistro, 1);
    assert.equal(boleto.operacaoBoletoRegistro, 1);
    assert.equal(boleto.descricaoBoletoRegistro, 'Registrado');
    assert.equal(boleto.liquidacao, true);
    assert.equal(boleto.dtExpiracao, '2026-12-23T00:00:00Z');
    const check = linhaDigitavelToBarcode(String(boleto.linhaDigitavel));
    assert.ok(check.ok, JSON.stringify(check));
    // Bank 001, currency 9, factor of 2026-12-23 (669 days after the 2025-02-22 restart at 1000), R$ 350.00.
    assert.equal(check.barcode.slice(0, 4), '0019');
    assert.equal(check.barcode.slice(5, 9), '1669');
    assert.equal(check.barcode.slice(9, 19), '0000035000');
    assert.match(check.barcode.slice(19), /^0000001234567\d{10}17$/);
    const qr = boleto.qrCode as { emv: string; imagem: string };
    const pix = parseBrCode(qr.emv);
    assert.ok(pix.ok && pix.code.amount === '350.00' && pix.code.key === '11222333000181' && pix.code.pointOfInitiation === '12', qr.emv);
    assert.equal(Buffer.from(qr.imagem, 'base64').subarray(1, 4).toString('latin1'), 'PNG');
    assert.match(String(boleto.urlImpressao), new RegExp(`^${TEST_PUBLIC_URL}/boletos/[0-9a-f]{48}\\.pdf$`));
    const events = await outbox(world, s.proposalId);
    assert.deepEqual(events.map((e) => e.type), [0, 5]);
    const geracao = events[1]!.body.GeracaoBoleto as Record<string, unknown>;
    assert.deepEqual([geracao.VlrBoleto, geracao.DtVencimento, typeof geracao.NroBoleto, typeof geracao.Liquidacao], [350, '2026-12-23T00:00:00Z', 'number', 'boolean']);
  });

  test('settlement amount: balance minus discount; early with descapitalização; late with charges', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [1], { vlrDesconto: 10 }));
    // Installment 2 (due 2027-01-23) paid 31 days early: 350 / 1.02^(31/30) = 342.9108… → 342.91.
    await ok(world, SINGLE, singleBoleto(s.proposalId, [2], { permiteDescapitalizacao: true }));
    const late = await openFor(world, { firstDue: '2026-10-10', disbursedOn: '2026-09-10' });
    // 44 days late on 2026-11-23: fine 7.00, mora 350 × 1% × 44/30 = 5.13, contract 350 × (1.02^(44/30) − 1) = 10.31.
    await ok(world, SINGLE, singleBoleto(late.proposalId, [1], { dtVencimento: '2026-11-23' }));
    const amounts = async (id: string) => (await boletosOf(id)).map((b) => [b.parcelas, b.valorBoleto]);
    assert.deepEqual(await amounts(s.proposalId), [['1', 340], ['2', 342.91]]);
    assert.deepEqual(await amounts(late.proposalId), [['1', 372.44]]);
  });

  test('partial boleto: vlrBoleto minus vlrDesconto, several installments listed as "1,2"', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [2, 1], { liquidacao: false, vlrBoleto: 500, vlrDesconto: 20 }));
    const [b] = await boletosOf(s.proposalId);
    assert.equal(b!.parcelas, '1,2');
    assert.equal(b!.valorBoleto, 480);
    assert.equal(b!.vlrPago, 0);
    assert.equal(b!.numeroProposta, s.proposalNumber);
    assert.equal(b!.documentoFederalCliente, '52998224725');
    assert.equal(b!.cliente, 'Maria da Silva');
    assert.ok(String(b!.parceiro).startsWith('Partner '));
  });

  test('liquidacao absent: settlement when no amount is sent, partial when one is', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [1], { liquidacao: null }));
    await ok(world, SINGLE, singleBoleto(s.proposalId, [2], { liquidacao: null, vlrBoleto: 100 }));
    assert.deepEqual((await boletosOf(s.proposalId)).map((b) => [b.liquidacao, b.valorBoleto]), [[true, 350], [false, 100]]);
  });

  test('refusals, each with its code and field', async () => {
    const s = await openFor(world);
    const P = 'dtoGerarUnicoBoleto';
    const cases: Array<[Record<string, unknown>, string, string, RegExp?]> = [
      [{ vlrBoleto: 100 }, `${P}.vlrBoleto`, 'BOL005'],
      [{ liquidacao: false }, `${P}.vlrBoleto`, 'BOL006', /^Valor deve ser informado$/],
      [{ descricaoBoleto: null }, `${P}.descricaoBoleto`, 'BOL001'],
      [{ descricaoBoleto: '   ' }, `${P}.descricaoBoleto`, 'BOL001'],
      [{ dtVencimento: null }, `${P}.dtVencimento`, 'BOL002'],
      [{ dtVencimento: '2026-11-22' }, `${P}.dtVencimento`, 'BOL003'],
      [{ dtVencimento: '2040-01-01' }, `${P}.dtVencimento`, 'BOL010'],
      [{ dtExpiracao: '2026-12-22' }, `${P}.dtExpiracao`, 'BOL004'],
      [{ liquidacao: false, vlrBoleto: 350.01 }, `${P}.vlrBoleto`, 'BOL008'],
      [{ liquidacao: false, vlrBoleto: 100, vlrDesconto: 100 }, `${P}.vlrDesconto`, 'BOL009'],
      [{ vlrDesconto: 350 }, `${P}.vlrDesconto`, 'PARC004', /^Valor de desconto não pode ser superior ou igual ao saldo atual da parcela$/],
    ];
    for (const [patch, field, code, description] of cases) {
      const problems = await refused(world, SINGLE, singleBoleto(s.proposalId, [1], patch));
      assert.deepEqual(problems.map(([f, c]) => [f, c]), [[field, code]], JSON.stringify(patch));
      if (description) assert.match(problems[0]![2], description);
    }
    assert.deepEqual((await refused(world, SINGLE, singleBoleto(s.proposalId, [1, 7]))).map(([f, c]) => [f, c]), [['dto.nroParcelas[1]', 'AGD004']]);
    assert.deepEqual((await refused(world, SINGLE, singleBoleto(s.proposalId, []))).map(([f, c]) => [f, c]), [['dto.nroParcelas', 'AGD005']]);
    assert.deepEqual((await refused(world, SINGLE, singleBoleto(s.proposalId, [2, 2]))).map(([f, c]) => [f, c]), [['dto.nroParcelas[1]', 'AGD006']]);
    const long = await call(world, SINGLE, singleBoleto(s.proposalId, [1], { descricaoBoleto: 'x'.repeat(201) }));
    assert.equal(long.status, 400);
    assert.equal(long.body.messages[0]!.field, `${P}.descricaoBoleto`);
    const empty = await call(world, SINGLE, singleBoleto(s.proposalId, [1], { descricaoBoleto: '' }));
    assert.equal(empty.status, 400);
    assert.deepEqual(await boletosOf(s.proposalId), []);
  });

  test('an installment with a live boleto, or already paid, takes no other', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [1]));
    const live = await refused(world, SINGLE, singleBoleto(s.proposalId, [2, 1]));
    assert.deepEqual(live.map(([f, c]) => [f, c]), [['dto.nroParcelas[1]', 'BOL007']]);
    assert.match(live[0]![2], /^Parcela 1 já possui boleto nº \d+ em aberto$/);
    await ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: s.proposalId }, dtoLancamentoParcelas: [{ nroParcela: 3, dtPagamento: '2026-11-23', vlrPagamento: 350 }] });
    const paid = await refused(world, SINGLE, singleBoleto(s.proposalId, [3]));
    assert.deepEqual(paid.map(([f, c, d]) => [f, c, d]), [['dto.nroParcelas[0]', 'PARC007', 'Parcela 3 já está paga']]);
  });

  test('parallel requests for one installment: one boleto, the others refused', async () => {
    const s = await openFor(world);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(world, SINGLE, singleBoleto(s.proposalId, [1]))));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400, 400, 400, 400]);
    assert.ok(answers.filter((a) => a.status === 400).every((a) => a.body.messages[0]!.code === 'BOL007'));
    assert.equal((await boletosOf(s.proposalId)).length, 1);
  });

  test('unknown schedule, no reference, and another partner\'s schedule', async () => {
    const s = await openFor(world);
    const unknown = await refused(world, SINGLE, singleBoleto('3f1c2a44-8a4e-4b7e-9d0c-2b1a7c9e5f10', [1]));
    assert.deepEqual(unknown, [['dto', 'AGD001', 'Agenda de Recebíveis não foi encontrada']]);
    const none = await refused(world, SINGLE, { ...singleBoleto(s.proposalId, [1]), dto: { nroParcelas: [1] } });
    assert.deepEqual(none.map(([f, c]) => [f, c]), [['dto', 'AGD002']]);
    const other = await world.service.onboard();
    const otherToken = await world.service.token(other);
    const r = await world.service.call(SINGLE, singleBoleto(s.proposalId, [1]), { token: otherToken });
    assert.equal(r.statusCode, 400);
    assert.equal(JSON.parse(r.body).messages[0].description, 'Agenda de Recebíveis não foi encontrada');
    const byOperation = await world.service.call(LIST, { dto: { codigoOperacao: s.operationCode } }, { token: otherToken });
    assert.equal(JSON.parse(byOperation.body).messages[0].code, 'AGD001');
  });

  test('offline registration: pending until the job runner registers it', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [1], { tipoRegistro: 2 }));
    const pending = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas[0]!.boletos![0]!;
    assert.deepEqual([pending.situacaoBoletoRegistro, pending.descricaoBoletoRegistro], [0, 'Aguardando registro']);
    const jobs = await world.service.database.db.selectFrom('jobs').select(['kind', 'status']).where('kind', '=', 'boleto.register').where('status', '=', 'pending').execute();
    assert.equal(jobs.length, 1);
    assert.deepEqual(await runJobs(world), { done: 1, retried: 0, failed: 0 });
    const registered = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas[0]!.boletos![0]!;
    assert.deepEqual([registered.situacaoBoletoRegistro, registered.descricaoBoletoRegistro], [1, 'Registrado']);
    const events = await outbox(world, s.proposalId);
    assert.deepEqual(events.map((e) => e.type), [0, 5], 'event 5 of an offline boleto at its registration (decision S25)');
    assert.equal((events[1]!.body.GeracaoBoleto as Record<string, unknown>).NroBoleto, registered.numeroBoleto);
  });

  test('boletos due on both sides of the 2025-02-22 factor restart', async () => {
    const early = await startWorld('2025-02-20T15:00:00Z');
    try {
      const s = await openFor(early, { firstDue: '2025-02-21', disbursedOn: '2025-01-21', count: 2 });
      await ok(early, SINGLE, singleBoleto(s.proposalId, [1], { dtVencimento: '2025-02-21' }));
      await ok(early, SINGLE, singleBoleto(s.proposalId, [2], { dtVencimento: '2025-02-22' }));
      const list = (await ok(early, LIST, { dto: { codigoProposta: s.proposalId } })).boletos as Array<{ linhaDigitavel: string }>;
      const factors = list.map((b) => {
        const check = linhaDigitavelToBarcode(b.linhaDigitavel);
        assert.ok(check.ok);
        return check.barcode.slice(5, 9);
      });
      assert.deepEqual(factors, ['9999', '1000']);
    } finally {
      await early.service.close();
    }
  });
});

describe('issue 15: numeroProposta and the issued boletos in the answers', () => {
  test('GerarUnicoBoleto and GerarMultiplosBoletos by numeroProposta answer each boleto number, line and print URL', async () => {
    const s = await openFor(world);
    const single = await ok(world, SINGLE, { ...singleBoleto(s.proposalId, [1]), dto: { numeroProposta: s.proposalNumber, nroParcelas: [1] } });
    const [one] = single.boletos as Array<Record<string, unknown>>;
    const listed = await boletosOf(s.proposalId);
    assert.equal(listed.length, 1);
    assert.deepEqual(one, {
      codigoBoleto: one!.codigoBoleto,
      numeroBoleto: listed[0]!.numeroBoleto,
      parcelas: [1],
      dtVencimento: '2026-12-23T00:00:00Z',
      valorBoleto: 350,
      linhaDigitavel: listed[0]!.linhaDigitavel,
      urlImpressao: listed[0]!.impressao,
    });
    assert.equal(single.msg, `Boleto nº ${one!.numeroBoleto} gerado`);
    const pdf = await world.service.app.inject({ method: 'GET', url: String(one!.urlImpressao).replace(TEST_PUBLIC_URL, '') });
    assert.equal(pdf.statusCode, 200);
    const multiple = await ok(world, MULTIPLE, {
      dto: { numeroProposta: s.proposalNumber },
      dtoGerarMultiplosBoletos: { descricaoBoleto: 'Parcelas', parcelas: [{ nroParcela: 3, dtVencimento: '2027-02-23' }, { nroParcela: 2, dtVencimento: '2027-01-23' }] },
    });
    const issued = multiple.boletos as Array<{ numeroBoleto: number; parcelas: number[]; urlImpressao: string }>;
    assert.deepEqual(issued.map((b) => b.parcelas), [[3], [2]]);
    assert.ok(issued.every((b) => new RegExp(`^${TEST_PUBLIC_URL}/boletos/[0-9a-f]{48}\\.pdf$`).test(b.urlImpressao)));
    const all = await boletosOf(s.proposalId);
    assert.deepEqual(new Set(issued.map((b) => b.numeroBoleto)), new Set(all.slice(1).map((b) => b.numeroBoleto)));
    assert.ok(issued.every((b) => all.some((l) => l.impressao === b.urlImpressao)));
  });

  test('numeroProposta on the queries; codigoProposta wins over it; another partner\'s number is unknown', async () => {
    const s = await openFor(world);
    const other = await openFor(world);
    const byNumber = await ok(world, LIST, { dto: { numeroProposta: s.proposalNumber } });
    assert.deepEqual(byNumber.boletos, []);
    const detail = await ok(world, '/AgendaRecebivel/ConsultarDetalhes', { dto: { numeroProposta: s.proposalNumber, nroParcelas: [] }, dtoConsultaDetalhes: { trazerBoleto: false } });
    assert.equal(detail.numeroProposta, s.proposalNumber);
    const precedence = await ok(world, '/AgendaRecebivel/ConsultarDetalhes', { dto: { codigoProposta: other.proposalId, numeroProposta: s.proposalNumber }, dtoConsultaDetalhes: {} });
    assert.equal(precedence.numeroProposta, other.proposalNumber);
    const stranger = await world.service.onboard();
    const r = await world.service.call(LIST, { dto: { numeroProposta: s.proposalNumber } }, { token: await world.service.token(stranger) });
    assert.equal(JSON.parse(r.body).messages[0].code, 'AGD001');
    const bad = await call(world, LIST, { dto: { numeroProposta: 0 } });
    assert.equal(bad.status, 400);
  });
});

describe('GerarMultiplosBoletos', () => {
  test('one settlement boleto per installment, each with its own dates and discount; notificarCliente recorded', async () => {
    const s = await openFor(world);
    const past = await refused(world, MULTIPLE, {
      dto: { codigoProposta: s.proposalId },
      dtoGerarMultiplosBoletos: {
        descricaoBoleto: 'Parcelas',
        notificarCliente: true,
        tipoRegistro: 1,
        parcelas: [
          { nroParcela: 1, dtVencimento: '2026-12-01', dtExpiracao: '2026-12-10', vlrDesconto: 5 },
          { nroParcela: 2, vlrDesconto: 0, permiteDescapitalizacao: true, dtVencimento: '2026-11-22T00:00:00Z' },
        ],
      },
    });
    // dtVencimento 2026-11-22 is in the past: refused, nothing issued (every boleto or none).
    assert.deepEqual(past.map(([f, c]) => [f, c]), [['dtoGerarMultiplosBoletos.parcelas[1].dtVencimento', 'BOL003']]);
    assert.deepEqual(await boletosOf(s.proposalId), []);
    await ok(world, MULTIPLE, {
      dto: { codigoProposta: s.proposalId },
      dtoGerarMultiplosBoletos: {
        descricaoBoleto: 'Parcelas',
        notificarCliente: true,
        parcelas: [
          { nroParcela: 1, dtVencimento: '2026-12-01', dtExpiracao: '2026-12-10', vlrDesconto: 5 },
          { nroParcela: 2, permiteDescapitalizacao: true, dtVencimento: '2026-12-23' },
          { nroParcela: 3 },
        ],
      },
    });
    const list = await boletosOf(s.proposalId);
    assert.deepEqual(list.map((b) => [b.parcelas, b.valorBoleto, b.dtVencimento, b.dtExpiracao]), [
      ['1', 345, '2026-12-01T00:00:00Z', '2026-12-10T00:00:00Z'],
      ['2', 342.91, '2026-12-23T00:00:00Z', '2026-12-23T00:00:00Z'],
      ['3', 350, '2027-02-23T00:00:00Z', '2027-02-23T00:00:00Z'],
    ]);
    const rows = await world.service.database.db.selectFrom('receivable_boletos').select('notify_customer').where('schedule_id', 'in', world.service.database.db.selectFrom('receivable_schedules').select('id').where('proposal_id', '=', s.proposalId)).execute();
    assert.ok(rows.every((r) => r.notify_customer));
    assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type), [0, 5, 5, 5]);
  });

  test('refusals: no installment, repeated installment, missing number, unknown installment', async () => {
    const s = await openFor(world);
    const body = (parcelas: unknown[]) => ({ dto: { codigoProposta: s.proposalId }, dtoGerarMultiplosBoletos: { descricaoBoleto: 'x', parcelas } });
    assert.deepEqual((await refused(world, MULTIPLE, body([]))).map(([f, c]) => [f, c]), [['dtoGerarMultiplosBoletos.parcelas', 'AGD005']]);
    assert.deepEqual((await refused(world, MULTIPLE, body([{ nroParcela: 1 }, { nroParcela: 1 }]))).map(([f, c]) => [f, c]), [['dtoGerarMultiplosBoletos.parcelas[1].nroParcela', 'AGD006']]);
    assert.deepEqual((await refused(world, MULTIPLE, body([{ dtVencimento: '2026-12-01' }]))).map(([f, c]) => [f, c]), [['dtoGerarMultiplosBoletos.parcelas[0].nroParcela', 'AGD005']]);
    assert.deepEqual((await refused(world, MULTIPLE, body([{ nroParcela: 9 }]))).map(([f, c]) => [f, c]), [['dtoGerarMultiplosBoletos.parcelas[0].nroParcela', 'AGD004']]);
  });
});

describe('ConsultarBoletos', () => {
  test('reads in two statements, the partner\'s name (parceiro) coming with the boletos (issue 14)', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [1]));
    const sent: string[] = [];
    const stop = observeStatements((text) => sent.push(text));
    let listed: Array<Record<string, unknown>>;
    try {
      listed = await boletosOf(s.proposalId);
    } finally {
      stop();
    }
    // The query's own statements; around them the read model's miss path (issue 14): scope, version and lookup in one, then the fill.
    const readModel = sent.filter((t) => /\b(answers|answer_versions)\b/.test(t));
    assert.equal(sent.length - readModel.length, 2, sent.join('\n'));
    assert.equal(readModel.length, 2, readModel.join('\n'));
    const { name } = (await world.service.database.db.selectFrom('partners').select('name').where('id', '=', world.partner.partnerId).executeTakeFirstOrThrow()) as { name: string };
    assert.equal(listed[0]!.parceiro, name);
  });

  test('numerosBoletos filters (empty = all); cancelled ones only with trazerBoletosCancelados', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [1]));
    await ok(world, SINGLE, singleBoleto(s.proposalId, [2]));
    const all = await boletosOf(s.proposalId);
    assert.equal(all.length, 2);
    const second = all[1]!.numeroBoleto as number;
    assert.deepEqual((await boletosOf(s.proposalId, { numerosBoletos: [second] })).map((b) => b.numeroBoleto), [second]);
    assert.deepEqual((await boletosOf(s.proposalId, { numerosBoletos: [] })).length, 2);
    // Cancel the schedule's boletos through the charge-less path: the schedule is cancelled.
    const { cancelScheduleWith } = await import('../../src/modules/receivables/schedule/schedule-lifecycle.js');
    const cancelSchedule = cancelScheduleWith(world.service.config.receivables);
    const { localDate } = await import('../../src/platform/dates.js');
    await inOutbox(world.service.database.db, world.service.clock, (o) =>
      cancelSchedule(o.tx, o.enqueue, { proposalId: s.proposalId, partnerId: world.partner.partnerId, cancelledOn: localDate('2026-11-23'), refundAmount: null, refundDueDate: localDate('2026-11-30'), description: 'x' }, world.service.clock.now()),
    );
    assert.deepEqual(await boletosOf(s.proposalId), []);
    const cancelled = await boletosOf(s.proposalId, { trazerBoletosCancelados: true });
    assert.equal(cancelled.length, 2);
    assert.ok(cancelled.every((b) => b.dtCancelamento === TEST_NOW));
  });
});

describe('urlImpressao', () => {
  test('serves the PDF slip; its I2of5 barcode and Pix QR decode back; unknown tokens are 404', async () => {
    const s = await openFor(world);
    await ok(world, SINGLE, singleBoleto(s.proposalId, [1]));
    const boleto = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas[0]!.boletos![0]!;
    const path = String(boleto.urlImpressao).slice(TEST_PUBLIC_URL.length);
    const r = await world.service.app.inject({ method: 'GET', url: path });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'caas-slip-'));
    try {
      writeFileSync(join(dir, 'slip.pdf'), r.rawPayload);
      execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', join(dir, 'slip.pdf'), join(dir, 'slip')]);
      const symbols = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Si25.enable', '-Sqrcode.enable', join(dir, 'slip.png')], { encoding: 'utf8' }).split('\n');
      const check = linhaDigitavelToBarcode(String(boleto.linhaDigitavel));
      assert.ok(check.ok && symbols.includes(check.barcode), JSON.stringify(symbols));
      assert.ok(symbols.includes((boleto.qrCode as { emv: string }).emv), JSON.stringify(symbols));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.equal((await world.service.app.inject({ method: 'GET', url: `/boletos/${'0'.repeat(48)}.pdf` })).statusCode, 404);
    assert.equal((await world.service.app.inject({ method: 'GET', url: '/boletos/not-a-token.pdf' })).statusCode, 404);
  });
});
