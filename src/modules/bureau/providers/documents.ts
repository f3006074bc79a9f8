// Check digits for the documents the sandbox makes up or recognises (magic CPFs/CNPJs, voter
// ids). Validation of what partners send lives with the request validation, not here.

function mod11Digit(sum: number): number {
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The 11-digit CPF for a 9-digit base. */
export function cpfWithCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error('assertion: a CPF base has 9 digits');
  const digits = [...base9].map(Number);
  const d1 = mod11Digit(digits.reduce((acc, d, i) => acc + d * (10 - i), 0));
  const d2 = mod11Digit(digits.reduce((acc, d, i) => acc + d * (11 - i), 0) + d1 * 2);
  return `${base9}${d1}${d2}`;
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Character value in the CNPJ check-digit sum: ASCII minus 48 (so digits keep their value and
 * the letters of the alphanumeric CNPJ count from 17 for 'A'). */
function cnpjCharValue(ch: string): number {
  return ch.charCodeAt(0) - 48;
}

function cnpjDigit(chars: readonly string[]): number {
  const weights = CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - chars.length);
  return mod11Digit(chars.reduce((acc, ch, i) => acc + cnpjCharValue(ch) * weights[i]!, 0));
}

/** The 14-character CNPJ for a 12-character base (digits, or upper-case letters and digits). */
export function cnpjWithCheckDigits(base12: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base12)) throw new Error('assertion: a CNPJ base has 12 characters');
  const chars = [...base12];
  const d1 = cnpjDigit(chars);
  const d2 = cnpjDigit([...chars, String(d1)]);
  return `${base12}${d1}${d2}`;
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
