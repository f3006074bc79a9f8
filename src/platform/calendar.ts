// Brazilian bank calendar: which calendar dates are business days for payments.
//
// Rule (Resolução CMN nº 4.880/2020, which restates Res. 2.516/1998 and 2.932/2002; FEBRABAN
// publishes it every year as the bank-holiday calendar): for operations in the financial market
// the following are NOT business days: Saturdays, Sundays, national holidays, and also Carnival
// Monday and Tuesday and Corpus Christi, which are not national public holidays. A bill due on a
// non-business day may be paid on the next business day without charges (FEBRABAN).
//
// National public holidays come from `date-holidays` (country BR, type 'public' only: its
// 'optional'/'observance' entries such as Ash Wednesday or Christmas Eve are not bank holidays).
// The bank-only days are computed here from Easter, because the library files them under a
// 'bank' type whose contents we do not want to depend on. Good Friday (a national holiday, Lei
// 9.093/1995) and 20 November (national since 2024, Lei 14.759/2023) are listed again so that a
// gap in the library cannot turn them into business days; duplicates are harmless in a set.
// The last business day of the year is also excluded: the same resolution forbids service to the
// public on it and there is no interbank clearing of boletos, and FEBRABAN lets bills due on it
// be paid on the first business day of January without charges.
import Holidays from 'date-holidays';
import { addDays, dayOfWeek, localDate, type LocalDate } from './dates.js';
import { CALENDAR_YEAR_MIN, CALENDAR_YEAR_MAX } from './config/limits.js';

/** Longest run of consecutive non-business days (Carnival: Saturday to Tuesday is 4). */
const NON_BUSINESS_RUN_MAX_DAYS = 10;
const CONSCIENCIA_NEGRA_FIRST_YEAR = 2024;

const SATURDAY = 6;
const SUNDAY = 0;

/** Easter Sunday offsets of the bank-only days (Carnival Mon/Tue, Good Friday, Corpus Christi). */
const EASTER_OFFSETS_DAYS = [
  { name: 'Carnaval (segunda-feira)', offset: -48 },
  { name: 'Carnaval (terça-feira)', offset: -47 },
  { name: 'Sexta-feira Santa', offset: -2 },
  { name: 'Corpus Christi', offset: 60 },
] as const;

let nationalHolidays: Holidays | null = null;
/** Pure cache: the non-business dates of a year never change once computed. */
const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** Easter Sunday (Gregorian; anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return localDate(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

function publicHolidaysFromLibrary(year: number): string[] {
  nationalHolidays ??= new Holidays('BR', { types: ['public'] });
  // `date` is the local calendar date as text ('2026-04-03 00:00:00'): no time-zone sliding.
  return nationalHolidays
    .getHolidays(year)
    .filter((h) => h.type === 'public')
    .map((h) => h.date.slice(0, 10));
}

/** Last weekday of December that is not Christmas (December has no other national holiday). */
function lastBusinessDayOfYear(year: number): LocalDate {
  let date = localDate(`${year}-12-31`);
  while (dayOfWeek(date) === SATURDAY || dayOfWeek(date) === SUNDAY || date.endsWith('-12-25')) {
    date = addDays(date, -1);
  }
  return date;
}

function bankOnlyHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const days: string[] = EASTER_OFFSETS_DAYS.map((d) => addDays(easter, d.offset));
  if (year >= CONSCIENCIA_NEGRA_FIRST_YEAR) days.push(`${year}-11-20`);
  days.push(lastBusinessDayOfYear(year));
  return days;
}

function holidaysOf(year: number): ReadonlySet<string> {
  if (!Number.isInteger(year) || year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX) {
    throw new Error(`assertion: bank calendar year ${year} outside ${CALENDAR_YEAR_MIN}..${CALENDAR_YEAR_MAX}`);
  }
  let set = holidaysByYear.get(year);
  if (!set) {
    set = new Set([...publicHolidaysFromLibrary(year), ...bankOnlyHolidays(year)]);
    holidaysByYear.set(year, set);
  }
  return set;
}

/** Whether `date` is a national or bank holiday (weekends aside). */
export function isBankHoliday(date: LocalDate): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(date);
}

export function isBusinessDay(date: LocalDate): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === SATURDAY || weekday === SUNDAY) return false;
  return !isBankHoliday(date);
}

/**
 * Pure cache of nextBusinessDay (issue 14: every installment of every read asks for its grace
 * date). Bounded by the calendar's own years (CALENDAR_YEAR_MIN..MAX): one entry per date at most.
 */
const nextBusinessDays = new Map<LocalDate, LocalDate>();

/** `date` itself when it is a business day, otherwise the first business day after it. */
export function nextBusinessDay(date: LocalDate): LocalDate {
  let found = nextBusinessDays.get(date);
  if (found === undefined) {
    found = searchNextBusinessDay(date);
    nextBusinessDays.set(date, found);
  }
  return found;
}

function searchNextBusinessDay(date: LocalDate): LocalDate {
  let current = date;
  for (let i = 0; i <= NON_BUSINESS_RUN_MAX_DAYS; i++) {
    if (isBusinessDay(current)) return current;
    current = addDays(current, 1);
  }
  throw new Error(`assertion: more than ${NON_BUSINESS_RUN_MAX_DAYS} non-business days after ${date}`);
}

function stepToBusinessDay(date: LocalDate, direction: 1 | -1): LocalDate {
  let current = addDays(date, direction);
  for (let i = 0; i < NON_BUSINESS_RUN_MAX_DAYS; i++) {
    if (isBusinessDay(current)) return current;
    current = addDays(current, direction);
  }
  throw new Error(`assertion: more than ${NON_BUSINESS_RUN_MAX_DAYS} non-business days next to ${date}`);
}

/**
 * `days` business days after `date` (before it when negative). The start date itself is not
 * counted, so adding 1 to a Friday gives the Monday; adding 0 returns `date` unchanged.
 */
export function addBusinessDays(date: LocalDate, days: number): LocalDate {
  if (!Number.isInteger(days)) throw new Error(`assertion: business days must be an integer, got ${days}`);
  const direction = days < 0 ? -1 : 1;
  let current = date;
  for (let i = 0; i < Math.abs(days); i++) current = stepToBusinessDay(current, direction);
  return current;
}
