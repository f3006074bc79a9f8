import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dec } from '../../../platform/money.js';
import { FINANCED_COST_FIELDS, MONTHLY_CHARGE_FIELDS, NOT_COST_FIELDS, financedAmount, monthlyCharges, principalBeforeIof } from './financed-amount.js';

test('every money field of the interface is classified exactly once', () => {
  // The vlr* fields of the interface's Proposal table.
  const proposalMoneyFields = ['vlrSolicitado', 'vlrIOF', 'vlrParcela', 'vlrTAC', 'vlrBoleto', 'vlrOutrasDespesas', 'vlrOutrosServicos', 'vlrSeguro', 'vlrCorban', 'vlrAvaliacao', 'vlrDespachante', 'vlrRegistro', 'vlrServTerceiro', 'vlrRegistroCartorio', 'vlrTxAdmMensal', 'vlrSeguroMensal1', 'vlrSeguroMensal2', 'vlrRetencao', 'vlrBlindagem', 'vlrAcessorios', 'vlrVistoria', 'vlrCertiDocs'];
  const classified = [...FINANCED_COST_FIELDS, ...MONTHLY_CHARGE_FIELDS, ...NOT_COST_FIELDS];
  assert.deepEqual([...classified].sort(), [...proposalMoneyFields].sort());
  assert.equal(new Set(classified).size, classified.length);
});

test('the financed amount adds the financed costs and the IOF to the requested amount', () => {
  const amounts = { vlrTAC: dec('150.00'), vlrSeguro: dec('99.90'), vlrRegistro: null, vlrTxAdmMensal: dec('10.00') };
  assert.equal(principalBeforeIof(dec('10000'), amounts).toFixed(2), '10249.90');
  assert.equal(financedAmount(dec('10000'), amounts, dec('210.39')).toFixed(2), '10460.29');
  assert.equal(monthlyCharges({ vlrSeguroMensal1: dec('5.50'), vlrSeguroMensal2: dec('1.25') }).toFixed(2), '6.75');
});

test('a cost with more than two decimals is a programmer error (the validator refuses it first)', () => {
  assert.throws(() => principalBeforeIof(dec('100'), { vlrTAC: dec('1.001') }), /assertion/);
});
