// Part of the composition root: the one place where modules are bound to each other (issue 13).
// Proposals drive the receivables schedule (opened at disbursement, cancelled with the proposal);
// receivables ask proposals for their status and settle them when paid off, and issue Pix charges
// at settlement's provider when one is configured. The command runner's outbox (and the job
// runner's) is written by the callbacks module. Every face (the routes through compose.ts, the
// CLI, the console) takes these same bindings from here.
import type { Clock } from './platform/clock.js';
import type { CommandDeps, OutboxWriter } from './platform/commands.js';
import type { Config } from './platform/config/env.js';
import type { Db } from './platform/db/pool.js';
import type { ModuleBindings } from './platform/module.js';
import { writeCallbackOutbox } from './modules/callbacks/index.js';
import { proposalsPort, type ProposalDeps } from './modules/proposals/index.js';
import { cancelScheduleWith, describeBoleto, openSchedule, summarizeSchedule, type ReceivablesDeps } from './modules/receivables/index.js';
import { settlementReceivablesPorts, type SettlementDeps } from './modules/settlement/index.js';

/** What commands and jobs enqueue (ctx.enqueue) is stored by the callbacks module, in their transaction (the only outbox kind). */
export const outboxWriter: OutboxWriter = writeCallbackOutbox;

/** What runDefined needs, for every face: the outbox writer, and the idempotency retention when configured. */
export function commandDeps(db: Db, clock: Clock, config?: Pick<Config, 'idempotencyRetentionMs'>): CommandDeps {
  return { db, clock, outbox: outboxWriter, idempotencyRetentionMs: config?.idempotencyRetentionMs };
}

export function bindModules(config: Config): ModuleBindings {
  return { proposals: proposalDeps(config), receivables: receivablesDeps(config), settlement: settlementDeps(config) };
}

/** What proposals take from receivables: the schedule's lifecycle, with the configured boleto issuer. */
export function proposalDeps(config: Config): ProposalDeps {
  return { schedule: { openSchedule, cancelSchedule: cancelScheduleWith(config.receivables), summarizeSchedule, describeBoleto } };
}

/** What receivables take from proposals (status, paid off) and from settlement (the Pix provider, when configured). */
export function receivablesDeps(config: Config): ReceivablesDeps {
  return { settings: config.receivables, publicUrl: config.publicUrl, proposals: proposalsPort, ...settlementReceivablesPorts(config) };
}

/** What settlement takes: receivables' settings, the proposals port, and the callbacks outbox for the commands it runs outside a face. */
export function settlementDeps(config: Config): SettlementDeps {
  return { settings: config.receivables, proposals: proposalsPort, outbox: outboxWriter };
}
