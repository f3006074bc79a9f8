// `caas signing-key rotate|list`: the service's own access-token signing keys. Rotation makes a new
// key current; the previous ones keep verifying for two hours (every token they signed has expired
// by then). Running servers verify the new key's tokens at once (an unknown kid reloads the keys)
// and sign with it within SIGNING_KEYS_RELOAD_MS (5 min).
import { withCliContext } from '../context.js';
import { IDEMPOTENCY_OPTION, runOperatorDefinition } from '../operator-command.js';
import { JSON_OPTION, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';

export default [
  group({ name: 'signing-key', description: "rotate or list the service's access-token signing keys (public parts at /.well-known/jwks.json)" }),
  command({
    name: 'signing-key rotate',
    description: 'make a new signing key current; the previous ones keep verifying for two hours',
    options: IDEMPOTENCY_OPTION,
    notes: ['Runs as the command signing-key.rotate (audited): the same --idempotency-key rotates once and prints the first key again.'],
    run: async ({ options }, io) => {
      const { rotateSigningKey } = await import('../../modules/auth/index.js');
      const { kid } = await runOperatorDefinition(io, () => rotateSigningKey, {}, options['idempotency-key']);
      io.out(`new current signing key: ${kid}`);
    },
  }),
  command({
    name: 'signing-key list',
    description: 'list the signing keys, newest first, with when each was created or retired',
    options: JSON_OPTION,
    run: async ({ options }, io) => {
      const keys = await withCliContext(({ db }) => db.selectFrom('signing_keys').select(['kid', 'alg', 'created_at', 'retired_at']).orderBy('created_at', 'desc').execute());
      printJsonOrLines(io, options.json, keys, () => keys.map((k) => `${k.kid}\t${k.alg}\tcreated ${k.created_at.toISOString()}\t${k.retired_at ? `retired ${k.retired_at.toISOString()}` : 'current'}`));
    },
  }),
];
