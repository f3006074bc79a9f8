// The pure pieces of the console pages: pt-BR money and dates, the search box, the steps a
// proposal's status allows, pagination links.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowedSteps, searchOf } from './propostas.js';
import { brl, dateBr, pagination } from './view.js';

test('brl: decimal text to R$ with thousands dots and a decimal comma, no floating point', () => {
  assert.equal(brl('1234567.5'), 'R$ 1.234.567,50');
  assert.equal(brl('0.00'), 'R$ 0,00');
  assert.equal(brl('965.43'), 'R$ 965,43');
  assert.equal(brl('-12'), '-R$ 12,00');
  assert.equal(brl('90071992547409.93'), 'R$ 90.071.992.547.409,93');
  assert.equal(brl(null), '—');
});

test('dateBr: calendar dates as dd/mm/aaaa; instants in São Paulo time', () => {
  assert.equal(dateBr('2026-11-23'), '23/11/2026');
  assert.equal(dateBr('2026-11-23T02:30:00.000Z'), '22/11/2026, 23:30');
  assert.equal(dateBr(null), '—');
});

test('searchOf: a número, a código (uuid) or a CPF/CNPJ; anything else is invalid', () => {
  assert.deepEqual(searchOf('42'), { by: 'number', value: 42 });
  assert.deepEqual(searchOf('1314ED06-4549-4F24-A725-002C78BB864D'), { by: 'code', value: '1314ed06-4549-4f24-a725-002c78bb864d' });
  assert.deepEqual(searchOf('123.456.789-09'), { by: 'document', value: '12345678909' });
  assert.deepEqual(searchOf('12345678909'), { by: 'document', value: '12345678909' });
  assert.equal(searchOf('maria'), 'invalid');
  assert.equal(searchOf(undefined), null);
});

test('allowedSteps: the buttons each status shows', () => {
  const labels = (status: number) => allowedSteps(status).map((s) => s.label);
  assert.deepEqual(labels(1), ['Recusar']);
  assert.deepEqual(labels(2), ['Aprovar', 'Recusar']);
  assert.deepEqual(labels(3), ['Liberar', 'Recusar']);
  assert.deepEqual(labels(4), ['Liberar', 'Recusar']);
  assert.deepEqual(labels(5), ['Ceder', 'Cancelar']);
  for (const final of [6, 7, 8, 10]) assert.deepEqual(labels(final), [], String(final));
});

test('pagination keeps the filters and links only to pages that exist', () => {
  const first = pagination('/console/propostas', { situacao: '2' }, 1, 60).value;
  assert.match(first, /60 no total · página 1 de 3/);
  assert.match(first, /href="\/console\/propostas\?situacao=2&amp;pagina=2" rel="next"/);
  assert.doesNotMatch(first, /rel="prev"/);
  assert.doesNotMatch(pagination('/x', {}, 3, 60).value, /rel="next"/);
});
