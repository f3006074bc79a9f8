// Whole documents the sandbox makes up or recognises (magic CPFs/CNPJs, voter ids). CPF/CNPJ
// check digits come from src/platform/documents.ts; validation of what partners send lives with
// the request validation, not here.
import { cnpjCheckDigits, cpfCheckDigits } from '../../../platform/documents.js';

/** The 11-digit CPF for a 9-digit base. */
export function cpfWithCheckDigits(base9: string): string {
  return `${base9}${cpfCheckDigits(base9)}`;
}

/** The 14-character CNPJ for a 12-character base (digits, or upper-case letters and digits). */
export function cnpjWithCheckDigits(base12: string): string {
  return `${base12}${cnpjCheckDigits(base12)}`;
}

/** Voter-id (título de eleitor) state codes of the electoral courts. */
export const VOTER_ID_UF_CODES: Readonly<Record<string, string>> = {
  SP: '01', MG: '02', RJ: '03', RS: '04', BA: '05', PR: '06', CE: '07', PE: '08', SC: '09', GO: '10',
  MA: '11', PB: '12', PA: '13', ES: '14', PI: '15', RN: '16', AL: '17', MT: '18', MS: '19', DF: '20',
  SE: '21', AM: '22', RO: '23', AC: '24', AP: '25', RR: '26', TO: '27',
};

/** The 12-digit voter id for an 8-digit sequence and a state. SP and MG turn a 0 digit into 1. */
export function voterIdWithCheckDigits(sequence8: string, uf: string): string {
  const ufCode = VOTER_ID_UF_CODES[uf];
  if (!ufCode || !/^\d{8}$/.test(sequence8)) throw new Error('assertion: bad voter-id sequence or state');
  const zeroBecomesOne = uf === 'SP' || uf === 'MG';
  const finish = (rest: number): number => (rest === 10 ? 0 : rest === 0 && zeroBecomesOne ? 1 : rest);
  const seq = [...sequence8].map(Number);
  const d1 = finish(seq.reduce((acc, d, i) => acc + d * (i + 2), 0) % 11);
  const d2 = finish((Number(ufCode[0]) * 7 + Number(ufCode[1]) * 8 + d1 * 9) % 11);
  return `${sequence8}${ufCode}${d1}${d2}`;
}
