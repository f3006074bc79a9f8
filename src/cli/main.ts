// `caas <command> [subcommand] [options]`: one dispatcher, each command in src/cli/commands/.
// Commands call the same use cases as the HTTP routes, against the same database, whether or not
// the server is running (the embedded PostgreSQL of the data dir is shared, see platform/db).
import { ConfigError } from '../platform/config/env.js';
import { DomainError } from '../platform/errors.js';
import { COMMANDS } from './commands/index.js';
import { CliError, type CliIo } from './io.js';

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export function usage(): string {
  const lines = COMMANDS.map((c) => `  ${c.usage.padEnd(58)} ${c.summary}`);
  return ['Usage: caas <command> [options]', '', 'Commands:', ...lines, '', 'Environment: DATABASE_URL, CAAS_DATA_DIR, HOST, PORT, PUBLIC_URL, LOG_LEVEL (see README.md).'].join('\n');
}

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`caas: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) io.err(`caas ${name}: ${error.message}`);
    else if (error instanceof DomainError) io.err(`caas ${name}: ${error.messages.map((m) => `${m.code} ${m.description}`).join('; ')}`);
    else io.err(`caas ${name}: ${(error as Error).stack ?? String(error)}`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
