// The payees module's public entry: what other modules and the faces (CLI, console) may use.
// Console (issue 16): the review commands and the review queue.
import type { ModuleDescriptor } from '../../platform/module.js';
import { payeesRoutes } from './routes.js';
import { approvePayeeCommand as approve, rejectPayeeCommand as reject } from './review-commands.js';
import { spec as registerPayee } from './register-payee.schema.js';
import { spec as getPayee } from './get-payee.schema.js';
export { approvePayeeCommand, rejectPayeeCommand } from './review-commands.js';
export { countPendingPayees, listPayees, type ListedPayee, type PayeeListing } from './list-payees.js';
export { PayeeStatus, PAYEE_STATUS_DESCRIPTIONS, parsePayeeStatus } from './payee-status.js';
export type { PayeeWire } from './payee-view.js';
export type { StoredPayee } from './stored-payee.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'payees',
  tables: ['payees', 'payee_reviews'],
  operations: [registerPayee, getPayee],
  routes: () => payeesRoutes(),
  commands: () => [approve, reject],
};
