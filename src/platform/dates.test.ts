import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { brazilDateAt, BRAZIL_TZ } from './dates.js';

const reference = new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

describe('brazilDateAt', () => {
  it('agrees with the time-zone database at every minute around midnights, daylight-saving changes included, cached or not', () => {
    // 2018-11-04: São Paulo's last move to daylight saving; 2019-02-17: its end; 2026: no daylight saving.
    const days = ['2018-11-03T00:00:00Z', '2018-11-04T00:00:00Z', '2019-02-16T00:00:00Z', '2019-02-17T00:00:00Z', '2026-11-27T00:00:00Z', '1965-06-01T00:00:00Z'];
    for (let pass = 0; pass < 2; pass += 1) {
      for (const day of days) {
        for (let minute = 0; minute < 36 * 60; minute += 1) {
          const instant = new Date(Date.parse(day) + minute * 60_000);
          assert.equal(brazilDateAt(instant), reference.format(instant), instant.toISOString());
        }
      }
    }
  });

  it('São Paulo is three hours behind UTC today: 02:59 UTC is still the day before', () => {
    assert.equal(brazilDateAt(new Date('2026-11-27T02:59:59.999Z')), '2026-11-26');
    assert.equal(brazilDateAt(new Date('2026-11-27T03:00:00.000Z')), '2026-11-27');
  });
});
