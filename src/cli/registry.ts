// Finds the command definitions (every module in ./commands/ whose default export is one or a list)
// and assembles them into one tree by their names: "partner create" goes under "partner".
// Works the same on the TypeScript sources (tsx, tests) and on the compiled cache (bin/caas.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandDefinition, CommandNode } from './spec.js';

// The listing is of the sources (a compiled module keeps its source's import.meta.url); the import is
// relative to this module, so it loads the compiled file when this one is compiled.
const COMMANDS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'commands');
const MODULE_RE = /^([^.]+)\.ts$/; // skips foo.test.ts, foo.fixture.ts, foo.d.ts

export const ROOT_DESCRIPTION = 'Credit-as-a-service server and its operator commands';

function isDefinition(value: unknown): value is CommandDefinition {
  return typeof value === 'object' && value !== null && ((value as CommandDefinition).kind === 'command' || (value as CommandDefinition).kind === 'group');
}

export async function loadDefinitions(): Promise<CommandDefinition[]> {
  const names = fs.readdirSync(COMMANDS_DIR).flatMap((f) => MODULE_RE.exec(f)?.[1] ?? []).sort();
  const modules = await Promise.all(names.map((name) => import(`./commands/${name}.js`) as Promise<{ default?: unknown }>));
  return modules.flatMap((m) => (Array.isArray(m.default) ? m.default : [m.default])).filter(isDefinition);
}

export function buildTree(definitions: CommandDefinition[]): CommandNode {
  const root: CommandNode = { path: [], definition: { kind: 'group', name: '', description: ROOT_DESCRIPTION }, children: [] };
  const byName = new Map<string, CommandNode>([['', root]]);
  const sorted = [...definitions].sort((a, b) => a.name.split(' ').length - b.name.split(' ').length || a.name.localeCompare(b.name));
  for (const definition of sorted) {
    const words = definition.name.trim().split(/\s+/);
    const name = words.join(' ');
    if (byName.has(name)) throw new Error(`caas: two commands are named "${name}"`);
    const parent = byName.get(words.slice(0, -1).join(' '));
    if (parent === undefined || parent.definition.kind !== 'group') throw new Error(`caas: command "${name}" has no group "${words.slice(0, -1).join(' ')}" (define it with group())`);
    const node: CommandNode = { path: words, definition, children: [] };
    parent.children.push(node);
    byName.set(name, node);
  }
  return root;
}

let cached: Promise<CommandNode> | null = null;

export function commandTree(): Promise<CommandNode> {
  cached ??= loadDefinitions().then(buildTree);
  return cached;
}
