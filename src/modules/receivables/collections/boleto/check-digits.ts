// The check digits of the FEBRABAN bank-collection boleto (Carta-Circular BACEN 2.926 layout).
// Every function takes a string of decimal digits; anything else is a programmer error because
// callers validate user input before computing digits.

const DIGITS_RE = /^\d+$/;

function assertDigits(text: string, what: string): void {
  if (!DIGITS_RE.test(text)) throw new Error(`assertion: ${what} must be decimal digits, got "${text}"`);
}

/**
 * Modulo 10 of a linha digitável field: weights 2,1,2,1… from the right, the digits of each
 * product summed (16 counts as 1+6), DV = 10 − (sum mod 10), and 10 becomes 0.
 */
export function modulo10(text: string): number {
  assertDigits(text, 'modulo 10 input');
  let sum = 0;
  let weight = 2;
  for (let i = text.length - 1; i >= 0; i -= 1) {
    const product = Number(text[i]) * weight;
    sum += product > 9 ? product - 9 : product; // digit sum of a two-digit product ≤ 18
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Weighted sum with weights 2..9 cycling from the right: the base of every modulo 11 here. */
function modulo11Sum(text: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = text.length - 1; i >= 0; i -= 1) {
    sum += Number(text[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/**
 * The general check digit of the 44-digit barcode (position 5), over the other 43 digits:
 * 11 − (sum mod 11); results 0, 10 and 11 become 1, because 0 is never a valid general DV.
 */
export function barcodeCheckDigit(digits43: string): number {
  assertDigits(digits43, 'barcode without DV');
  if (digits43.length !== 43) throw new Error(`assertion: barcode without DV must have 43 digits, got ${digits43.length}`);
  const dv = 11 - (modulo11Sum(digits43) % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/**
 * The digit printed after the bank code on the slip ("001-9", "237-2", "104-0"): modulo 11 with
 * weights 2..9, where 10 and 11 become 0.
 */
export function bankCodeCheckDigit(bankCode: string): number {
  assertDigits(bankCode, 'bank code');
  const dv = 11 - (modulo11Sum(bankCode) % 11);
  return dv >= 10 ? 0 : dv;
}

/**
 * Bradesco's "dígito de auto-conferência" of the nosso número: modulo 11 with weights 2..7 over
 * carteira (2) + nosso número (11); remainder 0 → "0", remainder 1 → "P", otherwise 11 − remainder.
 */
export function bradescoNossoNumeroDigit(walletAndNumber: string): string {
  assertDigits(walletAndNumber, 'carteira + nosso número');
  let sum = 0;
  let weight = 2;
  for (let i = walletAndNumber.length - 1; i >= 0; i -= 1) {
    sum += Number(walletAndNumber[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  if (remainder === 0) return '0';
  if (remainder === 1) return 'P';
  return String(11 - remainder);
}

/**
 * Itaú's DAC of the nosso número: modulo 10 of agência (4) + conta (5, without its DAC) + carteira
 * (3) + nosso número (8); for the "escritural" carteiras 126, 131, 146, 150 and 168, of carteira +
 * nosso número only (Itaú's boleto manual, "cálculo do DAC do nosso número").
 */
export function itauNossoNumeroDigit(branch: string, account: string, wallet: string, number: string): number {
  return ITAU_WALLETS_DAC_WITHOUT_ACCOUNT.includes(wallet) ? modulo10(`${wallet}${number}`) : modulo10(`${branch}${account}${wallet}${number}`);
}

export const ITAU_WALLETS_DAC_WITHOUT_ACCOUNT: readonly string[] = ['126', '131', '146', '150', '168'];

/** Itaú's DAC of agência/conta: modulo 10 of agência (4) + conta (5). */
export function itauAccountDigit(branch: string, account: string): number {
  return modulo10(`${branch}${account}`);
}
