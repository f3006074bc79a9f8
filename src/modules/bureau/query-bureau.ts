// Bureau/ConsultarBureau: the person (bureauMixMaisPF) or company (bureaupj) bureau result of a
// CPF or CNPJ, for a product of the catalogue, complete or summary.
import { Problems } from '../../platform/errors.js';
import type { OperationContext } from '../../platform/http/operations.js';
import type { BureauBody } from './providers/port.js';
import { runConsultation, type ConsultationDeps } from './consultation.js';
import { bureauFailureBody } from './providers/bodies.js';
import { validateBureauConsulta, type BureauConsultaInput } from './query-rules.js';

/**
 * Errors (400): BUR001 documento missing or not a valid CPF/CNPJ; BUR002 codigoProduto missing;
 * BUR003 codigoProduto not in the catalogue; BUR004 the product does not serve that person type.
 * A provider failure is not an error: HTTP 200 with `falha: true` and the reason in `msg`.
 */
export async function queryBureau(input: { consulta: BureauConsultaInput }, ctx: OperationContext, deps: ConsultationDeps): Promise<BureauBody & { msg: string }> {
  const problems = new Problems();
  const query = validateBureauConsulta(input.consulta, problems);
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
    ctx,
    deps,
  );
}
