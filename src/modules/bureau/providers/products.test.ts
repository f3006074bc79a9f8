import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findProduct, PRODUCTS, productByCode, productServes, sectionsFor } from './products.js';

describe('product catalogue', () => {
  it('finds a product by code or alias, trimmed and in any case', () => {
    assert.equal(findProduct('1')?.alias, 'MIXMAIS_PF');
    assert.equal(findProduct(' mixmais_pf ')?.code, '1');
    assert.equal(findProduct('Bureau_PJ')?.code, '3');
  });

  it('returns null for unknown or empty codes', () => {
    for (const code of ['', '  ', '0', '6', '01', 'MIXMAIS', 'X']) assert.equal(findProduct(code), null, code);
  });

  it('has unique codes and aliases', () => {
    const names = PRODUCTS.flatMap((p) => [p.code, p.alias]);
    assert.equal(new Set(names).size, names.length);
  });

  it('says which person types a product serves', () => {
    assert.equal(productServes(findProduct('1')!, 'PF'), true);
    assert.equal(productServes(findProduct('1')!, 'PJ'), false);
    assert.equal(productServes(findProduct('CADASTRAL')!, 'PJ'), true);
  });

  it('trims a summary consultation to the scores', () => {
    assert.deepEqual([...sectionsFor(findProduct('1')!, false)], ['score']);
    assert.deepEqual([...sectionsFor(findProduct('5')!, false)], []);
    assert.equal(sectionsFor(findProduct('3')!, true).size, 7);
  });

  it('asserts on a code that should have been refused earlier', () => {
    assert.throws(() => productByCode('MIXMAIS_PF'), /assertion/);
    assert.equal(productByCode('4').alias, 'SCORE_PJ');
  });
});
