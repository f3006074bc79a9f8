// Bureau/ConsultarBureau in domain terms (issue 13): the query `(db, input, actor, context) → the
// person (bureauMixMaisPF) or company (bureaupj) bureau result` of a CPF or CNPJ, for a product of
// the catalogue, complete or summary. The answer is the provider's document (in the interface's
// vocabulary, as the provider adapters write it) with its message; query-bureau.route.ts renders it.
// Not read-only: the consultation's audit row and reused answer are written (consultation.ts).
import { Problems } from '../../platform/errors.js';
import type { Query } from '../../platform/http/route.js';
import type { BureauBody } from './providers/port.js';
import { runConsultation, type ConsultationAnswer, type ConsultationDeps } from './consultation.js';
import { bureauFailureBody } from './providers/bodies.js';
import { validateBureauConsulta, type BureauRequest } from './query-rules.js';

/**
 * Errors (400): BUR001 documento missing or not a valid CPF/CNPJ; BUR003 codigoProduto not in the
 * catalogue; BUR004 the product does not serve that person type. A provider failure is not an
 * error: the answer with `falha: true` and the reason as the message.
 */
export function queryBureau(deps: ConsultationDeps): Query<BureauRequest, ConsultationAnswer<BureauBody>> {
  return async (db, input, actor, context) => {
    const problems = new Problems();
    const query = validateBureauConsulta(input, problems);
    problems.throwIfAny();
    if (query === null) throw new Error('assertion: no bureau query and no problem');
    const { document, product, consultaCompleta } = query;
    return runConsultation(
      {
        operation: 'bureau',
        document,
        variant: { product: product.code, consultaCompleta },
        audit: { product_code: product.code, consulta_completa: consultaCompleta },
        call: (provider) => provider.consultBureau({ document: document.id.digits, personType: document.personType, productCode: product.code, consultaCompleta }),
        failureBody: () => bureauFailureBody(),
      },
      { db, actor, context },
      deps,
    );
  };
}
