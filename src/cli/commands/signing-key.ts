// `caas signing-key rotate|list`: the service's own access-token signing keys. Rotation makes a new
// key current; the previous ones keep verifying for two hours (every token they signed has expired
// by then). Running servers verify the new key's tokens at once (an unknown kid reloads the keys)
// and sign with it within SIGNING_KEYS_RELOAD_MS (5 min).
import { PgServiceSigningKeys } from '../../modules/auth/postgres-stores.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand } from '../io.js';

export const signingKeyCommand: CliCommand = {
  name: 'signing-key',
  usage: 'signing-key rotate|list [--json]',
  summary: "rotate or list the service's access-token signing keys (public parts at /.well-known/jwks.json)",
  run: async ([sub, ...rest], io) => {
    const { values } = parseOptions(rest, { json: { type: 'boolean' } }, false);
    if (sub === 'rotate') {
      const kid = await withCliContext(({ db, clock }) => new PgServiceSigningKeys(db, () => clock.now()).rotate());
      io.out(`new current signing key: ${kid}`);
      return 0;
    }
    if (sub === 'list') {
      const keys = await withCliContext(({ db }) => db.selectFrom('signing_keys').select(['kid', 'alg', 'created_at', 'retired_at']).orderBy('created_at', 'desc').execute());
      printJsonOrLines(io, values.json === true, keys, () => keys.map((k) => `${k.kid}\t${k.alg}\tcreated ${k.created_at.toISOString()}\t${k.retired_at ? `retired ${k.retired_at.toISOString()}` : 'current'}`));
      return 0;
    }
    throw new CliError(`usage: caas ${signingKeyCommand.usage}`);
  },
};
