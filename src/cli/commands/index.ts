import type { CliCommand } from '../io.js';
import { migrateCommand } from './migrate.js';
import { serveCommand } from './serve.js';

export const COMMANDS: CliCommand[] = [serveCommand, migrateCommand];
