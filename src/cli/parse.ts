// The one parser of `caas`: walks the command tree by words, then reads the command's options and
// arguments as its spec declares them (node:util parseArgs, strict). `-h`/`--help` anywhere asks
// for help and nothing else runs.
import { parseArgs } from 'node:util';
import type { CommandNode, LeafCommand, OptionSpec } from './spec.js';

export type Parsed =
  | { kind: 'help'; node: CommandNode }
  | { kind: 'usage-error'; node: CommandNode; message: string }
  | { kind: 'run'; node: CommandNode; leaf: LeafCommand; options: Record<string, unknown>; args: Record<string, string | string[] | undefined> };

type ParseArgsOptions = Record<string, { type: 'string' | 'boolean'; short?: string }>;

const HELP: ParseArgsOptions = { help: { type: 'boolean', short: 'h' } };

function descend(root: CommandNode, argv: string[]): { node: CommandNode; rest: string[] } {
  let node = root;
  let i = 0;
  while (node.definition.kind === 'group' && i < argv.length) {
    const child = node.children.find((c) => c.path.at(-1) === argv[i]);
    if (child === undefined) break;
    node = child;
    i += 1;
  }
  return { node, rest: argv.slice(i) };
}

function parseArgsOptions(leaf: LeafCommand): ParseArgsOptions {
  const options: ParseArgsOptions = { ...HELP };
  for (const [name, o] of Object.entries((leaf.options ?? {}) as Record<string, OptionSpec>)) options[name] = o.short === undefined ? { type: o.type } : { type: o.type, short: o.short };
  return options;
}

function wantsHelp(rest: string[], options: ParseArgsOptions): boolean {
  const loose = parseArgs({ args: rest, options, strict: false, allowPositionals: true });
  return loose.values.help === true;
}

function readLeaf(node: CommandNode, leaf: LeafCommand, rest: string[]): Parsed {
  const options = parseArgsOptions(leaf);
  if (wantsHelp(rest, options)) return { kind: 'help', node };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options, strict: true, allowPositionals: true });
  } catch (error) {
    // node's text goes on about '--' after the first sentence; the help printed below says more.
    return { kind: 'usage-error', node, message: (error as Error).message.split('. ')[0] as string };
  }
  const values: Record<string, unknown> = {};
  for (const [name, o] of Object.entries((leaf.options ?? {}) as Record<string, OptionSpec>)) {
    const value = parsed.values[name];
    if (o.type === 'string' && o.required === true && value === undefined) return { kind: 'usage-error', node, message: `--${name} ${o.value} is required` };
    values[name] = o.type === 'boolean' ? value === true : value;
  }
  const specs = leaf.args ?? [];
  const args: Record<string, string | string[] | undefined> = {};
  specs.forEach((spec, i) => (args[spec.name] = spec.variadic === true ? parsed.positionals.slice(i) : parsed.positionals[i]));
  const missing = specs.find((spec) => spec.optional !== true && (args[spec.name] === undefined || args[spec.name]!.length === 0));
  if (missing !== undefined) return { kind: 'usage-error', node, message: `missing ${missing.name}` };
  if (specs.at(-1)?.variadic !== true && parsed.positionals.length > specs.length) return { kind: 'usage-error', node, message: `unexpected argument "${parsed.positionals[specs.length]}"` };
  return { kind: 'run', node, leaf, options: values, args };
}

export function parseCommandLine(root: CommandNode, argv: string[]): Parsed {
  const { node, rest } = descend(root, argv);
  if (node.definition.kind === 'command') return readLeaf(node, node.definition, rest);
  const [first] = rest;
  if (first === '-h' || first === '--help') return { kind: 'help', node };
  if (first === undefined) return { kind: 'usage-error', node, message: 'a command is required' };
  if (first.startsWith('-')) return { kind: 'usage-error', node, message: `unknown option "${first}"` };
  return { kind: 'usage-error', node, message: `unknown command "${first}"` };
}
