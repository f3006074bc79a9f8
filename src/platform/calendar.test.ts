import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addBusinessDays, easterSunday, isBankHoliday, isBusinessDay, nextBusinessDay } from './calendar.js';
import { localDate, type LocalDate } from './dates.js';

const d = (text: string): LocalDate => localDate(text);

test('Easter Sunday matches the published dates', () => {
  assert.equal(easterSunday(2025), '2025-04-20');
  assert.equal(easterSunday(2026), '2026-04-05');
  assert.equal(easterSunday(2027), '2027-03-28');
  assert.equal(easterSunday(2000), '2000-04-23');
});

test('Carnival 2026 Monday and Tuesday are not business days; Ash Wednesday is', () => {
  assert.equal(isBusinessDay(d('2026-02-16')), false);
  assert.equal(isBusinessDay(d('2026-02-17')), false);
  assert.equal(isBusinessDay(d('2026-02-18')), true);
  // Friday before Carnival: the next business day is Ash Wednesday.
  assert.equal(addBusinessDays(d('2026-02-13'), 1), '2026-02-18');
  assert.equal(nextBusinessDay(d('2026-02-14')), '2026-02-18');
});

test('Good Friday, Tiradentes, Christmas, New Year', () => {
  assert.equal(isBusinessDay(d('2026-04-03')), false);
  assert.equal(nextBusinessDay(d('2026-04-03')), '2026-04-06');
  assert.equal(isBusinessDay(d('2026-04-21')), false); // Tuesday
  assert.equal(nextBusinessDay(d('2026-04-21')), '2026-04-22');
  assert.equal(isBusinessDay(d('2025-12-25')), false); // Thursday
  assert.equal(isBusinessDay(d('2026-12-25')), false); // Friday
  assert.equal(nextBusinessDay(d('2026-12-25')), '2026-12-28');
  assert.equal(isBusinessDay(d('2027-01-01')), false);
});

test('Corpus Christi and Consciência Negra are bank holidays; 20 Nov only from 2024', () => {
  assert.equal(isBankHoliday(d('2025-06-19')), true);
  assert.equal(isBankHoliday(d('2026-06-04')), true);
  assert.equal(isBankHoliday(d('2027-05-27')), true);
  assert.equal(isBusinessDay(d('2025-11-20')), false); // Thursday
  assert.equal(isBusinessDay(d('2026-11-20')), false); // Friday
  assert.equal(isBusinessDay(d('2023-11-20')), true); // Monday, before the 2023 law took effect
});

test('the last business day of the year has no clearing: boletos due then wait for January', () => {
  assert.equal(isBusinessDay(d('2025-12-31')), false); // Wednesday
  assert.equal(nextBusinessDay(d('2025-12-31')), '2026-01-02');
  assert.equal(isBusinessDay(d('2027-12-31')), false); // Friday
  // 31 Dec 2028 is a Sunday: the last business day is Friday 29 Dec.
  assert.equal(isBusinessDay(d('2028-12-29')), false);
  assert.equal(isBusinessDay(d('2028-12-28')), true);
});

test('weekends and ordinary days', () => {
  assert.equal(isBusinessDay(d('2026-03-14')), false); // Saturday
  assert.equal(isBusinessDay(d('2026-03-15')), false); // Sunday
  assert.equal(isBusinessDay(d('2026-03-16')), true);
  assert.equal(nextBusinessDay(d('2026-03-14')), '2026-03-16');
  assert.equal(nextBusinessDay(d('2026-03-16')), '2026-03-16');
  assert.equal(isBankHoliday(d('2026-03-14')), false);
});

test('addBusinessDays counts forward and backward, skipping holidays', () => {
  assert.equal(addBusinessDays(d('2026-03-16'), 0), '2026-03-16');
  assert.equal(addBusinessDays(d('2026-03-13'), 1), '2026-03-16');
  assert.equal(addBusinessDays(d('2026-03-16'), 5), '2026-03-23');
  assert.equal(addBusinessDays(d('2026-04-06'), -1), '2026-04-02'); // over Easter weekend + Good Friday
  assert.equal(addBusinessDays(d('2026-04-02'), 1), '2026-04-06');
  // Christmas 2026 (Fri), 31 Dec (Thu, last business day of the year: no clearing), New Year
  // 2027 (Fri): from 24 Dec, business days are 28, 29, 30 Dec, then 4 and 5 Jan.
  assert.equal(addBusinessDays(d('2026-12-24'), 5), '2027-01-05');
});

test('a year outside the supported range is a programmer error', () => {
  assert.throws(() => isBusinessDay(d('1850-01-02')), /assertion/);
});
