import { defineRoute, type Route } from '../../platform/http/route.js';
import type { ConsultationDeps } from './consultation.js';
import { queryFraudBase } from './query-fraud-base.js';
import { spec } from './query-fraud-base.schema.js';

export function route(deps: ConsultationDeps): Route {
  return defineRoute(spec, (input, ctx) => queryFraudBase(input, ctx, deps));
}
