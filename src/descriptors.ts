// Every module's descriptor (src/modules/<name>/index.ts → `descriptor`), in one list: what the
// composition root (compose.ts) assembles. test/architecture/descriptors.test.ts checks that each
// module under src/modules/ is listed once, by its folder name, with the tables of its tables.ts.
import type { OperationSpec } from './platform/http/operation-spec.js';
import type { ModuleDescriptor } from './platform/module.js';
import { descriptor as auth } from './modules/auth/index.js';
import { descriptor as banking } from './modules/banking/index.js';
import { descriptor as bureau } from './modules/bureau/index.js';
import { descriptor as callbacks } from './modules/callbacks/index.js';
import { descriptor as customers } from './modules/customers/index.js';
import { descriptor as guarantees } from './modules/guarantees/index.js';
import { descriptor as operators } from './modules/operators/index.js';
import { descriptor as partners } from './modules/partners/index.js';
import { descriptor as payees } from './modules/payees/index.js';
import { descriptor as proposals } from './modules/proposals/index.js';
import { descriptor as receivables } from './modules/receivables/index.js';
import { descriptor as settlement } from './modules/settlement/index.js';

// The order is the order of the routes in /openapi.json (and so of the generated SDK): keep it.
// guarantees follows proposals: its one operation (a Proposta/ path) stays where it always was.
export const MODULES: readonly ModuleDescriptor[] = [auth, partners, banking, payees, customers, bureau, callbacks, operators, proposals, guarantees, receivables, settlement];

/**
 * Every operation the service answers (besides the token endpoint), one spec each, as the modules
 * declare them: the app registers one route per spec and refuses to start when one is missing.
 */
export const ALL_SPECS: readonly OperationSpec[] = MODULES.flatMap((m) => m.operations ?? []);
