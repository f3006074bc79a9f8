// Proposta/IncluirManualSimplificado over HTTP (issue 4): valid person and company proposals, every
// validation rule with its code and JSON path, the IOF cap, the vlrParcela tolerance, drafts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localDate } from '../../src/platform/dates.js';
import { dec } from '../../src/platform/money.js';
import { offeredCet, priceProposal } from '../../src/modules/proposals/pricing/index.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { ALPHANUMERIC_CNPJ, COMPANY_CNPJ, consult, createOk, personDto, post, problems, type Envelope } from './proposals-fixture.js';

let service: TestService;
let partner: TestPartner;
let token: string;

const CREATE = '/Proposta/IncluirManualSimplificado';
const TODAY = localDate('2026-11-23'); // TEST_NOW 2026-11-23T15:00Z is 12:00 in São Paulo

/** The engine's figures for personDto() contracted today (the maths has its own worked examples). */
const EXPECTED_INPUT = {
  personType: 'PF' as const,
  contractDate: TODAY,
  firstDueDate: localDate('2026-12-23'),
  termMonths: 12,
  monthlyRatePercent: dec(2),
  requestedAmount: dec(10000),
  costs: {},
  iofExempt: false,
  sentIof: null,
  sentInstallment: null,
};
const EXPECTED = priceProposal(EXPECTED_INPUT);
const INSTALLMENT = EXPECTED.installmentAmount.toNumber();
const cents = (n: number) => Number(n.toFixed(2));

async function refused(dto: Record<string, unknown>, parametros: unknown[] | null = null): Promise<Envelope> {
  const r = await post(service, token, CREATE, { dto, parametros });
  assert.equal(r.status, 400, r.raw.body);
  assert.equal(r.body.hasError, true);
  return r.body;
}

/** The request is refused with exactly these [field, code] problems. */
async function refusedWith(dto: Record<string, unknown>, expected: [string | null, string][], parametros: unknown[] | null = null): Promise<Envelope> {
  const body = await refused(dto, parametros);
  assert.deepEqual(problems(body), expected, JSON.stringify(body.messages));
  return body;
}

