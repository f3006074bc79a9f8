// Interleaved 2 of 5 (ITF), the symbology FEBRABAN prescribes for the boleto barcode.
// Each digit is five elements, two of them wide. Digits go in pairs: the first digit of a pair is
// drawn by the bars, the second by the spaces between them, hence "interleaved".

/** Element widths of each digit: n = narrow, w = wide. */
const DIGIT_PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'] as const;
/** Start: narrow bar, narrow space, narrow bar, narrow space. */
const START = 'nnnn';
/** Stop: wide bar, narrow space, narrow bar. */
const STOP = 'wnn';

/**
 * The element sequence of a digit string of even length: a string of 'n'/'w' that alternates
 * bar, space, bar, … starting with a bar.
 */
export function encodeInterleaved2of5(digits: string): string {
  if (!/^(\d\d)+$/.test(digits)) throw new Error(`assertion: I2of5 needs an even number of digits, got "${digits}"`);
  let elements = START;
  for (let i = 0; i < digits.length; i += 2) {
    const bars = DIGIT_PATTERNS[Number(digits[i])]!;
    const spaces = DIGIT_PATTERNS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k += 1) elements += bars[k]! + spaces[k]!;
  }
  return elements + STOP;
}

/** Width of a sequence in narrow-module units, for a given wide:narrow ratio. */
export function symbolWidthInModules(elements: string, wideRatio: number): number {
  let width = 0;
  for (const element of elements) width += element === 'w' ? wideRatio : 1;
  return width;
}

/** Inverse of encodeInterleaved2of5 (used by tests); null when the sequence is not valid I2of5. */
export function decodeInterleaved2of5(elements: string): string | null {
  if (!elements.startsWith(START) || !elements.endsWith(STOP)) return null;
  const body = elements.slice(START.length, elements.length - STOP.length);
  if (body.length % 10 !== 0) return null;
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10);
    const bars = [0, 2, 4, 6, 8].map((k) => chunk[k]).join('');
    const spaces = [1, 3, 5, 7, 9].map((k) => chunk[k]).join('');
    const first = DIGIT_PATTERNS.indexOf(bars as (typeof DIGIT_PATTERNS)[number]);
    const second = DIGIT_PATTERNS.indexOf(spaces as (typeof DIGIT_PATTERNS)[number]);
    if (first < 0 || second < 0) return null;
    digits += `${first}${second}`;
  }
  return digits;
}
