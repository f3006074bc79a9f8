// Bureau/ConsultaFraudeBureauBase in domain terms (issue 13): the query `(db, input, actor,
// context) → the fraud and scam markings of a document`; a Pix key, e-mail and mobile, when sent,
// are checked too and make the answer fuller. The answer is the provider's document with its
// message; query-fraud-base.route.ts renders it. Not read-only: the audit row and reused answer are written.
import { Problems } from '../../platform/errors.js';
import type { Query } from '../../platform/http/route.js';
import type { FraudBody } from './providers/port.js';
import { runConsultation, type ConsultationAnswer, type ConsultationDeps } from './consultation.js';
import { validateFraudConsulta, type FraudRequest } from './fraud-rules.js';
import { fraudFailureBody } from './providers/bodies.js';

/**
 * Errors (400): BUR001 documento; BUR020 chavePix not a valid key of any DICT type; BUR021 email
 * invalid; BUR022 celularUsuario invalid (codigoPais, ddd or numero). A provider failure is not
 * an error: the answer with `falha: true`, `json` "{}" and the reason as the message.
 */
export function queryFraudBase(deps: ConsultationDeps): Query<FraudRequest, ConsultationAnswer<FraudBody>> {
  return async (db, input, actor, context) => {
    const problems = new Problems();
    const query = validateFraudConsulta(input, problems);
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
      { db, actor, context },
      deps,
    );
  };
}
