// IOF-credit rates of Decreto 6.306/2007 art. 7 (loans with a defined term, principal paid in
// installments: daily rate, days capped at 365) and art. 7 §15 (additional rate on the
// operation's value), by borrower type, as dated DATA. A decree that changes a rate adds rows
// here; no code changes. The row in force at the contract date (the taxable event) applies.
// Sources and the reading of each decree are in docs/pricing.md ("IOF rate table").
import { type Decimal, percentToRate } from '../../../platform/money.js';
import { type LocalDate, compareDates, localDate } from '../../../platform/dates.js';

export type PersonType = 'PF' | 'PJ';

export interface IofRate {
  effectiveFrom: LocalDate;
  personType: PersonType;
  /** Fraction per day: 0.000082 for 0.0082% a day. */
  dailyRate: Decimal;
  /** Fraction of the principal: 0.0038 for 0.38%. */
  additionalRate: Decimal;
  source: string;
}

/** One dated change for both borrower types, written in percent as the decrees write it. */
interface RateChange {
  from: string;
  pfDailyPercent: string;
  pjDailyPercent: string;
  pfAdditionalPercent: string;
  pjAdditionalPercent: string;
  source: string;
}

const REGULAR_2015 = { pfDailyPercent: '0.0082', pjDailyPercent: '0.0041', pfAdditionalPercent: '0.38', pjAdditionalPercent: '0.38' };
const ZERO_RATES = { pfDailyPercent: '0', pjDailyPercent: '0', pfAdditionalPercent: '0', pjAdditionalPercent: '0' };

const CHANGES: readonly RateChange[] = [
  { from: '2015-01-22', ...REGULAR_2015, source: 'Decreto 8.392/2015 (PF 0,0082% a.d.); PJ 0,0041% a.d.; adicional 0,38% (art. 7 §15)' },
  { from: '2020-04-03', ...ZERO_RATES, source: 'Decreto 10.305/2020 (alíquota zero, prorrogada pelos Decretos 10.414 e 10.504; encerrada em 26/11/2020 pelo Decreto 10.551)' },
  { from: '2020-11-27', ...REGULAR_2015, source: 'Fim da alíquota zero (Decreto 10.551/2020)' },
  { from: '2020-12-15', ...ZERO_RATES, source: 'Decreto 10.572/2020 (art. 7 §20-A: alíquota zero de 15/12 a 31/12/2020)' },
  { from: '2021-01-01', ...REGULAR_2015, source: 'Fim da alíquota zero (Decreto 10.572/2020)' },
  { from: '2021-09-20', pfDailyPercent: '0.01118', pjDailyPercent: '0.00559', pfAdditionalPercent: '0.38', pjAdditionalPercent: '0.38', source: 'Decreto 10.797/2021 (art. 7 §22, de 20/09 a 31/12/2021)' },
  { from: '2022-01-01', ...REGULAR_2015, source: 'Fim do §22 (Decreto 10.797/2021)' },
  { from: '2025-05-23', pfDailyPercent: '0.0082', pjDailyPercent: '0.0082', pfAdditionalPercent: '0.38', pjAdditionalPercent: '0.95', source: 'Decreto 12.466/2025 (PJ 0,0082% a.d. e adicional 0,95%)' },
  { from: '2025-06-11', pfDailyPercent: '0.0082', pjDailyPercent: '0.0082', pfAdditionalPercent: '0.38', pjAdditionalPercent: '0.38', source: 'Decreto 12.499/2025 (revoga o 12.466; PJ 0,0082% a.d., adicional volta a 0,38%; eficácia restabelecida ex tunc pelo STF na ADC 96 em 16/07/2025)' },
];

function rowsOf(change: RateChange): IofRate[] {
  const effectiveFrom = localDate(change.from);
  return [
    { effectiveFrom, personType: 'PF', dailyRate: percentToRate(change.pfDailyPercent), additionalRate: percentToRate(change.pfAdditionalPercent), source: change.source },
    { effectiveFrom, personType: 'PJ', dailyRate: percentToRate(change.pjDailyPercent), additionalRate: percentToRate(change.pjAdditionalPercent), source: change.source },
  ];
}

/** The table, oldest first. */
export const IOF_RATES: readonly IofRate[] = Object.freeze(CHANGES.flatMap(rowsOf));

/** The earliest contract date the table can price. */
export const IOF_RATES_FIRST_DATE: LocalDate = IOF_RATES[0]!.effectiveFrom;

/** The row in force at `date` for `personType`: the latest whose effectiveFrom is not after it. */
export function iofRateAt(date: LocalDate, personType: PersonType, table: readonly IofRate[] = IOF_RATES): IofRate {
  let found: IofRate | null = null;
  for (const row of table) {
    if (row.personType !== personType || compareDates(row.effectiveFrom, date) > 0) continue;
    if (found === null || compareDates(row.effectiveFrom, found.effectiveFrom) >= 0) found = row;
  }
  if (found === null) throw new Error(`assertion: no IOF rate for ${personType} in force at ${date} (table starts ${IOF_RATES_FIRST_DATE})`);
  return found;
}
