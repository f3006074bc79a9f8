// Bureau/ConsultarSCR as a query: the wire body in, the provider's document and message out.
import { defineQueryRoute, type Route } from '../../platform/http/route.js';
import type { ConsultationDeps } from './consultation.js';
import { queryScr } from './query-scr.js';
import { spec } from './query-scr.schema.js';

export function route(deps: ConsultationDeps): Route {
  return defineQueryRoute(spec, {
    input: ({ consulta }) => ({ document: consulta.documento ?? null, referenceMonth: consulta.dataBaseMes ?? null, referenceYear: consulta.dataBaseAno ?? null, consentAt: consulta.dtAceiteCliente ?? null }),
    query: queryScr(deps),
    view: ({ answer, message }) => ({ ...answer, msg: message }),
  });
}
