// The wire paths the generating commands' refusals name (issue 13: the commands know English
// fields, the routes bind these tables). Pure: a refusal of each reader points at the wire path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localDate } from '../../../platform/dates.js';
import { DomainError, Problems } from '../../../platform/errors.js';
import { readMultiple, readSingle } from './collection-orders.js';
import { MULTIPLE_BOLETOS_PATHS, MULTIPLE_CHARGES_PATHS, SINGLE_BOLETO_PATHS, SINGLE_CHARGE_PATHS } from './collection-wire.js';

const today = localDate('2026-11-27');
const terms = { dueDate: 'x', expiresOn: 'y', settlement: false, amount: null, discount: null, allowDecapitalization: null };

function fieldsOf(work: () => unknown): (string | null)[] {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error.messages.map((m) => m.field ?? null);
    throw error;
  }
  return [];
}

test('a single request names dto.nroParcelas and its body fields', () => {
  for (const [paths, body, amount] of [[SINGLE_BOLETO_PATHS, 'dtoGerarUnicoBoleto', 'vlrBoleto'], [SINGLE_CHARGE_PATHS, 'dtoGerarUnicaLiquidacao', 'vlrLiquidacao']] as const) {
    const problems = new Problems();
    readSingle([1, 1], terms, paths.single, today, problems);
    assert.deepEqual(fieldsOf(() => problems.throwIfAny()), ['dto.nroParcelas[1]', `${body}.dtVencimento`, `${body}.dtExpiracao`, `${body}.${amount}`]);
    assert.deepEqual(paths.description, { description: `${body}.${paths.description.label}`, label: paths.description.label });
  }
  assert.equal(SINGLE_CHARGE_PATHS.paymentMethods, 'dtoGerarUnicaLiquidacao.pagamentoViaBoleto');
  assert.equal(MULTIPLE_CHARGES_PATHS.paymentMethods, 'dtoGerarMultiplasLiquidacoes.pagamentoViaBoleto');
});

test('a multiple request names parcelas and each item field', () => {
  for (const [paths, body] of [[MULTIPLE_BOLETOS_PATHS, 'dtoGerarMultiplosBoletos'], [MULTIPLE_CHARGES_PATHS, 'dtoGerarMultiplasLiquidacoes']] as const) {
    assert.deepEqual(fieldsOf(() => readMultiple([], paths.multiple, [], today)), [`${body}.parcelas`]);
    const item = { installmentNumber: null, dueDate: null, expiresOn: null, discount: null, allowDecapitalization: null };
    assert.deepEqual(fieldsOf(() => readMultiple([item], paths.multiple, [], today)), [`${body}.parcelas[0].nroParcela`]);
  }
});
