// Bureau/ConsultaFraudeBureauBase as a query: the wire body in, the provider's document and message out.
import { defineQueryRoute, type Route } from '../../platform/http/route.js';
import type { ConsultationDeps } from './consultation.js';
import { queryFraudBase } from './query-fraud-base.js';
import { spec } from './query-fraud-base.schema.js';

export function route(deps: ConsultationDeps): Route {
  return defineQueryRoute(spec, {
    input: ({ consulta: c }) => ({
      document: c.documento ?? null,
      pixKey: c.chavePix ?? null,
      email: c.email ?? null,
      mobile: c.celularUsuario ? { countryCode: c.celularUsuario.codigoPais ?? null, areaCode: c.celularUsuario.ddd ?? null, number: c.celularUsuario.numero ?? null } : null,
    }),
    query: queryFraudBase(deps),
    view: ({ answer, message }) => ({ ...answer, msg: message }),
  });
}
