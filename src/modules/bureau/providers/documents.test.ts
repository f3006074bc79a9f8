import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { getStates, isValidCnpj, isValidCpf, isValidIe, isValidVoterId } from '@brazilian-utils/brazilian-utils';
import { cnpjWithCheckDigits, cpfWithCheckDigits, VOTER_ID_UF_CODES, voterIdWithCheckDigits } from './documents.js';
import { MAGIC_BEHAVIOURS, MAGIC_DOCUMENTS, magicBehaviourOf } from './magic.js';
import { Prng } from './prng.js';
import { IE_EXEMPT, stateRegistration } from './state-registration.js';

const RUNS = { seed: 7, numRuns: 300 } as const;

describe('check digits', () => {
  it('makes valid CPFs', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{9}$/).filter((b) => !/^(\d)\1+$/.test(b)), (b) => isValidCpf(cpfWithCheckDigits(b))), RUNS);
  });

  it('makes valid CNPJs, numeric and alphanumeric', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{12}$/).filter((b) => !/^(\d)\1+$/.test(b)), (b) => isValidCnpj(cnpjWithCheckDigits(b))), RUNS);
    fc.assert(fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), (b) => isValidCnpj(cnpjWithCheckDigits(b), { version: 2 })), RUNS);
  });

  it('makes valid voter ids for every state', () => {
    for (const uf of Object.keys(VOTER_ID_UF_CODES)) {
      fc.assert(fc.property(fc.stringMatching(/^\d{8}$/), (seq) => isValidVoterId(voterIdWithCheckDigits(seq, uf))), { seed: 7, numRuns: 50 });
    }
  });

  it('makes valid state registrations for every state', () => {
    for (const { code } of getStates()) {
      for (let i = 0; i < 5; i++) {
        const ie = stateRegistration(Prng.from(String(i), 'ie-test'), code);
        assert.ok(ie !== IE_EXEMPT && isValidIe(code, ie), `${code}: ${ie}`);
      }
    }
  });
});

describe('magic documents', () => {
  it('are valid, distinct, and recognised', () => {
    for (const b of MAGIC_BEHAVIOURS) {
      const { cpf, cnpj } = MAGIC_DOCUMENTS[b];
      assert.ok(isValidCpf(cpf) && isValidCnpj(cnpj), b);
      assert.equal(magicBehaviourOf(cpf), b);
      assert.equal(magicBehaviourOf(cnpj), b);
    }
    assert.equal(magicBehaviourOf('52998224725'), null);
  });

  it('are the ones docs/sandbox.md lists', () => {
    assert.deepEqual(MAGIC_DOCUMENTS.restriction, { cpf: '00000000191', cnpj: '00000001000136' });
    assert.deepEqual(MAGIC_DOCUMENTS.failure, { cpf: '00000000272', cnpj: '00000002000180' });
    assert.deepEqual(MAGIC_DOCUMENTS.no_record, { cpf: '00000000353', cnpj: '00000003000125' });
    assert.deepEqual(MAGIC_DOCUMENTS.fraud_high, { cpf: '00000000434', cnpj: '00000004000170' });
    assert.deepEqual(MAGIC_DOCUMENTS.scr_overdue, { cpf: '00000000515', cnpj: '00000005000114' });
  });
});

describe('PRNG', () => {
  it('repeats per seed and label and differs otherwise', () => {
    const draw = (seed: string, label: string): number[] => {
      const r = Prng.from(seed, label);
      return Array.from({ length: 8 }, () => r.uint32());
    };
    assert.deepEqual(draw('a', 'x'), draw('a', 'x'));
    assert.notDeepEqual(draw('a', 'x'), draw('b', 'x'));
    assert.notDeepEqual(draw('a', 'x'), draw('a', 'y'));
  });

  it('stays inside integer ranges and makes v4-shaped uuids', () => {
    const r = Prng.from('range', 'test');
    for (let i = 0; i < 2000; i++) {
      const n = r.int(-3, 5);
      assert.ok(Number.isInteger(n) && n >= -3 && n <= 5);
    }
    assert.match(r.uuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
