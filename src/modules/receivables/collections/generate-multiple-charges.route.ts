import { defineRoute } from '../../../platform/http/route.js';
import { generateMultipleCharges } from './generate-multiple-charges.js';
import { spec } from './generate-multiple-charges.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => generateMultipleCharges(input, ctx, deps));
