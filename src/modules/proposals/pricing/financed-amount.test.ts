import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dec } from '../../../platform/money.js';
import { COST_FIELDS, financedAmount, monthlyCharges, principalBeforeIof } from './financed-amount.js';
import { COST_WIRE_FIELDS, NOT_COST_FIELDS, pricingPaths } from '../proposal-application-wire.js';

test('every money field of the interface is classified exactly once (cost categories through the wire map)', () => {
  // The vlr* fields of the interface's Proposal table.
  const proposalMoneyFields = ['vlrSolicitado', 'vlrIOF', 'vlrParcela', 'vlrTAC', 'vlrBoleto', 'vlrOutrasDespesas', 'vlrOutrosServicos', 'vlrSeguro', 'vlrCorban', 'vlrAvaliacao', 'vlrDespachante', 'vlrRegistro', 'vlrServTerceiro', 'vlrRegistroCartorio', 'vlrTxAdmMensal', 'vlrSeguroMensal1', 'vlrSeguroMensal2', 'vlrRetencao', 'vlrBlindagem', 'vlrAcessorios', 'vlrVistoria', 'vlrCertiDocs'];
  const classified = [...COST_FIELDS.map((field) => COST_WIRE_FIELDS[field]), ...NOT_COST_FIELDS];
  assert.deepEqual(Object.keys(COST_WIRE_FIELDS).sort(), [...COST_FIELDS].sort());
  assert.deepEqual([...classified].sort(), [...proposalMoneyFields].sort());
  assert.equal(new Set(classified).size, classified.length);
});

test('the financed amount adds the financed costs and the IOF to the requested amount', () => {
  const amounts = { tac: dec('150.00'), insurance: dec('99.90'), registration: null, monthlyAdminFee: dec('10.00') };
  assert.equal(principalBeforeIof(dec('10000'), amounts).toFixed(2), '10249.90');
  assert.equal(financedAmount(dec('10000'), amounts, dec('210.39')).toFixed(2), '10460.29');
  assert.equal(monthlyCharges({ monthlyInsurance1: dec('5.50'), monthlyInsurance2: dec('1.25') }).toFixed(2), '6.75');
});

test('a cost with more than two decimals is a programmer error (the validator refuses it first)', () => {
  assert.throws(() => principalBeforeIof(dec('100'), { tac: dec('1.001') }), /assertion/);
});

test('every pricing field has its wire path under the dto block', () => {
  const paths = pricingPaths('dto');
  assert.deepEqual([paths.termMonths, paths.iof, paths.installment, paths.tac, paths.monthlyInsurance2], ['dto.prazo', 'dto.vlrIOF', 'dto.vlrParcela', 'dto.vlrTAC', 'dto.vlrSeguroMensal2']);
  assert.equal(new Set(Object.values(paths)).size, Object.keys(paths).length);
});
