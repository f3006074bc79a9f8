import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { localDate } from '../../platform/dates.js';
import { Problems } from '../../platform/errors.js';
import { consentInstant, earliestConsultableMonth, latestPublishedMonth, monthText, validateScrConsulta } from './scr-rules.js';
import { BUREAU_DEFAULTS, type ScrWindowSettings } from './settings.js';

const S: ScrWindowSettings = BUREAU_DEFAULTS;

describe('latestPublishedMonth', () => {
  test('month M is published on day 15 of M + 2 (defaults), across year ends', () => {
    const cases: [string, string][] = [
      ['2026-11-23', '09/2026'], ['2026-11-15', '09/2026'], ['2026-11-14', '08/2026'],
      ['2026-01-14', '10/2025'], ['2026-01-15', '11/2025'], ['2026-02-28', '12/2025'],
    ];
    for (const [today, latest] of cases) assert.equal(monthText(latestPublishedMonth(localDate(today), S)), latest, today);
  });

  test('configurable lag and day; the window counts the latest month', () => {
    const s = { ...S, publicationLag_months: 0, publicationDay: 1, history_months: 1 };
    const latest = latestPublishedMonth(localDate('2026-03-01'), s);
    assert.equal(monthText(latest), '03/2026');
    assert.equal(monthText(earliestConsultableMonth(latest, s)), '03/2026');
    assert.equal(monthText(earliestConsultableMonth(latestPublishedMonth(localDate('2026-11-23'), S), S)), '10/2024');
  });

  test('property: the latest month is lag or lag + 1 months back, and never moves backwards day by day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-30'), noInvalidDate: true }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 28 }), (d, lag, day) => {
        const s = { ...S, publicationLag_months: lag, publicationDay: day };
        const today = localDate(d.toISOString().slice(0, 10));
        const tomorrow = localDate(new Date(d.getTime() + 86_400_000).toISOString().slice(0, 10));
        const idx = (t: typeof today) => { const l = latestPublishedMonth(t, s); return l.year * 12 + l.month - 1; };
        const [y, m] = today.split('-').map(Number) as [number, number];
        const back = y * 12 + m - 1 - idx(today);
        return (back === lag || back === lag + 1) && idx(tomorrow) >= idx(today);
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });
});

describe('consentInstant', () => {
  test('a date alone is the start of the day in São Paulo; no zone means São Paulo time; a zone is kept', () => {
    assert.equal(consentInstant('2026-11-20')?.toISOString(), '2026-11-20T03:00:00.000Z');
    assert.equal(consentInstant('2026-11-20T10:00:00')?.toISOString(), '2026-11-20T13:00:00.000Z');
    assert.equal(consentInstant('2026-11-20 10:00')?.toISOString(), '2026-11-20T13:00:00.000Z');
    assert.equal(consentInstant('2026-11-20T10:00:00Z')?.toISOString(), '2026-11-20T10:00:00.000Z');
    assert.equal(consentInstant('2026-11-20T10:00:00+0100')?.toISOString(), '2026-11-20T09:00:00.000Z');
  });
});

describe('validateScrConsulta', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  test('a valid request normalizes the document and the month', () => {
    const problems = new Problems();
    const q = validateScrConsulta({ document: '529.982.247-25', referenceMonth: '07', referenceYear: '2026', consentAt: '2026-11-23' }, now, S, problems);
    assert.equal(problems.count, 0);
    assert.deepEqual([q?.document.id.digits, q?.document.personType, q?.reference], ['52998224725', 'PF', { year: 2026, month: 7 }]);
  });

  test('a late-evening consent in São Paulo is still "today" there (not tomorrow in UTC)', () => {
    const problems = new Problems();
    const late = new Date('2026-11-24T02:30:00Z'); // 23:30 on 23/11 in São Paulo
    validateScrConsulta({ document: '52998224725', referenceMonth: '9', referenceYear: '2026', consentAt: '2026-11-23' }, late, S, problems);
    assert.equal(problems.count, 0);
  });
});
