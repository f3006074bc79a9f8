import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import type { Parametro } from '../../platform/http/envelope.js';
import { type ProposalDto, proposalApplicationOf, proposalApplicationPaths } from './proposal-application-wire.js';
import { readProposal as readApplication } from './proposal-input.js';

const TODAY = localDate('2026-11-23');
/** The wire dto as the route maps it (proposal-application-wire.ts), then the rules. */
const readProposal = (dto: ProposalDto, parametros: Parametro[] | null, today: typeof TODAY) => readApplication(proposalApplicationOf(dto, parametros), proposalApplicationPaths(dto), today);
const VALID: ProposalDto = {
  documentoCliente: '11.222.333/0001-81',
  vlrSolicitado: dec('5000'),
  prazo: 6,
  percJurosNegociado: dec('1.5'),
  dtPrimeiroVencto: '2026-12-23T00:00:00Z',
  vlrTAC: dec('50'),
  vlrSeguroMensal1: dec('3'),
  codigoOperacao: ' op-9 ',
  tipoContrato: 'CCB',
};

const fieldsAndCodes = (dto: ProposalDto, parametros: { nome: string; valor: string }[] = []) => readProposal(dto, parametros, TODAY).messages.map((m) => [m.field, m.code]);

describe('readProposal', () => {
  test('a valid company proposal: normalized, priced inputs from the dto and parametros', () => {
    const { proposal, messages } = readProposal(VALID, [{ nome: 'proposta_isentariof', valor: ' True ' }, { nome: 'SITUACAOPROPOSTAEMDIGITACAO', valor: 'false' }], TODAY);
    assert.deepEqual(messages, []);
    assert.ok(proposal);
    assert.deepEqual([proposal.personType, proposal.customerDocument, proposal.operationCode, proposal.contractType, proposal.keepDraft], ['PJ', '11222333000181', 'op-9', 'CCB', false]);
    assert.deepEqual([proposal.pricing.contractDate, proposal.pricing.firstDueDate, proposal.pricing.iofExempt], ['2026-11-23', '2026-12-23', true]);
    assert.equal(proposal.pricing.costs.tac?.toFixed(2), '50.00');
    assert.equal(proposal.pricing.costs.monthlyInsurance1?.toFixed(2), '3.00');
    assert.equal(proposal.pricing.costs.correspondent, null);
    assert.deepEqual([proposal.paymentAccount, proposal.launches], [null, []]);
  });

  test('missing fields each have their catalogue code; the others are still checked', () => {
    const dto = { ...VALID, documentoCliente: null, vlrSolicitado: null, prazo: null, percJurosNegociado: null, dtPrimeiroVencto: null };
    assert.deepEqual(fieldsAndCodes(dto), [
      ['dto.documentoCliente', 'T0665/D0001'],
      ['dto.vlrSolicitado', 'T0665/D0020'],
      ['dto.prazo', 'T0665/D0021'],
      ['dto.percJurosNegociado', 'C0185/V0009'],
      ['dto.dtPrimeiroVencto', 'PRP001'],
    ]);
    assert.deepEqual(fieldsAndCodes({ ...VALID, prazo: null, vlrSolicitado: dec(0) }), [['dto.prazo', 'T0665/D0021'], ['dto.vlrSolicitado', 'C0196/V0001']]);
  });

  test('a proposal with only non-pricing problems is still returned, so it can be priced', () => {
    const { proposal, messages } = readProposal({ ...VALID, hotMoney: true }, null, TODAY);
    assert.ok(proposal);
    assert.deepEqual(messages.map((m) => m.code), ['C0198/V0001']);
  });
});
