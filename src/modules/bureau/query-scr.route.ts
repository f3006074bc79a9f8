import { defineRoute, type Route } from '../../platform/http/route.js';
import type { ConsultationDeps } from './consultation.js';
import { queryScr } from './query-scr.js';
import { spec } from './query-scr.schema.js';

export function route(deps: ConsultationDeps): Route {
  return defineRoute(spec, (input, ctx) => queryScr(input, ctx, deps));
}
