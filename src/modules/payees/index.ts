// The payees module's public entry: Pix payees (Favorecido) and their review by the service team.
// Other modules import only what is exported here.
import type { ModuleDescriptor } from '../../platform/module.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'payees',
  tables: ['payees', 'payee_reviews'],
};
