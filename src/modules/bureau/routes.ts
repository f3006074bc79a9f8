import type { Route } from '../../platform/http/route.js';
import type { ConsultationDeps } from './consultation.js';
import { route as queryBureau } from './query-bureau.route.js';
import { route as queryFraudBase } from './query-fraud-base.route.js';
import { route as queryScr } from './query-scr.route.js';

/** The three consultations (Bureau/ConsultarBureau, ConsultarSCR, ConsultaFraudeBureauBase), sharing one provider. */
export function bureauRoutes(deps: ConsultationDeps): Route[] {
  return [queryBureau(deps), queryScr(deps), queryFraudBase(deps)];
}
