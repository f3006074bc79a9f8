// Bureau/ConsultarBureau as a query: the wire body in, the provider's document and message out.
import { defineQueryRoute, type Route } from '../../platform/http/route.js';
import type { ConsultationDeps } from './consultation.js';
import { queryBureau } from './query-bureau.js';
import { spec } from './query-bureau.schema.js';

export function route(deps: ConsultationDeps): Route {
  return defineQueryRoute(spec, {
    input: ({ consulta }) => ({ document: consulta.documento ?? null, productCode: consulta.codigoProduto ?? null, complete: consulta.consultaCompleta ?? null }),
    query: queryBureau(deps),
    view: ({ answer, message }) => ({ ...answer, msg: message }),
  });
}
