import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getBankByCode } from '@brazilian-utils/brazilian-utils';
import { BANK_FORMATS, BANKS, bankByCode, bankByNumber } from './banks.js';

describe('bank reference table', () => {
  it('has at least the 15 main banks, each code unique', () => {
    assert.ok(BANKS.length >= 15);
    assert.equal(new Set(BANKS.map((b) => b.code)).size, BANKS.length);
    assert.equal(new Set(BANKS.map((b) => b.ispb)).size, BANKS.length);
  });

  it('uses the COMPE number as internal code, 3-digit COMPE and 8-digit ISPB', () => {
    for (const b of BANKS) {
      assert.equal(b.code, Number(b.number));
      assert.match(b.number, BANK_FORMATS.compe.pattern);
      assert.match(b.ispb, BANK_FORMATS.ispb.pattern);
    }
  });

  it('agrees with the BCB STR participant list as shipped in @brazilian-utils', () => {
    for (const b of BANKS) assert.equal(getBankByCode(b.number)?.ispb, b.ispb, `${b.number} ${b.name}`);
  });

  it('finds a bank by internal code and by COMPE number', () => {
    assert.equal(bankByCode(341)?.ispb, '60701190');
    assert.equal(bankByNumber('001')?.ispb, '00000000');
    assert.equal(bankByNumber('260')?.code, 260);
    assert.equal(bankByCode(999), null);
    assert.equal(bankByNumber('999'), null);
  });
});

describe('account formats', () => {
  const cases: [keyof typeof BANK_FORMATS, string[], string[]][] = [
    ['agency', ['1', '0001', '1234'], ['12345', '12-3', 'A123', '']],
    ['account', ['1', '12345678901234567890'], ['123456789012345678901', '1234-5', '12 34']],
    ['checkDigit', ['0', '9', 'X'], ['10', 'x', 'P', '']],
    ['accountWithDigit', ['123456', '12345X'], ['1', '1234-5', '12345XX']],
    ['ispb', ['00000000', '60701190'], ['0000000', '600701190', '6070119A']],
    ['compe', ['001', '341'], ['1', '0341', '34A']],
  ];
  for (const [format, valid, invalid] of cases) {
    it(`${format}: accepts ${valid.join(', ')} and refuses ${invalid.join(', ') || 'empty'}`, () => {
      for (const v of valid) assert.match(v, BANK_FORMATS[format].pattern);
      for (const v of invalid) assert.doesNotMatch(v, BANK_FORMATS[format].pattern);
    });
  }
});
