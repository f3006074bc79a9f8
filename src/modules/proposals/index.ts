// The proposals module's public entry: credit proposals: creation, pricing, lifecycle, the operator commands.
// Other modules import only what is exported here.
import type { ModuleDescriptor } from '../../platform/module.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'proposals',
  tables: ['proposals', 'proposal_history', 'proposal_installments'],
};
