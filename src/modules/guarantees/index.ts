// The guarantees module's public entry: guarantee documents and assets.
// Other modules import only what is exported here.
import type { ModuleDescriptor } from '../../platform/module.js';
import { guaranteesRoutes } from './routes.js';
import { spec as saveGuaranteeDocument } from './save-guarantee-document.schema.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'guarantees',
  tables: ['guarantee_assets', 'guarantee_documents'],
  operations: [saveGuaranteeDocument],
  routes: () => guaranteesRoutes(),
};
