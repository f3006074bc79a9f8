// `caas boleto pay|list` and `caas pix pay`: payments from outside settled through the launch use
// case. The CLI runs on the wall clock, so everything here is dated in 2024 and passed with --at.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cli, useCliAgainst } from './proposals-fixture.js';
import { details, ok, openFor, outbox, startWorld, type World } from './receivables-fixture.js';

let world: World;
before(async () => {
  world = await startWorld('2024-01-15T15:00:00Z');
  useCliAgainst(world.service);
});
after(() => world.service.close());

describe('caas boleto / caas pix', () => {
  test('a boleto and a Pix charge paid from outside become launches (viaBoleto true / false)', async () => {
    const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 2 });
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-02-10', descricaoBoleto: 'Parcela 1' } });
    const charge = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2024-03-10', descricaoLiquidacao: 'Parcela 2', pagamentoViaPIX: true, pagamentoViaBoleto: false } });
    const code = (charge.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;

    const listed = await cli('boleto', 'list', '--proposal', String(s.proposalNumber), '--json');
    assert.equal(listed.code, 0, listed.err);
    const [boleto] = JSON.parse(listed.out) as Array<{ numeroBoleto: number; situacao: number; valorBoleto: string; parcelas: number[] }>;
    assert.deepEqual([boleto!.situacao, boleto!.valorBoleto, boleto!.parcelas], [1, '350.00', [1]]);
    const text = await cli('boleto', 'list', '--proposal', String(s.proposalNumber));
    // Issue 15: a table with headers (was one free-form line per boleto).
    assert.match(text.out, /^NUMBER\s+PROPOSAL\s+PARTNER\s+STATUS\s+INSTALLMENTS\s+DUE\s+AMOUNT/);
    assert.match(text.out.split('\n')[1]!, new RegExp(`^\\s*${boleto!.numeroBoleto}\\s+${s.proposalNumber}\\s+\\S+\\s+1 Registrado\\s+1\\s+2024-02-10\\s+350\\.00`));

    const paid = await cli('boleto', 'pay', String(boleto!.numeroBoleto), '--at', '2024-02-10');
    assert.equal(paid.code, 0, paid.err);
    assert.match(paid.out, /R\$ 350\.00 on 2024-02-10, proposal \d+, 1 launch\(es\) posted/);
    const pix = await cli('pix', 'pay', code, '--amount', '100', '--at', '2024-02-12', '--json');
    assert.equal(pix.code, 0, pix.err);
    assert.deepEqual(JSON.parse(pix.out), { proposalNumber: s.proposalNumber, amount: '100.00', date: '2024-02-12', launches: 1, paidOff: false });

    const parcelas = (await details(world, s.proposalId)).parcelas;
    assert.deepEqual(parcelas.map((p) => [p.nroParcela, p.situacao, p.vlrSaldoAtual, p.lancamentos![0]!.viaBoleto]), [[1, 1, 0, true], [2, 2, 250, false]]);
    assert.equal(parcelas[0]!.boletos![0]!.situacaoBoletoRegistro, 5);
    assert.equal(parcelas[0]!.boletos![0]!.dtCredito, '2024-02-10T00:00:00Z');
    assert.equal(parcelas[1]!.pix![0]!.dtCredito, '2024-02-12T00:00:00Z');
    const list = (await ok(world, '/AgendaRecebivel/ConsultarBoletos', { dto: { codigoProposta: s.proposalId } })).boletos as Array<Record<string, unknown>>;
    assert.deepEqual([list[0]!.vlrPago, list[0]!.dtCredito], [350, '2024-02-10T00:00:00Z']);
    const events = (await outbox(world, s.proposalId)).map((e) => e.type);
    assert.deepEqual(events, [0, 5, 8, 3, 3]); // one event 3 per installment paid

    // Refusals: paid twice, unknown, overpayment, malformed arguments.
    const again = await cli('boleto', 'pay', String(boleto!.numeroBoleto), '--at', '2024-02-10');
    assert.equal(again.code, 1);
    assert.match(again.err, /PAG002 Boleto nº \d+ não pode ser pago \(situação: Liquidado\)/);
    assert.match((await cli('boleto', 'pay', '987654321')).err, /PAG001 Boleto nº 987654321 não encontrado/);
    assert.match((await cli('pix', 'pay', code)).err, /PAG002/);
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicoBoleto: { dtVencimento: '2024-02-20', descricaoBoleto: 'Parcial', liquidacao: false, vlrBoleto: 50 } });
    const partial = JSON.parse((await cli('boleto', 'list', '--proposal', String(s.proposalNumber), '--json')).out) as Array<{ numeroBoleto: number }>;
    const over = await cli('boleto', 'pay', String(partial[1]!.numeroBoleto), '--amount', '300', '--at', '2024-02-15');
    assert.equal(over.code, 1);
    assert.match(over.err, /PAG004 Valor pago \(300\.00\) é superior ao saldo das parcelas \(250\.00\)/);
    const late = await cli('boleto', 'pay', String(partial[1]!.numeroBoleto), '--at', '2024-02-21');
    assert.match(late.err, /PAG003/);
    assert.equal((await cli('boleto', 'pay', 'abc')).code, 2);
    assert.equal((await cli('boleto', 'pay', '1', '--amount', '1,50')).code, 2);
    assert.equal((await cli('pix', 'pay', 'not-a-uuid')).code, 2);
    // Issue 15: `boleto list` needs no filter any more; a bad one is still a usage error.
    assert.equal((await cli('boleto', 'list', '--proposal', 'x')).code, 2);
  });
});
