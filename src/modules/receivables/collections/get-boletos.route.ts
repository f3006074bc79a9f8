import { defineRoute } from '../../../platform/http/route.js';
import { getBoletos } from './get-boletos.js';
import { spec } from './get-boletos.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => getBoletos(input, ctx, deps));
