// The auth module's public entry: the token endpoint and request authentication (compose.ts
// wires them), and the scope catalogue partner administration checks scopes against.
import type { ModuleDescriptor } from '../../platform/module.js';
import { parseAuthEnv } from './settings.js';
import { purgeExpiredJtis } from './postgres-stores.js';
import { rotateSigningKey } from './signing-key-commands.js';
export { rotateSigningKey, type RotatedSigningKey } from './signing-key-commands.js';
export { canonicalScope, DEFAULT_SCOPE_CONFIG, type ScopeConfig } from './scopes.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'auth',
  tables: ['assertion_jtis', 'signing_keys'],
  purges: [{ name: 'jtis', purge: purgeExpiredJtis }],
  settings: { key: 'auth', parse: parseAuthEnv },
  commands: () => [rotateSigningKey],
};
