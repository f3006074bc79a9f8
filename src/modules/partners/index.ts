// The partners module's public entry: partners, their keys, callback settings and secrets, flags.
// Other modules use what is exported here and never read the partner tables themselves.
import type { ModuleDescriptor } from '../../platform/module.js';
import { partnerCommands as commands } from './partner-commands.js';
export type { PartnersTables } from './tables.js';
export { callbackTargets, clientIdOf, credentialsVersionOfClient, partnerIdOfClient, partnerNameById, partnerNameOf, partnerProfile, PgPartnerDirectory, type CallbackTarget, type PartnerCredentials, type PartnerKeyRecord, type PartnerProfile } from './directory.js';
export { generatePartnerKeyPair, parsePartnerPublicKey, PartnerKeyError, type ParsedPartnerKey, type PemKeyPair } from './keys.js';
export {
  addPartnerKey,
  CLIENT_ID_RE,
  createPartner,
  listPartners,
  partnerByClientId,
  revokePartnerKey,
  rotateCallbackSecret,
  setPartnerEnabled,
  updatePartner,
  type CreatedPartner,
  type CreatePartnerInput,
  type PartnerFlags,
} from './partner-admin.js';
export { partnerCommands, type PartnerCommands, type PartnerRef } from './partner-commands.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'partners',
  tables: ['partners', 'partner_keys', 'partner_callback_secrets'],
  commands: (ctx) => Object.values(commands({ fullAccessAliases: ctx.config.auth.fullScopeAliases })),
};
