// Every limits file of the service, checked together at start-up (`caas serve` and every CLI
// command that opens the database): the platform's LIMITS, then each module's limits.ts and the
// faces' (CLI, console). A limits file not listed here fails test/architecture/limits.test.ts.
import * as cli from './cli/limits.js';
import * as consoleLimits from './console/limits.js';
import * as auth from './modules/auth/limits.js';
import * as banking from './modules/banking/limits.js';
import * as bureau from './modules/bureau/limits.js';
import * as callbacks from './modules/callbacks/limits.js';
import * as customers from './modules/customers/limits.js';
import * as guarantees from './modules/guarantees/limits.js';
import * as operators from './modules/operators/limits.js';
import * as partners from './modules/partners/limits.js';
import * as payees from './modules/payees/limits.js';
import * as proposals from './modules/proposals/limits.js';
import * as receivables from './modules/receivables/limits.js';
import * as settlement from './modules/settlement/limits.js';
import * as platform from './platform/config/limits.js';

export const MODULE_LIMITS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = { auth, banking, bureau, callbacks, cli, console: consoleLimits, customers, guarantees, operators, partners, payees, proposals, receivables, settlement };

/** Throws on the first limit that cannot be right (platform/config/limits.ts: assertLimits, assertLimitValues). */
export function assertAllLimits(): void {
  platform.assertLimits();
  platform.assertLimitValues('src/platform/config/limits.ts', platform);
  for (const [name, values] of Object.entries(MODULE_LIMITS)) platform.assertLimitValues(name, values);
}
