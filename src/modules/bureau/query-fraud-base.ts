// Bureau/ConsultaFraudeBureauBase: fraud and scam markings of a document; a Pix key, e-mail and
// mobile, when sent, are checked too and make the answer fuller.
import { Problems } from '../../platform/errors.js';
import type { OperationContext } from '../../platform/http/operations.js';
import type { FraudBody } from './providers/port.js';
import { runConsultation, type ConsultationDeps } from './consultation.js';
import { validateFraudConsulta, type FraudConsultaInput } from './fraud-rules.js';
import { fraudFailureBody } from './providers/bodies.js';

/**
 * Errors (400): BUR001 documento; BUR020 chavePix not a valid key of any DICT type; BUR021 email
 * invalid; BUR022 celularUsuario invalid (codigoPais, ddd or numero). A provider failure is not
 * an error: HTTP 200 with `falha: true`, `json` "{}" and the reason in `msg`.
 */
export async function queryFraudBase(input: { consulta: FraudConsultaInput }, ctx: OperationContext, deps: ConsultationDeps): Promise<FraudBody & { msg: string }> {
  const problems = new Problems();
  const query = validateFraudConsulta(input.consulta, problems);
  problems.throwIfAny();
  if (query === null) throw new Error('assertion: no fraud query and no problem');
  const { document, chavePix, email, phone } = query;
  const sent = [chavePix === null ? null : 'chavePix', email === null ? null : 'email', phone === null ? null : 'celularUsuario'].filter((s): s is string => s !== null);
  return runConsultation(
    {
      operation: 'fraud',
      document,
      variant: { chavePix, email, phone },
      audit: { identifiers: sent },
      call: (provider) =>
        provider.consultFraud({ document: document.id.digits, personType: document.personType, chavePix: chavePix ?? undefined, email: email ?? undefined, phone: phone ?? undefined }),
      failureBody: () => fraudFailureBody(),
    },
    ctx,
    deps,
  );
}
