// Pure money logic of the receivables schedule (see docs/recalculation.md).
export * from './charges-config.js';
export * from './charges-errors.js';
export * from './installment-state.js';
export * from './amount-rules.js';
export * from './balance-update.js';
export * from './recalculate-installment.js';
export * from './launch-entry.js';
export * from './payment-launch.js';
export * from './settlement-amount.js';
