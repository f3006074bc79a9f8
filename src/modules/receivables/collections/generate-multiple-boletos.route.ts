import { defineRoute } from '../../../platform/http/route.js';
import { generateMultipleBoletos } from './generate-multiple-boletos.js';
import { spec } from './generate-multiple-boletos.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => generateMultipleBoletos(input, ctx, deps));
