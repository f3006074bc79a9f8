import { defineRoute } from '../../../platform/http/route.js';
import { getScheduleDetails } from './get-schedule-details.js';
import { spec } from './get-schedule-details.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => getScheduleDetails(input, ctx, deps));
