// The public entry of the receivables module: what other modules, the faces and the composition
// root may use. Inside, the module is split by capability:
// - schedule/: the schedule (agenda) of a disbursed proposal, its installments and their
//   recalculation (charges-math), ConsultarDetalhes and ConsultarParcelas, the schedule lifecycle;
// - collections/: boletos, Pix charges, printing, registration, cancellation of charges;
// - payments/: payment launches, allocation of money received over installments, settlement of a
//   boleto or charge.
// Shared by the three: tables.ts, settings.ts, receivables-errors.ts, schedule-events.ts (callbacks),
// receivables-blocks.ts (wire pieces), export-receivables.ts (the book export), operator-views.ts
// (the console's read side).
import type { ModuleDescriptor } from '../../platform/module.js';
import { boletoMetrics as collectionMetrics } from './collections/boleto-metrics.js';
import { paymentCommands as payments } from './payments/payment-commands.js';
import { startBoletoExpiryScheduler } from './collections/boleto-expiry.js';
import { receivablesJobHandlers as jobs, receivablesPlugins as plugins, receivablesRoutes as routes } from './routes.js';
import { parseReceivablesEnv } from './settings.js';
import { spec as cancelCharges } from './collections/cancel-charges.schema.js';
import { spec as generateSingleBoleto } from './collections/generate-single-boleto.schema.js';
import { spec as generateMultipleBoletos } from './collections/generate-multiple-boletos.schema.js';
import { spec as generateSingleCharge } from './collections/generate-single-charge.schema.js';
import { spec as generateMultipleCharges } from './collections/generate-multiple-charges.schema.js';
import { spec as getScheduleDetails } from './schedule/get-schedule-details.schema.js';
import { spec as addInstallmentLaunches } from './payments/add-installment-launches.schema.js';
import { spec as addInstallmentLaunch } from './payments/add-installment-launch.schema.js';
import { spec as getInstallments } from './schedule/get-installments.schema.js';
import { spec as getBoletos } from './collections/get-boletos.schema.js';

// The schedule, as proposals sees it (bound in the composition root).
export type { BoletoSummary, CancelSchedule, DescribeBoleto, OpenSchedule, PlannedInstallment, ScheduleOpening, ScheduleSummary, SummarizeSchedule } from './schedule/schedule-contract.js';
export { cancelScheduleWith, openSchedule, summarizeSchedule } from './schedule/schedule-lifecycle.js';
export { installmentsOf, monthlyRateOf, scheduleById, ScheduleStatus, stateOf, type ScheduleRow } from './schedule/schedule-repository.js';
export { DEFAULT_CHARGES_CONFIG, isSettled, newInstallmentState, updateBalance, type ChargesConfig, type InstallmentState } from './schedule/charges-math/index.js';

// Collections: boletos and Pix charges.
export { describeBoleto } from './collections/describe-boleto.js';
export { BOLETO_STATUS_NAMES, BoletoStatus, parseBoletoStatus } from './collections/boleto-status.js';
export { BOLETO_REGISTER_JOB, registerBoleto } from './collections/boleto-registration.js';
export { cancelBoletoNow, CHARGE_CANCEL_JOB } from './collections/collection-cancel.js';
export { isProviderCharge } from './collections/boleto-issue.js';
export { BOLETO_EXPIRE_JOB, expireBoletosJob, scheduleBoletoExpiry, startBoletoExpiryScheduler } from './collections/boleto-expiry.js';
export { boletoById, boletoInstallments, boletoOfCharge, chargeById, chargeInstallments, setBoletoStatus, setChargeStatus, type BoletoRow, type ChargeRow } from './collections/collection-repository.js';
export { boletoBatches, countBoletos, listBoletos, NO_BOLETO_FILTER, type ListedBoleto } from './collections/list-boletos.js';
export { listedBoletoView, type ListedBoletoView } from './collections/boleto-listing-view.js';
export { boletoMetrics } from './collections/boleto-metrics.js';
export { bradescoNossoNumeroDigit, itauNossoNumeroDigit, modulo10 } from './collections/boleto/check-digits.js';
export type { BoletoIssuerConfig } from './collections/boleto/free-field.js';
export { buildBrCode } from './collections/pix/br-code.js';
export { qrPngBase64 } from './collections/pix/qr.js';

// Payments.
export { payBoleto, payCharge, settleReported, type PaymentReceipt } from './payments/pay-collection.js';
export { paymentCommands, storedReceipt, type PaymentCommands, type StoredReceipt } from './payments/payment-commands.js';

// The module as the composition root and the faces see it.
export type { PixProviderPort, ProviderPixCharge, ReceivablesDeps } from './receivables-deps.js';
export type { ReceivablesSettings } from './settings.js';
export { receivablesJobHandlers, receivablesPlugins, receivablesRoutes } from './routes.js';

// The book export (`caas export installments|payments`).
export { countInstallments, countPayments, installmentBatches, paymentBatches, type DateRange, type InstallmentRecord, type PaymentRecord } from './export-receivables.js';

// The console's read side (issue 16): Painel figures, one proposal's schedule, the Cobrança pages
// and the boleto slip by number.
export { BOLETO_STATUS_OPTIONS, boletoSlipByNumber, CHARGE_STATUSES, collectionFiguresOn, pageBoletos, pageCharges, scheduleView, type BoletoLine, type ChargeLine, type CollectionFigures, type CountAmount, type InstallmentLine, type LaunchLine, type ScheduleView } from './operator-views.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'receivables',
  tables: ['receivable_schedules', 'receivable_installments', 'receivable_charges', 'receivable_charge_installments', 'receivable_boletos', 'receivable_boleto_installments', 'receivable_launches'],
  settings: { key: 'receivables', parse: parseReceivablesEnv },
  operations: [cancelCharges, generateSingleBoleto, generateMultipleBoletos, generateSingleCharge, generateMultipleCharges, getScheduleDetails, addInstallmentLaunches, addInstallmentLaunch, getInstallments, getBoletos],
  routes: (ctx) => routes(ctx.bindings.receivables),
  plugins: (ctx) => plugins(ctx.db, ctx.bindings.receivables),
  commands: (ctx) => Object.values(payments(ctx.bindings.receivables)),
  jobs: () => jobs,
  workers: (ctx, log) => [startBoletoExpiryScheduler(ctx.db, ctx.clock, log)],
  metrics: [collectionMetrics],
};
