import type { CliCommand } from '../io.js';
import { keygenCommand } from './keygen.js';
import { migrateCommand } from './migrate.js';
import { partnerCommand } from './partner.js';
import { serveCommand } from './serve.js';

export const COMMANDS: CliCommand[] = [serveCommand, migrateCommand, keygenCommand, partnerCommand];