before(async () => {
  service = await startTestService();
  partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

describe('valid proposals', () => {
  test('a person: priced with today in São Paulo as the contract date, finalized with its installments', async () => {
    const started = performance.now();
    const { codigo, numero, body } = await createOk(service, token, personDto({ codigoOperacao: '771204' }));
    console.log(`proposal creation latency: ${(performance.now() - started).toFixed(1)} ms`);
    const expected = EXPECTED;
    assert.match(codigo, /^[0-9a-f-]{36}$/);
    assert.ok(Number.isInteger(numero) && numero > 0);
    assert.deepEqual(
      [body.vlrParcela, body.vlrIOF, body.vlrFinanciado, body.percCETAnual, body.percCETMensal],
      [expected.installmentAmount, expected.iof.total, expected.financedAmount, offeredCet(expected).annualPercent, offeredCet(expected).monthlyPercent].map(Number),
    );
    assert.deepEqual(expected.problems, []);
    assert.deepEqual(body.parametros, []);
    const { proposta } = await consult(service, token, { codigoProposta: codigo });
    assert.deepEqual([proposta.situacao, proposta.descricaoSituacao, proposta.documentoCliente, proposta.codigoOperacao], [2, 'Finalizada', '12345678909', '771204']);
    const parcelas = proposta.parcelas as { nroParcela: number; dtVencimento: string; vlrParcela: number }[];
    assert.equal(parcelas.length, 12);
    assert.deepEqual([parcelas[0]!.dtVencimento, parcelas[11]!.dtVencimento], ['2026-12-23T00:00:00Z', '2027-11-23T00:00:00Z']);
    assert.deepEqual((proposta.historico as { evento: string }[]).map((h) => h.evento), ['create', 'finalize']);
  });

  test('latency of creation and Consultar, warm (logged for the bench)', async () => {
    const timings = { create: [] as number[], consult: [] as number[] };
    for (let i = 0; i < 20; i++) {
      let t = performance.now();
      const { codigo } = await createOk(service, token, personDto());
      timings.create.push(performance.now() - t);
      t = performance.now();
      assert.equal((await consult(service, token, { codigoProposta: codigo })).status, 200);
      timings.consult.push(performance.now() - t);
    }
    const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    console.log(`proposal latency p50 over 20 (in-process inject): create ${p50(timings.create)} ms, Consultar ${p50(timings.consult)} ms`);
  });

  test('a company (CNPJ, numeric and alphanumeric): 6 months within the 1.5% IOF cap', async () => {
    for (const documento of [COMPANY_CNPJ, '11.222.333/0001-81', ALPHANUMERIC_CNPJ, '12.abc.345/01de-35']) {
      const { body, codigo } = await createOk(service, token, personDto({ documentoCliente: documento, prazo: 6 }));
      assert.ok((body.vlrIOF as number) <= (body.vlrFinanciado as number) * 0.015, JSON.stringify(body));
      const { proposta } = await consult(service, token, { codigoProposta: codigo });
      assert.equal(proposta.documentoCliente, documento.replace(/[./-]/g, '').toUpperCase());
    }
  });

  test('financed costs and monthly charges enter the financed amount and the installment', async () => {
    const { body } = await createOk(service, token, personDto({ vlrTAC: 150, vlrSeguroMensal1: 5 }));
    const plain = await createOk(service, token, personDto());
    assert.ok((body.vlrFinanciado as number) > (plain.body.vlrFinanciado as number) + 150);
    assert.ok((body.percCETAnual as number) > (plain.body.percCETAnual as number));
  });

  test('ISO timestamps are read as the calendar date written (00:00Z does not slide to the day before)', async () => {
    const { codigo } = await createOk(service, token, personDto({ dtPrimeiroVencto: '2026-12-23T00:00:00.000Z' }));
    const { proposta } = await consult(service, token, { codigoProposta: codigo });
    assert.equal(proposta.dtPrimeiroVencto, '2026-12-23T00:00:00Z');
  });

  test('SITUACAOPROPOSTAEMDIGITACAO=true keeps a draft without installments; parametros echoed', async () => {
    const parametros = [{ nome: 'SITUACAOPROPOSTAEMDIGITACAO', valor: 'true' }, { nome: 'IP_ADDRESS', valor: '10.0.0.1' }];
    const { codigo, body } = await createOk(service, token, personDto(), parametros);
    assert.deepEqual(body.parametros, parametros);
    assert.equal(body.vlrParcela, INSTALLMENT);
    const { proposta } = await consult(service, token, { codigoProposta: codigo });
    assert.deepEqual([proposta.situacao, proposta.descricaoSituacao, (proposta.parcelas as unknown[]).length], [1, 'Em digitação', 0]);
  });

  test('the payment account is optional at creation', async () => {
    const { codigo } = await createOk(service, token, personDto({ propostaContaPagamentoDTO: null }));
    assert.equal((await consult(service, token, { codigoProposta: codigo })).proposta.propostaContaPagamento, null); // issue 11: was contaPagamento
  });
});

describe('validation: every problem is one message with its JSON path', () => {
  test('customer document: missing T0665/D0001, invalid T0665/D0002', async () => {
    await refusedWith(personDto({ documentoCliente: null }), [['dto.documentoCliente', 'T0665/D0001']]);
    await refusedWith(personDto({ documentoCliente: '   ' }), [['dto.documentoCliente', 'T0665/D0001']]);
    await refusedWith(personDto({ documentoCliente: '12345678900' }), [['dto.documentoCliente', 'T0665/D0002']]);
    await refusedWith(personDto({ documentoCliente: '11222333000182' }), [['dto.documentoCliente', 'T0665/D0002']]);
  });

  test('requested amount: missing T0665/D0020, zero C0196/V0001, negative refused by the schema', async () => {
    await refusedWith(personDto({ vlrSolicitado: null }), [['dto.vlrSolicitado', 'T0665/D0020']]);
    await refusedWith(personDto({ vlrSolicitado: 0 }), [['dto.vlrSolicitado', 'C0196/V0001']]);
    const negative = await refused(personDto({ vlrSolicitado: -1 }));
    assert.deepEqual(negative.messages.map((m) => m.field), ['dto.vlrSolicitado']);
  });

  test('term: missing T0665/D0021; a plan that cannot amortize C0196/V0004; out of 1–420 refused by the schema', async () => {
    await refusedWith(personDto({ prazo: null }), [['dto.prazo', 'T0665/D0021']]);
    await refusedWith(personDto({ vlrSolicitado: 1000, prazo: 420 }), [['dto.prazo', 'C0196/V0004']], [{ nome: 'Proposta_IsentarIOF', valor: 'true' }]);
    for (const prazo of [0, 421]) assert.deepEqual((await refused(personDto({ prazo }))).messages.map((m) => m.field), ['dto.prazo']);
    // At 0% a month, R$ 1.00 in 22 installments rounds to 0.05 each and the last would be negative: refused, never a 500.
    await refusedWith(personDto({ vlrSolicitado: 1, prazo: 22, percJurosNegociado: 0 }), [['dto.prazo', 'C0196/V0004']], [{ nome: 'Proposta_IsentarIOF', valor: 'true' }]);
  });

  test('rate: missing or above 100% a month C0185/V0009', async () => {
    await refusedWith(personDto({ percJurosNegociado: null }), [['dto.percJurosNegociado', 'C0185/V0009']]);
    await refusedWith(personDto({ percJurosNegociado: 100.01 }), [['dto.percJurosNegociado', 'C0185/V0009']]);
  });

  test('first due date: missing, today, before today or more than 365 days ahead: PRP001', async () => {
    await refusedWith(personDto({ dtPrimeiroVencto: null }), [['dto.dtPrimeiroVencto', 'PRP001']]);
    for (const date of ['2026-11-23', '2026-11-01', '2027-11-24']) await refusedWith(personDto({ dtPrimeiroVencto: date }), [['dto.dtPrimeiroVencto', 'PRP001']]);
    await createOk(service, token, personDto({ dtPrimeiroVencto: '2027-11-23', prazo: 6 }), [{ nome: 'Proposta_IsentarIOF', valor: 'true' }]);
    assert.deepEqual((await refused(personDto({ dtPrimeiroVencto: '23/12/2026' }))).messages.map((m) => m.field), ['dto.dtPrimeiroVencto']);
  });

  test('HotMoney and Rotativo are refused: C0198/V0001', async () => {
    await refusedWith(personDto({ hotMoney: true }), [['dto.hotMoney', 'C0198/V0001']]);
    await refusedWith(personDto({ rotativo: true }), [['dto.rotativo', 'C0198/V0001']]);
    await createOk(service, token, personDto({ hotMoney: false, rotativo: false }));
  });

  test('promoter and correspondent documents when sent: PRP006; percRetencao above 100: PRP007', async () => {
    await refusedWith(personDto({ documentoPromotor: '123' }), [['dto.documentoPromotor', 'PRP006']]);
    await refusedWith(personDto({ documentoParceiroCorrespondente: '11222333000100' }), [['dto.documentoParceiroCorrespondente', 'PRP006']]);
    await refusedWith(personDto({ percRetencao: 100.5 }), [['dto.percRetencao', 'PRP007']]);
    await createOk(service, token, personDto({ documentoPromotor: COMPANY_CNPJ, percRetencao: 30 }));
  });

  test('payment account: each field under dto.propostaContaPagamentoDTO with its CPG code', async () => {
    const account = (patch: Record<string, unknown>) => personDto({ propostaContaPagamentoDTO: { ...(personDto().propostaContaPagamentoDTO as object), ...patch } });
    await refusedWith(account({ codigoBanco: 999 }), [['dto.propostaContaPagamentoDTO.codigoBanco', 'CPG001']]);
    await refusedWith(account({ agencia: '12345' }), [['dto.propostaContaPagamentoDTO.agencia', 'CPG005']]);
    await refusedWith(account({ conta: null, documentoFederalPagamento: '000' }), [
      ['dto.propostaContaPagamentoDTO.conta', 'CPG007'],
      ['dto.propostaContaPagamentoDTO.documentoFederalPagamento', 'CPG009'],
    ]);
  });

  test('launches: amount, destination, digitable line, assignor, total; stored when valid', async () => {
    const launch = { vlrTransacao: 500, linhaDigitavel: '34191.79001 01043.510047 91020.150008 7 12340000010000', nomeCedente: 'Banco X' };
    const transfer = { vlrTransacao: 200, codigoBanco: 1, tipoConta: 2, agencia: '1234', conta: '99999', contaDig: 'X', documentoFederal: '52998224725', nomePagamento: 'João' };
    await createOk(service, token, personDto({ propostaLancamentos: [launch, transfer] }));
    await refusedWith(personDto({ propostaLancamentos: [{ ...launch, vlrTransacao: 0 }] }), [['dto.propostaLancamentos[0].vlrTransacao', 'LAN001']]);
    await refusedWith(personDto({ propostaLancamentos: [launch, { vlrTransacao: 1 }] }), [['dto.propostaLancamentos[1]', 'LAN004']]);
    await refusedWith(personDto({ propostaLancamentos: [{ ...launch, linhaDigitavel: '1234' }] }), [['dto.propostaLancamentos[0].linhaDigitavel', 'LAN003']]);
    await refusedWith(personDto({ propostaLancamentos: [{ ...launch, documentoFederalCedente: '1' }] }), [['dto.propostaLancamentos[0].documentoFederalCedente', 'LAN005']]);
    await refusedWith(personDto({ propostaLancamentos: [{ ...launch, dtPagamento: '2026-11-22' }] }), [['dto.propostaLancamentos[0].dtPagamento', 'LAN002']]);
    await refusedWith(personDto({ propostaLancamentos: [{ ...transfer, documentoFederal: '1' }] }), [['dto.propostaLancamentos[0].documentoFederal', 'CPG009']]);
    await refusedWith(personDto({ propostaLancamentos: [{ ...launch, vlrTransacao: 6000 }, { ...launch, vlrTransacao: 4000.01 }] }), [['dto.propostaLancamentos', 'LAN006']]);
    assert.deepEqual((await refused(personDto({ propostaLancamentos: [null] }))).messages.map((m) => m.field), ['dto.propostaLancamentos[0]']);
  });

  test('codigoOperacao is unique per partner (PRP005), not across partners', async () => {
    await createOk(service, token, personDto({ codigoOperacao: 'dup-1' }));
    await refusedWith(personDto({ codigoOperacao: 'dup-1' }), [['dto.codigoOperacao', 'PRP005']]);
    const other = await service.onboard();
    await createOk(service, await service.token(other), personDto({ codigoOperacao: 'dup-1' }));
  });

  test('concurrent creations with one codigoOperacao: exactly one succeeds, the others PRP005', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => post(service, token, CREATE, { dto: personDto({ codigoOperacao: 'corrida-1' }) })));
    assert.deepEqual(responses.map((r) => r.status).sort(), [200, 400, 400, 400, 400, 400]);
    for (const r of responses.filter((x) => x.status === 400)) assert.deepEqual(problems(r.body), [['dto.codigoOperacao', 'PRP005']]);
  });

  test('several problems at once: all of them in one answer', async () => {
    const body = await refused(personDto({ documentoCliente: '1', vlrSolicitado: 0, percJurosNegociado: null, hotMoney: true, propostaContaPagamentoDTO: { ...(personDto().propostaContaPagamentoDTO as object), agencia: 'x' } }));
    assert.deepEqual(problems(body).map(([f]) => f).sort(), ['dto.documentoCliente', 'dto.hotMoney', 'dto.percJurosNegociado', 'dto.propostaContaPagamentoDTO.agencia', 'dto.vlrSolicitado']);
  });

  test('pricing refusals are listed with the field problems', async () => {
    const body = await refused(personDto({ vlrParcela: 1000, propostaContaPagamentoDTO: { ...(personDto().propostaContaPagamentoDTO as object), conta: null } }));
    assert.deepEqual(problems(body), [['dto.propostaContaPagamentoDTO.conta', 'CPG007'], ['dto.vlrParcela', 'PRP003']]);
  });
});

