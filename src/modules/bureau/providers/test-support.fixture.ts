// Test fixture: documents and a frozen sandbox shared by the provider tests.
import fc from 'fast-check';
import { fixedClock } from '../../../platform/clock.js';
import { cnpjWithCheckDigits, cpfWithCheckDigits } from './documents.js';
import { magicBehaviourOf } from './magic.js';
import { SandboxBureauProvider } from './sandbox.js';

export const NOW = '2026-03-15T12:00:00Z';

export function sandbox(at: string = NOW): SandboxBureauProvider {
  return new SandboxBureauProvider({ clock: fixedClock(at) });
}

const ordinary = (doc: string): boolean => magicBehaviourOf(doc) === null && !/^(\d)\1+$/.test(doc);

/** Valid, non-magic CPFs. */
export const arbCpf = fc.stringMatching(/^\d{9}$/).map(cpfWithCheckDigits).filter(ordinary);

/** Valid, non-magic CNPJs, numeric or alphanumeric. */
export const arbCnpj = fc
  .oneof(fc.stringMatching(/^\d{8}0001$/), fc.stringMatching(/^[0-9A-Z]{8}000[1-9]$/))
  .map(cnpjWithCheckDigits)
  .filter(ordinary);

export const SAMPLE_CPFS = ['52998224725', '39053344705', '11144477735', '12345678909'] as const;
export const SAMPLE_CNPJS = ['11222333000181', '45723174000110', '12ABC34501DE35'] as const;

/** Property runs: seeded so every run checks the same documents. */
export const PROPERTY = { seed: 20260315, numRuns: 60 } as const;
