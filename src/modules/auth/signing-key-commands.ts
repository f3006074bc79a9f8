// `signing-key.rotate`, declared once (issue 13): the CLI runs it through runDefined with the
// operator as actor, so a rotation is audited and, under one idempotency key, happens once.
import type { CommandDefinition } from '../../platform/commands.js';
import { storeNewSigningKey } from './postgres-stores.js';

export interface RotatedSigningKey {
  /** The new current key. */
  kid: string;
}

export const rotateSigningKey: CommandDefinition<Record<string, never>, RotatedSigningKey> = {
  name: 'signing-key.rotate',
  // Two rotations at once would both retire "the current" key and leave two current ones.
  locks: () => ['signing-keys'],
  summarize: (result) => `signing key ${result.kid} made current`,
  handler: async (_input, ctx) => ({ kid: await storeNewSigningKey(ctx.tx, ctx.now) }),
};
