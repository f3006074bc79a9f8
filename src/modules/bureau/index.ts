// The bureau module's public entry: credit bureau, SCR and fraud-base consultations, their cache and audit.
// Other modules import only what is exported here.
import type { ModuleDescriptor } from '../../platform/module.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'bureau',
  tables: ['bureau_cache', 'bureau_consultations'],
};
