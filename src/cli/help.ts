// Help text, generated from the command tree: usage line, description, one line per subcommand,
// argument and option.
import type { ArgSpec, CommandNode, LeafCommand, OptionSpec } from './spec.js';

const HELP_OPTION = { flag: '-h, --help', description: 'show this help and exit' };
const ENVIRONMENT = [
  ['DATABASE_URL', 'external PostgreSQL; unset = the embedded PostgreSQL of CAAS_DATA_DIR'],
  ['CAAS_DATA_DIR', 'where the embedded PostgreSQL and its files live (default .caas)'],
  ['CAAS_SYSTEM_DIR', 'as root: PostgreSQL binaries and clusters the postgres user cannot reach in place (default /var/lib/caas)'],
  ['HOST, PORT', 'where `caas serve` listens (default 127.0.0.1:8080)'],
  ['PUBLIC_URL', 'the address partners use to reach the service (links in answers)'],
  ['LOG_LEVEL', 'fatal|error|warn|info|debug|trace|silent; debug also prints error stacks'],
] as const;

function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.min(34, Math.max(...rows.map(([left]) => left.length)) + 2);
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${left.length >= width ? `\n  ${''.padEnd(width)}` : ''}${right}`);
}

function optionFlag(name: string, option: OptionSpec): string {
  const short = option.short === undefined ? '' : `-${option.short}, `;
  return `${short}--${name}${option.type === 'string' ? ` ${option.value}` : ''}`;
}

function leafUsage(node: CommandNode, leaf: LeafCommand): string {
  const options = Object.entries(leaf.options ?? {});
  const required = options.filter(([, o]) => o.type === 'string' && o.required === true).map(([name, o]) => optionFlag(name, o));
  const args = ((leaf.args ?? []) as readonly ArgSpec[]).map((a) => { const name = a.variadic === true ? `${a.name}...` : a.name; return a.optional ? `[${name}]` : name; });
  const optional = options.length > required.length ? ['[options]'] : [];
  return ['caas', ...node.path, ...args, ...required, ...optional].join(' ');
}

export function usageLine(node: CommandNode): string {
  if (node.definition.kind === 'group') return ['caas', ...node.path, '<command>', '[options]'].join(' ');
  return leafUsage(node, node.definition);
}

export function helpText(node: CommandNode): string {
  const lines = [`Usage: ${usageLine(node)}`, '', node.definition.description];
  if (node.definition.kind === 'group') {
    lines.push('', 'Commands:', ...table(node.children.map((c) => [c.path.at(-1) as string, c.definition.description])));
    lines.push('', 'Options:', ...table([[HELP_OPTION.flag, HELP_OPTION.description]]));
    if (node.path.length === 0) lines.push('', 'Environment:', ...table(ENVIRONMENT));
    lines.push('', `Run "caas ${[...node.path, '<command>'].join(' ')} --help" for a command's arguments and options.`);
    return lines.join('\n');
  }
  const leaf = node.definition;
  const args = (leaf.args ?? []) as readonly ArgSpec[];
  if (args.length > 0) lines.push('', 'Arguments:', ...table(args.map((a) => [a.name, a.description])));
  const options = Object.entries((leaf.options ?? {}) as Record<string, OptionSpec>).map(([name, o]): [string, string] => [optionFlag(name, o), `${o.description}${o.type === 'string' && o.required ? ' (required)' : ''}`]);
  lines.push('', 'Options:', ...table([...options, [HELP_OPTION.flag, HELP_OPTION.description]]));
  if (leaf.notes !== undefined && leaf.notes.length > 0) lines.push('', ...leaf.notes);
  return lines.join('\n');
}
