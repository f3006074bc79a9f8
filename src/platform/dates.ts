// Calendar dates and instants.
// A due date is a calendar date in Brazil (America/Sao_Paulo), kept as 'YYYY-MM-DD' text and
// never as a JS Date at midnight UTC, which would slide to the previous day in UTC-3.
// Day arithmetic is done on UTC midnights of the calendar date, where every day has 24 h.
import { DATE_OF_HOUR_ENTRIES_MAX } from './config/limits.js';

export type LocalDate = string & { readonly __brand: 'LocalDate' };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_PREFIX_RE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const MS_PER_DAY = 86_400_000;
export const BRAZIL_TZ = 'America/Sao_Paulo';

export function isValidLocalDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

export function localDate(text: string): LocalDate {
  if (!isValidLocalDate(text)) throw new Error(`assertion: invalid calendar date ${text}`);
  return text as LocalDate;
}

/**
 * The calendar date a partner meant by a date field: 'yyyy-MM-dd', or the date part of an ISO
 * timestamp exactly as written ('2026-07-19T00:00:00Z' is 19 July, not 18 July in São Paulo).
 * Returns null when the text is not a valid date.
 */
export function calendarDateOf(text: string): LocalDate | null {
  const m = DATE_PREFIX_RE.exec(text);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isValidLocalDate(date)) return null;
  if (text.length > 10 && Number.isNaN(Date.parse(text))) return null;
  return date as LocalDate;
}

/** The calendar date in São Paulo at an instant (what "today" means for a partner). */
// Building an Intl.DateTimeFormat costs ~0.1 ms; one shared instance is reused (it is stateless).
const BRAZIL_DATE_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

const HOUR_MS = 3_600_000;
/** The date of each hour already formatted (issue 14: ~5 µs a call, several calls a request); bounded. */
const dateOfHour = new Map<number, LocalDate>();

export function brazilDateAt(instant: Date): LocalDate {
  const ms = instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  const known = dateOfHour.get(hour);
  if (known !== undefined) return known;
  const date = BRAZIL_DATE_FORMAT.format(instant) as LocalDate;
  if (Number.isNaN(ms)) return date;
  // Kept only when the whole hour has one date (São Paulo's offsets are whole hours; checked, not assumed).
  const start = BRAZIL_DATE_FORMAT.format(hour * HOUR_MS);
  if (start === date && BRAZIL_DATE_FORMAT.format(hour * HOUR_MS + HOUR_MS - 1) === date) {
    if (dateOfHour.size >= DATE_OF_HOUR_ENTRIES_MAX) dateOfHour.clear();
    dateOfHour.set(hour, date);
  }
  return date;
}

/** The first instant of a day in Brazil (São Paulo, UTC−3: no daylight saving since 2019). */
export function brazilDayStart(date: LocalDate): Date {
  return new Date(`${date}T00:00:00-03:00`);
}

// A LocalDate is 'YYYY-MM-DD' (checked when made): read by position, not split (issue 14: pricing
// counts days several hundred times a proposal).
function toUtcMs(date: LocalDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtcMs(ms: number): LocalDate {
  return new Date(ms).toISOString().slice(0, 10) as LocalDate;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromUtcMs(toUtcMs(date) + days * MS_PER_DAY);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}

/** Same day of month `months` later, clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const targetMonthIndex = y * 12 + (m - 1) + months;
  const ty = Math.floor(targetMonthIndex / 12);
  const tm = targetMonthIndex % 12;
  const lastDay = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return fromUtcMs(Date.UTC(ty, tm, Math.min(d, lastDay)));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: LocalDate): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

export function compareDates(a: LocalDate, b: LocalDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The wire form of a calendar date: ISO 8601 date-time at midnight UTC of that date. */
export function dateToWire(date: LocalDate): string {
  return `${date}T00:00:00Z`;
}
