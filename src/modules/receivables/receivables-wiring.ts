// The receivables module's dependencies from the configuration, built once by the composition
// root (src/compose.ts) and by the CLI, so routes and commands use the same ones.
import type { Config } from '../../platform/config/env.js';
import { proposalsPort } from '../proposals/receivables-port.js';
import type { ReceivablesDeps } from './receivables-deps.js';
import { installReceivablesSettings } from './settings.js';

export function receivablesDeps(config: Config): ReceivablesDeps {
  // schedule-lifecycle.ts (called by proposals with a fixed signature) reads the issuer from here.
  installReceivablesSettings(config.receivables);
  return { settings: config.receivables, publicUrl: config.publicUrl, proposals: proposalsPort };
}
