// What settlement needs from the rest of the service, bound once in the composition root
// (src/bindings.ts `settlementDeps`): receivables' charge settings and the proposals port that a
// reported payment settles through, and the command runner's outbox writer for the commands it
// runs outside a face (bank return files, the Pix webhook and its retry job).
import type { OutboxWriter } from '../../platform/commands.js';
import type { ReceivablesDeps } from '../receivables/index.js';

export interface SettlementDeps {
  /** Receivables' settings (what is due on a payment date). */
  settings: ReceivablesDeps['settings'];
  /** Proposals as receivables see them (a schedule paid off settles its proposal). */
  proposals: ReceivablesDeps['proposals'];
  outbox: OutboxWriter;
}

declare module '../../platform/module.js' {
  interface ModuleBindings {
    settlement: SettlementDeps;
  }
}
