// The callbacks module's public entry: what other modules may use. Partner administration checks
// and signs callback settings with the same rules the delivery worker applies.
import type { ModuleDescriptor } from '../../platform/module.js';
import { callbackMetrics } from './callback-metrics.js';
import { redeliverCallbackCommand as redeliver } from './callbacks-admin.js';
import { startCallbackWorker } from './delivery-worker.js';
import { parseCallbacksEnv } from './settings.js';
export { parseCallbackUrl } from './address-guard.js';
export { parsePartnerHeader } from './partner-header.js';
export { generateSecret } from './signing.js';
// What a state change emits through the command runner's outbox hook (payees, receivables); the
// row-writing writer is the composition root's alone (src/bindings.ts), no other module's.
export { emitCallback, writeCallbackOutbox } from './outbox.js';
export { boletoCancelledEvent, boletoCreatedEvent, chargeCancelledEvent, chargeRegisteredEvent, EventType, installmentLaunchEvent, payeeEvent, scheduleCreatedEvent, scheduleEvent, type ProposalRef } from './events.js';
// Console (issue 16): the outbox as the service team sees it, and redelivery.
export { CALLBACK_STATUSES, countCallbacksByStatus, listCallbacks, redeliverCallbackCommand, type CallbackListItem, type CallbackStatus } from './callbacks-admin.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'callbacks',
  tables: ['callback_events', 'callback_deliveries'],
  settings: { key: 'callbacks', parse: parseCallbacksEnv },
  commands: () => [redeliver],
  // Signatures follow the real time when the service clock is the sandbox's.
  workers: (ctx, log) => [startCallbackWorker(ctx.db, ctx.clock, ctx.config, log, ctx.wallClock === ctx.clock ? undefined : ctx.wallClock)],
  metrics: [callbackMetrics],
};
