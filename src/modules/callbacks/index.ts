// The callbacks module's public entry: what other modules may use. Partner administration checks
// and signs callback settings with the same rules the delivery worker applies.
export { parseCallbackUrl } from './address-guard.js';
export { parsePartnerHeader } from './partner-header.js';
export { generateSecret } from './signing.js';
