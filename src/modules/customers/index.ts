// The customers module's public entry: customer addresses (Pessoa/Endereco).
// Other modules import only what is exported here.
import type { ModuleDescriptor } from '../../platform/module.js';
import { customersRoutes } from './routes.js';
import { spec as saveAddresses } from './save-addresses.schema.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'customers',
  tables: ['customer_addresses'],
  operations: [saveAddresses],
  routes: () => customersRoutes(),
};
