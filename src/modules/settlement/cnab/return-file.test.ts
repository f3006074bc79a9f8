import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseReturn } from './return-file.js';
import { CnabError } from './record.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/cnab');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'latin1');

function summary(file: string) {
  return parseReturn(file, fixture(file)).entries.map((e) => ({
    line: e.line,
    kind: e.kind,
    movement: e.movement,
    sequence: e.sequence,
    reasons: e.reasons.map((r) => `${r.code} ${r.text}`),
    paid: e.paid,
    charges: e.charges,
    discount: e.discount,
    occurredOn: e.occurredOn,
    creditedOn: e.creditedOn,
  }));
}

test('Banco do Brasil return (hand-written from the FEBRABAN layout): registered, rejected with reasons, settled, written off', () => {
  const parsed = parseReturn('001-retorno.ret', fixture('001-retorno.ret'));
  assert.equal(parsed.bank, '001');
  assert.equal(parsed.fileSequence, 7);
  assert.equal(parsed.generatedOn, '2026-07-20');
  assert.deepEqual(summary('001-retorno.ret'), [
    { line: 3, kind: 'registered', movement: '02', sequence: 1n, reasons: [], paid: '0.00', charges: '0.00', discount: '0.00', occurredOn: null, creditedOn: null },
    { line: 5, kind: 'rejected', movement: '03', sequence: 2n, reasons: ['45 Nome do pagador não informado', '48 CEP inválido'], paid: '0.00', charges: '0.00', discount: '0.00', occurredOn: null, creditedOn: null },
    { line: 7, kind: 'settled', movement: '06', sequence: 3n, reasons: [], paid: '360.50', charges: '10.50', discount: '0.00', occurredOn: '2026-07-15', creditedOn: '2026-07-16' },
    { line: 9, kind: 'writtenOff', movement: '09', sequence: 4n, reasons: [], paid: '0.00', charges: '0.00', discount: '0.00', occurredOn: '2026-07-20', creditedOn: null },
  ]);
});

test('Itaú return: its own nosso número (carteira + 8 digits + DAC), movement 08 is a settlement, its own reason table', () => {
  const entries = summary('341-retorno.ret');
  assert.deepEqual(
    entries.map((e) => [e.kind, e.sequence, e.paid, e.discount, e.charges]),
    [
      ['registered', 11n, '0.00', '0.00', '0.00'],
      ['rejected', 12n, '0.00', '0.00', '0.00'],
      ['settled', 13n, '1180.00', '20.00', '0.00'],
      ['settled', 14n, '1236.00', '0.00', '36.00'],
    ],
  );
  assert.deepEqual(entries[1]!.reasons, ['03 CEP inválido ou sem agência cobradora', '08 Nome do pagador não informado ou deslocado']);
});

test('Bradesco return: carteira + 11 digits + DV, movement 10 is a write-off, partial settlement amounts as sent', () => {
  const entries = summary('237-retorno.ret');
  assert.deepEqual(
    entries.map((e) => [e.kind, e.movement, e.sequence, e.paid, e.reasons]),
    [
      ['registered', '02', 21n, '0.00', []],
      ['settled', '06', 22n, '300.00', []],
      ['writtenOff', '10', 23n, '0.00', []],
      ['rejected', '03', 24n, '0.00', ['63 Entrada para título já cadastrado']],
    ],
  );
});

function corrupt(text: string, line: number, position: number, replacement: string): string {
  const lines = text.split('\r\n');
  const l = lines[line - 1]!;
  lines[line - 1] = l.slice(0, position - 1) + replacement + l.slice(position - 1 + replacement.length);
  return lines.join('\r\n');
}

function refusal(text: string): CnabError {
  try {
    parseReturn('x.ret', text);
  } catch (error) {
    assert.ok(error instanceof CnabError, String(error));
    return error;
  }
  assert.fail('the file was accepted');
}

test('every problem names the file, the line and the field', () => {
  const text = fixture('001-retorno.ret');
  const cases: Array<[string, number, string | null]> = [
    [corrupt(text, 8, 78, '00000000000A000'), 8, 'paid (positions 78-92)'],
    [corrupt(text, 8, 138, '32132026'), 8, 'occurredOn (positions 138-145)'],
    [corrupt(text, 3, 38, '1234567000000000X   '), 3, 'nossoNumero (positions 38-57)'],
    [corrupt(text, 11, 18, '000009'), 11, 'records (positions 18-23)'],
    [corrupt(text, 5, 8, '4'), 5, 'recordType (position 8)'],
    [corrupt(text, 1, 143, '1'), 1, 'direction (position 143)'],
    [corrupt(text, 8, 78, '000000000000000'), 8, 'paid (positions 78-92)'],
    [text.replace(/\r\n/, 'X\r\n'), 1, null],
  ];
  for (const [bad, line, field] of cases) {
    const error = refusal(bad);
    assert.equal(error.file, 'x.ret');
    assert.equal(error.line, line, error.message);
    assert.equal(error.field, field, error.message);
  }
});

test('a segment T without its U, an unknown bank and a truncated file are refused', () => {
  const text = fixture('237-retorno.ret');
  const lines = text.split('\r\n');
  assert.match(refusal([...lines.slice(0, 3), ...lines.slice(4)].join('\r\n')).message, /line 4, field segment \(position 14\): a segment T must be followed by its segment U/);
  assert.match(refusal(lines.map((l) => (l === '' ? l : `999${l.slice(3)}`)).join('\r\n')).message, /line 1, field bank \(positions 1-3\): no CNAB 240 profile for bank 999/);
  assert.match(refusal(lines.slice(0, 4).join('\r\n')).message, /line 5: the file ends where a batch trailer was expected/);
  assert.match(refusal('').message, /line 1: the file is empty/);
});