describe('installment value (vlrParcela)', () => {
  test('0 or absent is computed; within one centavo it is kept as sent; more is refused stating the expected value', async () => {
    assert.equal((await createOk(service, token, personDto({ vlrParcela: 0, vlrIOF: 0 }))).body.vlrParcela, INSTALLMENT);
    for (const sent of [INSTALLMENT - 0.01, INSTALLMENT, INSTALLMENT + 0.01].map(cents)) assert.equal((await createOk(service, token, personDto({ vlrParcela: sent }))).body.vlrParcela, sent);
    const expected = `R$ ${EXPECTED.installmentAmount.toFixed(2).replace('.', ',')}`;
    for (const sent of [INSTALLMENT - 0.02, INSTALLMENT + 0.02, 945.6].map(cents)) {
      const body = await refusedWith(personDto({ vlrParcela: sent }), [['dto.vlrParcela', 'PRP003']]);
      assert.ok(body.messages[0]!.description.includes(`o valor esperado é ${expected}`), body.messages[0]!.description);
    }
  });
});

describe('IOF', () => {
  test('computed when 0 or absent; a sent vlrIOF within the cap is financed as sent', async () => {
    const computed = (await createOk(service, token, personDto())).body;
    assert.ok((computed.vlrIOF as number) > 0);
    assert.equal(Number(((computed.vlrFinanciado as number) - (computed.vlrIOF as number)).toFixed(2)), 10000);
    const sent = (await createOk(service, token, personDto({ vlrIOF: 150 }))).body;
    assert.deepEqual([sent.vlrIOF, sent.vlrFinanciado], [150, 10150]);
  });

  test('Proposta_IsentarIOF=true: no IOF', async () => {
    const body = (await createOk(service, token, personDto(), [{ nome: 'Proposta_IsentarIOF', valor: 'true' }])).body;
    assert.deepEqual([body.vlrIOF, body.vlrFinanciado, body.vlrParcela], [0, 10000, 945.6]);
  });

  /** The decree's figures for a loan of personDto() contracted today (2% a month). */
  const decree = (personType: 'PF' | 'PJ', termMonths: number) =>
    priceProposal({ ...EXPECTED_INPUT, personType, termMonths });

  test('the decree\'s IOF is accepted: company loans of 12 and 36 months and a person\'s 36 months at 2% (issue 11)', async () => {
    for (const prazo of [12, 36]) {
      const expected = decree('PJ', prazo);
      const { body } = await createOk(service, token, personDto({ documentoCliente: COMPANY_CNPJ, prazo }));
      assert.deepEqual([body.vlrIOF, body.vlrFinanciado, body.vlrParcela], [expected.iof.total, expected.financedAmount, expected.installmentAmount].map(Number), `PJ ${prazo}`);
      // Decreto 12.499/2025: a company's daily rate is the person's 0.0082%, so the same IOF.
      assert.equal(body.vlrIOF, decree('PF', prazo).iof.total.toNumber());
    }
    const person = await createOk(service, token, personDto({ prazo: 36 }));
    assert.equal(person.body.vlrIOF, decree('PF', 36).iof.total.toNumber());
  });

  test('a partner-sent IOF whose daily part is over the ceiling is refused, naming IOF (PRP004)', async () => {
    // Person, 3%: daily part 400.00 − 0.38% × 10,400.00 = 360.48 > 312.00.
    const sent = await refusedWith(personDto({ vlrIOF: 400 }), [['dto.vlrIOF', 'PRP004']]);
    assert.match(sent.messages[0]!.description, /^O valor do IOF \(R\$ 400,00; parte diária de R\$ 360,48, sem o adicional\) excede o máximo de 3% do valor financiado \(R\$ 312,00\)\.$/);
    // Company since 2025-05-23: 0.0082% × 365 = 2.993% of 10,350.00 = 309.78 < 350.00 − 39.33.
    const company = await refusedWith(personDto({ documentoCliente: COMPANY_CNPJ, vlrIOF: 350 }), [['dto.vlrIOF', 'PRP004']]);
    assert.match(company.messages[0]!.description, /IOF .* excede o máximo de 2,993% do valor financiado \(R\$ 309,78\)/);
    // Within the ceiling: financed as sent.
    await createOk(service, token, personDto({ documentoCliente: COMPANY_CNPJ, vlrIOF: 340 }));
  });

  test('an operator cap (CAAS_IOF_CAP_PJ_PERCENT=1.5) binds the computed IOF as well', async () => {
    const strict = await startTestService({ CAAS_IOF_CAP_PJ_PERCENT: '1.5' });
    try {
      const other = await strict.onboard();
      const otherToken = await strict.token(other);
      const r = await post(strict, otherToken, CREATE, { dto: personDto({ documentoCliente: COMPANY_CNPJ, prazo: 12 }), parametros: null });
      assert.equal(r.status, 400, r.raw.body);
      assert.deepEqual(problems(r.body), [['dto.vlrIOF', 'PRP004']]);
      assert.match(r.body.messages[0]!.description, /IOF calculado .* excede o máximo de 1,5% do valor financiado/);
      const exempt = await post(strict, otherToken, CREATE, { dto: personDto({ documentoCliente: COMPANY_CNPJ, prazo: 12 }), parametros: [{ nome: 'Proposta_IsentarIOF', valor: 'TRUE' }] });
      assert.equal(exempt.status, 200, exempt.raw.body);
    } finally {
      await strict.close();
    }
  });
});
