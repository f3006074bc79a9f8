// The CLI face of the command runner (issue 13): every operator command that changes state maps
// argv → input and runs its module's CommandDefinition through runDefined (src/platform/commands.ts), with the operator as the
// actor and an idempotency key (`--idempotency-key K`, generated when absent). The key is printed
// on standard error (`idempotency-key: K`), so standard output stays the command's own text or
// JSON document; run the command again with the same key and nothing changes: the stored result
// is printed again. Keep this file light at the top (see spec.ts): the runner loads on use.
import { randomUUID } from 'node:crypto';
import type { CommandDefinition, CommandOutcome } from '../platform/commands.js';
import { withCliContext, type CliContext } from './context.js';
import { CliError, osUserName, type CliIo } from './io.js';

// Same bound as the HTTP IdempotencyKey header (LIMITS.IDEMPOTENCY_KEY_LENGTH_MAX, checked below).
export const IDEMPOTENCY_OPTION = {
  'idempotency-key': {
    type: 'string',
    value: 'KEY',
    description: 'run at most once: the same KEY with the same input changes nothing again and prints the first result (default: generated, printed on stderr)',
  },
} as const;

/** The operator running the CLI: CAAS_OPERATOR, else the OS user name; null when neither is known. */
export function operatorName(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.CAAS_OPERATOR?.trim() || osUserName();
}

/**
 * Runs a command its module declared (a CommandDefinition, the same one the console runs) through
 * runDefined, with the operator as actor. `define` binds it to what the CLI context holds (the
 * configuration a module's dependencies are built from); returns the result (the stored one on a replay).
 */
export async function runOperatorDefinition<I, R>(io: CliIo, define: (cli: CliContext) => CommandDefinition<I, R>, input: I, idempotencyKey: string | undefined): Promise<R> {
  return (await runOperatorOutcome(io, define, input, idempotencyKey)).result;
}

/** runOperatorDefinition, telling also whether the result is a replay (nothing ran). */
export async function runOperatorOutcome<I, R>(io: CliIo, define: (cli: CliContext) => CommandDefinition<I, R>, input: I, idempotencyKey: string | undefined): Promise<CommandOutcome<R>> {
  const [{ runDefined }, { LIMITS }, { commandDeps }] = await Promise.all([import('../platform/commands.js'), import('../platform/config/limits.js'), import('../bindings.js')]);
  const key = idempotencyKey ?? randomUUID();
  if (key.trim() === '' || key.length > LIMITS.IDEMPOTENCY_KEY_LENGTH_MAX) throw new CliError(`--idempotency-key must have 1 to ${LIMITS.IDEMPOTENCY_KEY_LENGTH_MAX} characters`);
  const actor = { kind: 'operator' as const, id: operatorName() ?? 'operator', source: 'cli' };
  const outcome = await withCliContext((cli) =>
    runDefined(commandDeps(cli.db, cli.clock, cli.config), define(cli), input, actor, key),
  );
  io.err(`idempotency-key: ${key}${outcome.replayed ? ' (replayed: nothing changed)' : ''}`);
  return outcome;
}
