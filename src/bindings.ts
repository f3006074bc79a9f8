// Part of the composition root: the one place where modules are bound to each other (issue 13).
// Proposals drive the receivables schedule (opened at disbursement, cancelled with the proposal);
// receivables ask proposals for their status and settle them when paid off, and issue Pix charges
// at settlement's provider when one is configured. Every face (the routes through compose.ts, the
// CLI, the console) takes these same bindings from here.
import type { Config } from './platform/config/env.js';
import type { ModuleBindings } from './platform/module.js';
import { proposalsPort, type ProposalDeps } from './modules/proposals/index.js';
import { cancelScheduleWith, describeBoleto, openSchedule, summarizeSchedule, type ReceivablesDeps } from './modules/receivables/index.js';
import { settlementReceivablesPorts } from './modules/settlement/index.js';

export function bindModules(config: Config): ModuleBindings {
  return { proposals: proposalDeps(config), receivables: receivablesDeps(config) };
}

/** What proposals take from receivables: the schedule's lifecycle, with the configured boleto issuer. */
export function proposalDeps(config: Config): ProposalDeps {
  return { schedule: { openSchedule, cancelSchedule: cancelScheduleWith(config.receivables), summarizeSchedule, describeBoleto } };
}

/** What receivables take from proposals (status, paid off) and from settlement (the Pix provider, when configured). */
export function receivablesDeps(config: Config): ReceivablesDeps {
  return { settings: config.receivables, publicUrl: config.publicUrl, proposals: proposalsPort, ...settlementReceivablesPorts(config) };
}
