// Partner administration as CommandDefinitions (issue 13's runner, issue 16's console): declared
// once here, run by the CLI (`caas partner …`) and the console page "Parceiros" alike, with the
// operator as actor. Bound at the face to the scope configuration (CAAS_FULL_SCOPE_ALIASES).
import type { CommandDefinition } from '../../platform/commands.js';
import type { ScopeConfig } from '../auth/index.js';
import { addPartnerKey, createPartner, revokePartnerKey, rotateCallbackSecret, setPartnerEnabled, updatePartner, type CreatedPartner, type CreatePartnerInput, type PartnerFlags } from './partner-admin.js';

export interface PartnerRef {
  clientId: string;
}

export interface PartnerCommands {
  create: CommandDefinition<CreatePartnerInput, CreatedPartner>;
  addKey: CommandDefinition<PartnerRef & { pem: string }, PartnerRef & { kid: string }>;
  revokeKey: CommandDefinition<PartnerRef & { kid: string }, PartnerRef & { kid: string }>;
  enable: CommandDefinition<PartnerRef, PartnerRef>;
  disable: CommandDefinition<PartnerRef, PartnerRef>;
  update: CommandDefinition<PartnerRef & { flags: PartnerFlags }, PartnerRef>;
  /** The new secret is in the result: shown once by the face (and kept in the idempotency record, docs/decisions.md). */
  rotateSecret: CommandDefinition<PartnerRef & { retireOld: boolean }, PartnerRef & { secret: string }>;
}

const lockOf = (input: PartnerRef) => [`partner:${input.clientId}`];

function setEnabled(enabled: boolean): CommandDefinition<PartnerRef, PartnerRef> {
  return {
    name: `partner.${enabled ? 'enable' : 'disable'}`,
    locks: lockOf,
    summarize: (r) => `${r.clientId} ${enabled ? 'enabled' : 'disabled'}`,
    handler: async (input, { tx, clock }) => {
      await setPartnerEnabled(tx, clock, input.clientId, enabled);
      return { clientId: input.clientId };
    },
  };
}

export function partnerCommands(scopes: ScopeConfig): PartnerCommands {
  return {
    create: {
      name: 'partner.create',
      summarize: (r) => `partner ${r.clientId} created`,
      handler: (input, { tx, clock }) => createPartner(tx, clock, input, scopes),
    },
    addKey: {
      name: 'partner.add-key',
      locks: lockOf,
      summarize: (r) => `key ${r.kid} added to ${r.clientId}`,
      handler: async (input, { tx, clock }) => ({ clientId: input.clientId, kid: await addPartnerKey(tx, clock, input.clientId, input.pem) }),
    },
    revokeKey: {
      name: 'partner.revoke-key',
      locks: lockOf,
      summarize: (r) => `key ${r.kid} of ${r.clientId} revoked`,
      handler: async (input, { tx, clock }) => {
        await revokePartnerKey(tx, clock, input.clientId, input.kid);
        return { clientId: input.clientId, kid: input.kid };
      },
    },
    enable: setEnabled(true),
    disable: setEnabled(false),
    update: {
      name: 'partner.update',
      locks: lockOf,
      summarize: (r) => `${r.clientId} updated`,
      handler: async (input, { tx, clock }) => {
        await updatePartner(tx, clock, input.clientId, input.flags, scopes);
        return { clientId: input.clientId };
      },
    },
    rotateSecret: {
      name: 'partner.rotate-secret',
      locks: lockOf,
      summarize: (r) => `callback secret of ${r.clientId} rotated`,
      handler: async (input, { tx, clock }) => ({ clientId: input.clientId, secret: await rotateCallbackSecret(tx, clock, input.clientId, input.retireOld) }),
    },
  };
}
