// The declarative command tree of `caas`: every command is a value (name, one-line description,
// options, positional arguments, handler); one parser (parse.ts) and one help printer (help.ts)
// serve them all. Each file in src/cli/commands/ default-exports one definition or a list of
// them; the registry (registry.ts) finds the files by itself, so adding a command is one file.
//
// Keep command files light at the top: `caas --help` loads every one of them, so use cases and
// their libraries are imported inside the handler (`await import(...)`), which is what keeps a
// command's start under a second.
import type { CliIo } from './io.js';

export interface StringOption {
  type: 'string';
  /** The value's placeholder in help, e.g. DATE, FILE, CLIENT_ID. */
  value: string;
  description: string;
  required?: boolean;
  short?: string;
}

export interface BooleanOption {
  type: 'boolean';
  description: string;
  short?: string;
}

export type OptionSpec = StringOption | BooleanOption;
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface ArgSpec {
  /** The placeholder in help, e.g. NUMERO, CLIENT_ID. */
  name: string;
  description: string;
  optional?: boolean;
  /** The last argument only: takes every remaining positional (at least one unless optional). */
  variadic?: boolean;
}

export type OptionValues<O extends OptionSpecs> = {
  -readonly [K in keyof O]: O[K] extends BooleanOption ? boolean : O[K] extends { required: true } ? string : string | undefined;
};

export type ArgValues<A extends readonly ArgSpec[]> = {
  [E in A[number] as E['name']]: E extends { variadic: true } ? string[] : E extends { optional: true } ? string | undefined : string;
};

export interface CommandInput<O extends OptionSpecs, A extends readonly ArgSpec[]> {
  options: OptionValues<O>;
  args: ArgValues<A>;
}

/** A command that runs: `name` is its full path under caas, e.g. "partner create". */
export interface LeafCommand<O extends OptionSpecs = OptionSpecs, A extends readonly ArgSpec[] = readonly ArgSpec[]> {
  kind: 'command';
  name: string;
  description: string;
  options?: O;
  args?: A;
  /** Extra help text shown under the options (examples, notes). */
  notes?: string[];
  run(input: CommandInput<O, A>, io: CliIo): Promise<number | void>;
}

/** A command that only groups subcommands, e.g. "partner". */
export interface GroupCommand {
  kind: 'group';
  name: string;
  description: string;
}

export type CommandDefinition = LeafCommand<any, any> | GroupCommand; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Defines a runnable command; types of `options` and `args` in `run` follow the spec. */
export function command<const O extends OptionSpecs = {}, const A extends readonly ArgSpec[] = []>(spec: Omit<LeafCommand<O, A>, 'kind'>): LeafCommand<O, A> {
  return { kind: 'command', ...spec };
}

/** Defines a group: `caas NAME <subcommand>`. Its subcommands are the commands named "NAME …". */
export function group(spec: Omit<GroupCommand, 'kind'>): GroupCommand {
  return { kind: 'group', ...spec };
}

/** A node of the assembled tree. */
export interface CommandNode {
  path: string[];
  definition: CommandDefinition;
  children: CommandNode[];
}
