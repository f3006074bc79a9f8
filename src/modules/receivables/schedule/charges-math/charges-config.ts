// Every rate and convention of the late-charge and early-payment arithmetic, in one place.
// docs/recalculation.md explains each one; the module layer builds this once from configuration.
import { dec, roundCents, truncateCents, type Decimal, type DecimalInput } from '../../../../platform/money.js';
import { FINE_RATE_MAX, LATE_INTEREST_MONTHLY_RATE_MAX, CONTRACT_MONTHLY_RATE_MAX } from '../../limits.js';

/** Commercial month used for every pro rata die conversion (monthly rate / 30 per day). */
export const DAYS_PER_MONTH = 30;

/**
 * How each amount is brought to centavos, once. 'half_up' is the Brazilian banking convention;
 * 'truncate' drops the extra places (it favours the customer on charges and on reductions).
 */
export type RoundingMode = 'half_up' | 'truncate';

export interface ChargesConfig {
  /** Fine on the installment balance when it becomes late, applied once. */
  readonly fineRate: Decimal;
  /** Late interest (juros de mora), simple, pro rata die: rate / 30 per calendar day late. */
  readonly lateInterestMonthlyRate: Decimal;
  /**
   * Whether the contract (remunerative) interest keeps running on a late balance: compound at
   * the contract monthly rate, pro rata die, (1 + i)^(days / 30) − 1.
   */
  readonly contractInterestForLateDays: boolean;
  readonly roundingMode: RoundingMode;
}

export const DEFAULT_CHARGES_CONFIG: ChargesConfig = Object.freeze({
  fineRate: dec('0.02'),
  lateInterestMonthlyRate: dec('0.01'),
  contractInterestForLateDays: true,
  roundingMode: 'half_up',
});

export interface ChargesConfigInput {
  fineRate?: DecimalInput;
  lateInterestMonthlyRate?: DecimalInput;
  contractInterestForLateDays?: boolean;
  roundingMode?: RoundingMode;
}

function assertRate(name: string, value: Decimal, maxRate: string, why: string): void {
  if (!value.isFinite() || value.isNegative() || value.greaterThan(maxRate)) {
    throw new Error(`assertion: ${name} ${value.toString()} outside 0..${maxRate} (${why})`);
  }
}

/** Checks a configuration; a bad one is an operator error caught at start-up, not a 400. */
export function assertChargesConfig(config: ChargesConfig): void {
  assertRate('fineRate', config.fineRate, FINE_RATE_MAX, 'CDC art. 52 §1');
  assertRate('lateInterestMonthlyRate', config.lateInterestMonthlyRate, LATE_INTEREST_MONTHLY_RATE_MAX, 'STJ Súmula 379');
  if (config.roundingMode !== 'half_up' && config.roundingMode !== 'truncate') {
    throw new Error(`assertion: unknown roundingMode ${String(config.roundingMode)}`);
  }
}

/** Defaults overridden by `input`, validated. */
export function chargesConfig(input: ChargesConfigInput = {}): ChargesConfig {
  const config: ChargesConfig = Object.freeze({
    fineRate: dec(input.fineRate ?? DEFAULT_CHARGES_CONFIG.fineRate),
    lateInterestMonthlyRate: dec(input.lateInterestMonthlyRate ?? DEFAULT_CHARGES_CONFIG.lateInterestMonthlyRate),
    contractInterestForLateDays: input.contractInterestForLateDays ?? DEFAULT_CHARGES_CONFIG.contractInterestForLateDays,
    roundingMode: input.roundingMode ?? DEFAULT_CHARGES_CONFIG.roundingMode,
  });
  assertChargesConfig(config);
  return config;
}

/** The one rounding to centavos of every computed amount. */
export function roundAmount(config: ChargesConfig, value: Decimal): Decimal {
  return config.roundingMode === 'truncate' ? truncateCents(value) : roundCents(value);
}

export function assertContractRate(rate: Decimal): void {
  assertRate('contractMonthlyRate', rate, CONTRACT_MONTHLY_RATE_MAX, 'sanity bound');
}
