// FEBRABAN due-date factor ("fator de vencimento"): four digits in the barcode counting days from
// the base date 1997-10-07. Factor 1000 was 2000-07-03; the count reached 9999 on 2025-02-21 and
// restarted at 1000 on 2025-02-22, so factors repeat every 9000 days (compatibility-notes).
import { addDays, daysBetween, type LocalDate } from '../../../../platform/dates.js';
import { FACTOR_MIN, FACTOR_MAX } from '../../limits.js';

export const FACTOR_BASE_DATE = '1997-10-07' as LocalDate;
export const FACTOR_CYCLE_DAYS = FACTOR_MAX - FACTOR_MIN + 1; // 9000
/** The first due date that has a factor (factor 1000 of the first cycle). */
export const FACTOR_FIRST_DATE = addDays(FACTOR_BASE_DATE, FACTOR_MIN);

/** The factor of a due date. Dates before 2000-07-03 never had one: a programmer error here. */
export function dueDateFactor(dueDate: LocalDate): number {
  const days = daysBetween(FACTOR_BASE_DATE, dueDate);
  if (days < FACTOR_MIN) throw new Error(`assertion: due date ${dueDate} is before the first factor date ${FACTOR_FIRST_DATE}`);
  return FACTOR_MIN + ((days - FACTOR_MIN) % FACTOR_CYCLE_DAYS);
}

/**
 * The due date a factor stands for, chosen as the date of that factor nearest to `reference`
 * (normally the day the code is read). A factor alone is ambiguous across cycles; banks resolve it
 * with a window around the current date, and the nearest date is that window's centre.
 * Returns null for factor 0000, which FEBRABAN reserves for boletos without a due date.
 */
export function dueDateOfFactor(factor: number, reference: LocalDate): LocalDate | null {
  if (!Number.isInteger(factor)) throw new Error(`assertion: factor must be an integer, got ${factor}`);
  if (factor === 0) return null;
  if (factor < FACTOR_MIN || factor > FACTOR_MAX) throw new Error(`assertion: factor ${factor} outside ${FACTOR_MIN}..${FACTOR_MAX}`);
  const referenceDays = Math.max(daysBetween(FACTOR_BASE_DATE, reference), FACTOR_MIN);
  const cycle = Math.floor((referenceDays - FACTOR_MIN) / FACTOR_CYCLE_DAYS);
  const candidates = [cycle - 1, cycle, cycle + 1]
    .filter((c) => c >= 0)
    .map((c) => addDays(FACTOR_BASE_DATE, factor + c * FACTOR_CYCLE_DAYS));
  let best = candidates[0]!;
  for (const candidate of candidates) {
    if (Math.abs(daysBetween(reference, candidate)) < Math.abs(daysBetween(reference, best))) best = candidate;
  }
  return best;
}
