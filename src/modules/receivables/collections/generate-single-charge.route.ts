import { defineRoute } from '../../../platform/http/route.js';
import { generateSingleCharge } from './generate-single-charge.js';
import { spec } from './generate-single-charge.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => generateSingleCharge(input, ctx, deps));
