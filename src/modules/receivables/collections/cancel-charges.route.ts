// FGTS/CancelarCobrancas (and its alias) on the command runner: the wire body in, `{}` out.
import { RawBody } from '../../../platform/http/envelope.js';
import { defineCommandRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import { cancelCharges } from './cancel-charges.js';
import { spec } from './cancel-charges.schema.js';

export const route = () =>
  defineCommandRoute(spec, {
    // dto.nroParcelas is accepted (validated) and not used: the charges are named by their codes.
    input: (body) => ({ schedule: scheduleReference(body.dto), chargeCodes: body.dtoCancelarCobrancas.codigosLiquidacoes ?? [] }),
    command: cancelCharges,
    view: () => new RawBody({}),
  });
