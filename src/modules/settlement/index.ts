// The settlement module: money from banks (CNAB 240 files) and Pix providers (API Pix) applied to
// receivables. Its public entry: everything other modules, the CLI and the composition root use.
import type { ModuleDescriptor } from '../../platform/module.js';
import { importReturnCommand as importReturn } from './import-return.js';
import { remittanceCommand as remittance } from './make-remittance.js';
import { pixClientFor as pixClient } from './pix/provider.js';
import { pixRefundCommand as pixRefund } from './pix/refund.js';
import { applyConfirmedPixCommand as applyPix } from './pix/webhook.js';
import { adaptReceivablesJobs, settlementJobKinds, settlementPlugins, startSettlementWorkers } from './wiring.js';
import { parseSettlementEnv } from './settings.js';
export { CnabError } from './cnab/record.js';
export { BANK_PROFILES, bankProfile, type BankProfile, type ReturnKind } from './cnab/profiles.js';
export { buildRemittance, remittanceText, type RemittanceEntry } from './cnab/remittance.js';
export { parseReturn, type ReturnEntry, type ReturnFile } from './cnab/return-file.js';
export { buildReturn, type BankEvent } from './cnab/return-writer.js';
export { adaptReceivablesJobs, settlementJobKinds, settlementPlugins, settlementReceivablesPorts, startSettlementWorkers } from './wiring.js';
export { PixApiClient } from './pix/api-client.js';
export { cobvBody } from './pix/charge-body.js';
export { importReturnFile, type ImportResult } from './import-return.js';
export { makeRemittance, remittanceCommand, removingUncommitted, type RemittanceResult } from './make-remittance.js';
export { scanInbox } from './inbox-worker.js';
export { parseSettlementEnv, type SettlementSettings, type PixProviderSettings } from './settings.js';
export { reconcile, reconciliationCsv, type Reconciliation, type ChannelReconciliation } from './reconcile.js';
export { pixProviderPort, PIX_PROVIDER_UNAVAILABLE } from './pix/provider-charges.js';
export { PIX_CONFIRM_JOB, applyConfirmedPixCommand } from './pix/webhook.js';
export { importReturnCommand } from './import-return.js';
export { pixRefundCommand, type PixRefundInput, type PixRefundResult } from './pix/refund.js';
export { pixClientFor } from './pix/provider.js';
export type { SettlementDeps } from './settlement-deps.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'settlement',
  tables: ['settlement_files', 'settlement_remittance_items', 'settlement_events', 'settlement_unmatched', 'settlement_pix_notifications', 'settlement_pix_refunds'],
  settings: { key: 'settlement', parse: parseSettlementEnv },
  plugins: (ctx) => settlementPlugins(ctx.db, ctx.clock, ctx.config, ctx.bindings.settlement),
  commands: (ctx) => {
    const pix = ctx.config.settlement.pix;
    return [importReturn(ctx.bindings.settlement), remittance(ctx.config.receivables, '.'), applyPix(ctx.bindings.settlement), ...(pix === null ? [] : [pixRefund(pixClient(pix), ctx.db)])];
  },
  jobs: (ctx) => settlementJobKinds(ctx.config, ctx.bindings.settlement, ctx.db),
  adaptJobs: (ctx, kinds) => adaptReceivablesJobs(ctx.config, kinds),
  workers: (ctx, log) => startSettlementWorkers(ctx.db, ctx.clock, ctx.config, ctx.bindings.settlement, log),
};
