#!/usr/bin/env node
// The `caas` command: the TypeScript sources, compiled once per change into a cache (compiled.mjs).
import { importSource } from './compiled.mjs';

const { main } = await importSource('cli/main.js');
process.exitCode = await main(process.argv.slice(2));
