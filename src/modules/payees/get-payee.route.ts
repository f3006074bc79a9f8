// api/Favorecido/Consultar as a query: the wire body in, the payee's view out.
import { defineQueryRoute } from '../../platform/http/route.js';
import { getPayee } from './get-payee.js';
import { spec } from './get-payee.schema.js';
import { payeeWire } from './payee-view.js';
import { PAYEE_LOOKUP_PATHS } from './payee-review-wire.js';

export const route = defineQueryRoute(spec, {
  input: (body) => ({ payeeId: body.codigoFavorecido ?? null, pixKey: body.chave ?? null, paths: PAYEE_LOOKUP_PATHS }),
  query: getPayee,
  view: (payee) => ({ favorecido: payeeWire(payee) }),
});
