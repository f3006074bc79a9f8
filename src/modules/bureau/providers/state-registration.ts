// Inscrição estadual for sandbox companies. Each state has its own length, fixed prefix and
// check-digit rule; rather than re-implement 27 rules, the sandbox draws numbers of the state's
// shape and keeps the first one the state's rule accepts (the check digit passes about once in
// 11 to 121 draws, so the bound below is never reached in practice).
import { isValidIe } from '@brazilian-utils/brazilian-utils';
import type { Prng } from './prng.js';
import { IE_DRAWS_MAX } from '../limits.js';


/** Length and fixed leading digits of each state's IE (the states' published formats). */
const IE_FORMATS: Readonly<Record<string, { readonly length: number; readonly prefix: string }>> = {
  AC: { length: 13, prefix: '01' }, AL: { length: 9, prefix: '24' }, AP: { length: 9, prefix: '03' },
  AM: { length: 9, prefix: '' }, BA: { length: 9, prefix: '' }, CE: { length: 9, prefix: '' },
  DF: { length: 13, prefix: '07' }, ES: { length: 9, prefix: '' }, GO: { length: 9, prefix: '10' },
  MA: { length: 9, prefix: '12' }, MT: { length: 11, prefix: '' }, MS: { length: 9, prefix: '28' },
  MG: { length: 13, prefix: '' }, PA: { length: 9, prefix: '15' }, PB: { length: 9, prefix: '' },
  PR: { length: 10, prefix: '' }, PE: { length: 9, prefix: '' }, PI: { length: 9, prefix: '' },
  RJ: { length: 8, prefix: '' }, RN: { length: 9, prefix: '20' }, RS: { length: 10, prefix: '' },
  RO: { length: 14, prefix: '' }, RR: { length: 9, prefix: '24' }, SC: { length: 9, prefix: '' },
  SP: { length: 12, prefix: '' }, SE: { length: 9, prefix: '' }, TO: { length: 9, prefix: '' },
};

export const IE_EXEMPT = 'ISENTO';

/** A valid IE of `uf`, or ISENTO if none was found within the draw bound. */
export function stateRegistration(rng: Prng, uf: string): string {
  const format = IE_FORMATS[uf];
  if (!format) throw new Error(`assertion: unknown state ${uf}`);
  for (let i = 0; i < IE_DRAWS_MAX; i++) {
    const candidate = format.prefix + rng.digits(format.length - format.prefix.length);
    if (isValidIe(uf as Parameters<typeof isValidIe>[0], candidate)) return candidate;
  }
  return IE_EXEMPT;
}
