import { defineRoute } from '../../../platform/http/route.js';
import { generateSingleBoleto } from './generate-single-boleto.js';
import { spec } from './generate-single-boleto.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => generateSingleBoleto(input, ctx, deps));
