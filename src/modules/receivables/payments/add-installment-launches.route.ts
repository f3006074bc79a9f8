import { defineRoute } from '../../../platform/http/route.js';
import { addInstallmentLaunches } from './add-installment-launches.js';
import { spec } from './add-installment-launches.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => addInstallmentLaunches(input, ctx, deps));
