// `caas <command> [subcommand] [options]`: the command tree (registry.ts, one file per command in
// src/cli/commands/), one parser (parse.ts), one help printer (help.ts), one error reporter.
// Commands call the same use cases as the HTTP routes, against the same database, whether or not
// the server is running (the embedded PostgreSQL of the data dir is shared, see platform/db).
import { helpText } from './help.js';
import { CliError, reportError, type CliIo } from './io.js';
import { parseCommandLine } from './parse.js';
import { commandTree } from './registry.js';

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommandLine(await commandTree(), argv);
  const name = ['caas', ...parsed.node.path].join(' ');
  if (parsed.kind === 'help') {
    io.out(helpText(parsed.node));
    return 0;
  }
  if (parsed.kind === 'usage-error') {
    io.err(`${name}: ${parsed.message}\n\n${helpText(parsed.node)}`);
    return 2;
  }
  try {
    const code = await parsed.leaf.run({ options: parsed.options as never, args: parsed.args as never }, io);
    return code ?? 0;
  } catch (error) {
    reportError(io, name, error);
    if (error instanceof CliError) io.err(`Run "${name} --help" for its arguments and options.`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
