import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Problems } from '../../platform/errors.js';
import { PixKeyType } from '../banking/index.js';
import { inferPixKeyType, validateFraudConsulta, validateUntypedPixKey } from './fraud-rules.js';

describe('inferPixKeyType', () => {
  test('each DICT type recognised from the key alone', () => {
    const cases: [string, number | null][] = [
      ['fulano@example.com', PixKeyType.email],
      ['+5511987654321', PixKeyType.phone],
      ['+14155552671', PixKeyType.phone],
      ['71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d', PixKeyType.evp],
      ['71c7d9be4b854e439f1c1f3b8b4e9a2d', PixKeyType.evp],
      ['52998224725', PixKeyType.cpf],
      ['11987654321', PixKeyType.phone], // 11 digits that are no CPF
      ['11222333000181', PixKeyType.cnpj],
      ['12abc34501de35', PixKeyType.cnpj],
      ['6132221111', PixKeyType.phone],
      ['529.982.247-25', PixKeyType.cpf],
      ['texto livre', null],
    ];
    for (const [key, type] of cases) assert.equal(inferPixKeyType(key), type, key);
  });

  test('canonical forms', () => {
    assert.deepEqual(validateUntypedPixKey('11987654321'), { ok: true, key: '+5511987654321' });
    assert.deepEqual(validateUntypedPixKey('12abc34501de35'), { ok: true, key: '12ABC34501DE35' });
    assert.deepEqual(validateUntypedPixKey('A@Example.COM'), { ok: true, key: 'a@example.com' });
  });
});

describe('validateFraudConsulta', () => {
  test('identifiers normalized; absent ones null', () => {
    const problems = new Problems();
    const q = validateFraudConsulta({ document: '11222333000181', pixKey: null, email: ' X@Example.com ', mobile: { countryCode: '+55', areaCode: '011', number: '98765-4321' } }, problems);
    assert.equal(problems.count, 0);
    assert.deepEqual(q && { type: q.document.personType, chave: q.chavePix, email: q.email, phone: q.phone }, {
      type: 'PJ', chave: null, email: 'x@example.com', phone: { codigoPais: '55', ddd: '11', numero: '987654321' },
    });
  });
});
