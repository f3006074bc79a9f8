import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PIX_KEY_LENGTH_MAX } from './limits.js';
import { PixKeyType, type PixKeyTypeCode, isPixKeyType, validatePixKey } from './pix-key.js';

function accepts(tipo: PixKeyTypeCode, chave: string, normalized: string): void {
  assert.deepEqual(validatePixKey(tipo, chave), { ok: true, key: normalized }, chave);
}

function refuses(tipo: PixKeyTypeCode, chave: string, messagePart: RegExp): void {
  const result = validatePixKey(tipo, chave);
  assert.equal(result.ok, false, `${chave} should be refused`);
  if (!result.ok) assert.match(result.message, messagePart, chave);
}

describe('CPF key (tipoChave 0)', () => {
  it('accepts 11 digits with a valid check', () => accepts(PixKeyType.cpf, '12345678909', '12345678909'));
  it('refuses a punctuated CPF', () => refuses(PixKeyType.cpf, '123.456.789-09', /sem pontuação/));
  it('refuses a wrong check digit', () => refuses(PixKeyType.cpf, '12345678900', /não é um CPF válido/));
  it('refuses a CNPJ declared as CPF', () => refuses(PixKeyType.cpf, '11222333000181', /não é um CPF válido/));
});

describe('CNPJ key (tipoChave 1)', () => {
  it('accepts a numeric CNPJ', () => accepts(PixKeyType.cnpj, '11222333000181', '11222333000181'));
  it('accepts an alphanumeric CNPJ, upper-cased', () => accepts(PixKeyType.cnpj, '12abc34501de35', '12ABC34501DE35'));
  it('refuses a punctuated CNPJ', () => refuses(PixKeyType.cnpj, '12.ABC.345/01DE-35', /sem pontuação/));
  it('refuses a wrong check digit', () => refuses(PixKeyType.cnpj, '11222333000182', /não é um CNPJ válido/));
  it('refuses a CPF declared as CNPJ', () => refuses(PixKeyType.cnpj, '12345678909', /não é um CNPJ válido/));
});

describe('phone key (tipoChave 2)', () => {
  it('accepts +55 + DDD + mobile number', () => accepts(PixKeyType.phone, '+5511987654321', '+5511987654321'));
  it('accepts +55 + DDD + landline number', () => accepts(PixKeyType.phone, '+551133334444', '+551133334444'));
  it('accepts the national number alone and normalizes to E.164', () => {
    accepts(PixKeyType.phone, '11987654321', '+5511987654321');
    accepts(PixKeyType.phone, '6132221111', '+556132221111');
  });
  it('accepts a foreign E.164 number as is', () => accepts(PixKeyType.phone, '+14155552671', '+14155552671'));
  it('refuses 55... without +', () => refuses(PixKeyType.phone, '5511987654321', /\+55/));
  it('refuses a mobile with a missing digit', () => {
    refuses(PixKeyType.phone, '+551198765432', /celular tem 9 dígitos/);
    refuses(PixKeyType.phone, '1198765432', /celular tem 9 dígitos/);
  });
  it('refuses a digit too many', () => refuses(PixKeyType.phone, '+55119876543210', /DDD \(2 dígitos\)/));
  it('refuses a 9-digit number not starting with 9', () => refuses(PixKeyType.phone, '11887654321', /celular/));
  it('refuses an unknown DDD', () => refuses(PixKeyType.phone, '+5520987654321', /DDD inexistente: 20/));
  it('refuses punctuation and spaces', () => {
    refuses(PixKeyType.phone, '(11) 98765-4321', /somente dígitos/);
    refuses(PixKeyType.phone, '+55 11 98765-4321', /E\.164/);
  });
  it('refuses what E.164 refuses: + then 0, more than 15 digits', () => {
    refuses(PixKeyType.phone, '+0511987654321', /E\.164/);
    refuses(PixKeyType.phone, '+1234567890123456', /E\.164/);
  });
});

describe('e-mail key (tipoChave 3)', () => {
  it('accepts an address with a domain suffix, lower-cased', () => {
    accepts(PixKeyType.email, 'Fulano.Silva@Example.COM.br', 'fulano.silva@example.com.br');
  });
  it('accepts exactly 77 characters', () => {
    const email = `${'a'.repeat(PIX_KEY_LENGTH_MAX - '@example.com'.length)}@example.com`;
    assert.equal(email.length, PIX_KEY_LENGTH_MAX);
    assert.equal(validatePixKey(PixKeyType.email, email).ok, true);
  });
  it('refuses 78 characters', () => {
    refuses(PixKeyType.email, `${'a'.repeat(66)}@example.com`, /no máximo 77/);
  });
  it('refuses an address without a domain suffix', () => refuses(PixKeyType.email, 'fulano@example', /sufixo/));
  it('refuses an address without @', () => refuses(PixKeyType.email, 'fulano.example.com', /inválida/));
});

describe('EVP key (tipoChave 4)', () => {
  it('accepts a UUID with dashes, lower-cased', () => {
    accepts(PixKeyType.evp, '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D', '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d');
  });
  it('refuses a UUID without dashes', () => refuses(PixKeyType.evp, '71c7d9be4b854e439f1c1f3b8b4e9a2d', /com hífens/));
  it('refuses anything else', () => refuses(PixKeyType.evp, '71c7d9be-4b85-4e43-9f1c', /deve ser um UUID/));
});

describe('common rules', () => {
  it('refuses an empty key', () => refuses(PixKeyType.email, '   ', /deve ser informada/));
  it('trims surrounding spaces', () => accepts(PixKeyType.cpf, ' 12345678909 ', '12345678909'));
  it('knows the five key types', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, -1, 1.5].map(isPixKeyType), [true, true, true, true, true, false, false, false]);
  });
  it('never accepts a key longer than 77 characters, whatever its type', () => {
    const type = fc.constantFrom<PixKeyTypeCode>(0, 1, 2, 3, 4);
    fc.assert(fc.property(type, fc.string({ minLength: PIX_KEY_LENGTH_MAX + 1, maxLength: 120 }), (tipo, chave) => {
      const result = validatePixKey(tipo, chave);
      return !result.ok || result.key.length <= PIX_KEY_LENGTH_MAX;
    }), { seed: 77, numRuns: 300 });
  });
});
