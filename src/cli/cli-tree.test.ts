// Walks the whole `caas` command tree: every command and subcommand answers --help and -h on stdout
// with exit 0 and runs nothing; unknown options exit 2 with the usage on stderr; every
// subcommand, argument and option has a one-line description shown in its parent's help.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { main } from './main.js';
import { commandTree } from './registry.js';
import type { CommandNode, OptionSpec } from './spec.js';

let nodes: CommandNode[] = [];
const ran: string[] = [];

function walk(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(walk)];
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
  return { code, out, err };
}

const oneLine = (text: string) => text.trim() !== '' && !text.includes('\n');

before(async () => {
  nodes = walk(await commandTree());
  for (const node of nodes) {
    const definition = node.definition;
    if (definition.kind === 'command') definition.run = async () => void ran.push(node.path.join(' '));
  }
});

test('the tree has every command, each with a one-line description', () => {
  assert.ok(nodes.length > 20, `only ${nodes.length} commands found`);
  for (const node of nodes) {
    assert.ok(oneLine(node.definition.description), `"${node.path.join(' ')}" has no one-line description`);
    if (node.definition.kind === 'group') assert.ok(node.children.length > 0, `group "${node.path.join(' ')}" has no commands`);
    if (node.definition.kind !== 'command') continue;
    for (const [name, option] of Object.entries((node.definition.options ?? {}) as Record<string, OptionSpec>)) assert.ok(oneLine(option.description), `--${name} of "${node.path.join(' ')}"`);
    for (const arg of node.definition.args ?? []) assert.ok(oneLine(arg.description), `${arg.name} of "${node.path.join(' ')}"`);
  }
});

test('every command answers --help and -h on stdout, exit 0, without running', async () => {
  for (const node of nodes) {
    for (const flag of ['--help', '-h']) {
      const result = await cli([...node.path, flag]);
      const label = `caas ${[...node.path, flag].join(' ')}`;
      assert.equal(result.code, 0, label);
      assert.equal(result.err, '', label);
      assert.match(result.out, new RegExp(`^Usage: caas ${node.path.join(' ')}`.replace(/ +$/, ''), 'm'), label);
      for (const child of node.children) assert.ok(result.out.includes(child.definition.description), `${label} describes ${child.path.join(' ')}`);
      if (node.definition.kind !== 'command') continue;
      for (const [name, option] of Object.entries((node.definition.options ?? {}) as Record<string, OptionSpec>)) assert.ok(result.out.includes(`--${name}`) && result.out.includes(option.description), `${label} describes --${name}`);
      for (const arg of node.definition.args ?? []) assert.ok(result.out.includes(arg.description), `${label} describes ${arg.name}`);
    }
  }
  assert.deepEqual(ran, [], 'a --help ran a command');
});

test('--help wins over other arguments and malformed options', async () => {
  const result = await cli(['partner', 'create', '--bogus', '--name', 'x', '--help']);
  assert.equal(result.code, 0);
  assert.match(result.out, /^Usage: caas partner create/);
  assert.deepEqual(ran, []);
});

test('an unknown option exits 2 and prints the usage on stderr, for every command', async () => {
  for (const node of nodes) {
    const result = await cli([...node.path, '--no-such-option']);
    const label = `caas ${[...node.path].join(' ')} --no-such-option`;
    assert.equal(result.code, 2, label);
    assert.equal(result.out, '', label);
    assert.match(result.err, /no-such-option/, label);
    assert.match(result.err, /Usage: caas/, label);
  }
  assert.deepEqual(ran, []);
});

test('unknown commands, missing commands, missing arguments and extra arguments exit 2 with the usage', async () => {
  for (const args of [['frobnicate'], [], ['partner'], ['partner', 'frobnicate'], ['partner', 'disable'], ['partner', 'disable', 'a', 'b'], ['partner', 'create', '--name', 'x']]) {
    const result = await cli(args);
    assert.equal(result.code, 2, args.join(' '));
    assert.equal(result.out, '', args.join(' '));
    assert.match(result.err, /Usage: caas/, args.join(' '));
  }
  assert.deepEqual(ran, []);
});

test('a command runs with its options and arguments parsed', async () => {
  const result = await cli(['partner', 'disable', 'acme']);
  assert.equal(result.code, 0);
  assert.deepEqual(ran, ['partner disable']);
});
