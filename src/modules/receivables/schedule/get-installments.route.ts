import { defineRoute } from '../../../platform/http/route.js';
import { getInstallments } from './get-installments.js';
import { spec } from './get-installments.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => getInstallments(input, ctx, deps));
