// The auth module's public entry: the token endpoint and request authentication (compose.ts
// wires them), and the scope catalogue partner administration checks scopes against.
export { canonicalScope, DEFAULT_SCOPE_CONFIG, type ScopeConfig } from './scopes.js';
