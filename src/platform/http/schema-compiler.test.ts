import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Decimal } from '../money.js';
import { parseJsonBody } from './json-body.js';
import { compileBodyValidator, ignoredFieldsOf, toPath } from './schema-compiler.js';
import { arrayOf, integer, money, obj, opt, percent } from './schema-types.js';

const validate = compileBodyValidator(obj({ vlr: opt(money()), perc: opt(percent()), prazo: opt(integer({ minimum: 1, maximum: 420 })) }) as never);

function run(json: string) {
  return validate(parseJsonBody(json));
}

test('a money value of 4999999999999999.99 arrives exact, as a decimal', () => {
  const result = run('{"vlr": 4999999999999999.99}');
  assert.ok('value' in result);
  const vlr = (result.value as { vlr: Decimal }).vlr;
  assert.ok(Decimal.isDecimal(vlr));
  assert.equal(vlr.toFixed(), '4999999999999999.99');
});

test('the bounds are checked on the exact value', () => {
  assert.ok('value' in run('{"vlr": 5000000000000000}'));
  assert.ok('error' in run('{"vlr": 5000000000000000.01}'));
  assert.ok('value' in run('{"perc": 5000000000000}'));
  assert.ok('error' in run('{"perc": 5000000000000.00000001}'));
  assert.ok('error' in run('{"vlr": -0.01}'));
});

test('a money string, an integer with decimals and an unsafe integer are refused', () => {
  assert.ok('error' in run('{"vlr": "10.00"}'));
  assert.ok('error' in run('{"prazo": 12.5}'));
  assert.ok('error' in run('{"prazo": 9007199254740993}'));
  const ok = run('{"prazo": 12, "vlr": 1e3}');
  assert.ok('value' in ok);
  assert.equal((ok.value as { vlr: Decimal }).vlr.toFixed(), '1000');
});

test('duplicate keys and __proto__ never pollute anything', () => {
  assert.throws(() => parseJsonBody('{"vlr": 1, "vlr": 2}'));
  // Issue 11: an unknown field is dropped (not refused), __proto__ included.
  const result = run('{"__proto__": {"polluted": true}}');
  assert.ok('value' in result);
  assert.deepEqual(ignoredFieldsOf(result.value), ['__proto__']);
  assert.equal(Object.getPrototypeOf(result.value), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('unknown fields are dropped at any depth and their paths recorded; known ones still checked', () => {
  const nested = compileBodyValidator(obj({ dto: obj({ vlr: opt(money()) }), itens: arrayOf(obj({ prazo: opt(integer()) })) }) as never);
  const result = nested(parseJsonBody('{"DTO": {"VLR": 1.5, "extra": "x"}, "itens": [{"prazo": 1, "nota": 2}], "topo": null}'));
  assert.ok('value' in result);
  assert.deepEqual(result.value, { dto: { vlr: new Decimal('1.5') }, itens: [{ prazo: 1 }] });
  assert.deepEqual(ignoredFieldsOf(result.value), ['dto.extra', 'itens[0].nota', 'topo']);
  const bad = nested(parseJsonBody('{"dto": {"vlr": "1.5", "extra": 1}, "itens": []}'));
  assert.ok('error' in bad);
  assert.deepEqual(bad.error.messages.map((m) => m.field), ['dto.vlr']);
  const plain = run('{"vlr": 1}');
  assert.ok('value' in plain);
  assert.deepEqual(ignoredFieldsOf(plain.value), []);
});

test("ajv's JSON pointers become the envelope's field paths", () => {
  assert.equal(toPath(''), '');
  assert.equal(toPath('/dto/numeroProposta'), 'dto.numeroProposta');
  assert.equal(toPath('/itens/0/prazo'), 'itens[0].prazo');
  assert.equal(toPath('/0/a~1b/c~0d'), '[0].a/b.c~d');
});

test('a key sent as the schema spells it and in any other casing folds to the same name; names differing only in case keep the old rule', () => {
  const casing = compileBodyValidator(obj({ codigoProposta: opt(integer({ minimum: 0, maximum: 9 })), Dup: opt(integer({ minimum: 0, maximum: 9 })), dup: opt(integer({ minimum: 0, maximum: 9 })) }) as never);
  for (const key of ['codigoProposta', 'CodigoProposta', 'codigoproposta', 'CODIGOPROPOSTA']) {
    const result = casing(parseJsonBody(`{"${key}": 1}`));
    assert.ok('value' in result);
    assert.deepEqual(result.value, { codigoProposta: 1 });
  }
  // Two schema names that fold together: the lower-cased lookup's answer (the last one) for every spelling, as before.
  for (const key of ['Dup', 'dup', 'DUP']) {
    const result = casing(parseJsonBody(`{"${key}": 2}`));
    assert.ok('value' in result);
    assert.deepEqual(result.value, { dup: 2 });
  }
});
