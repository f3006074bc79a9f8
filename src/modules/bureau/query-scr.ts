// Bureau/ConsultarSCR in domain terms (issue 13): the query `(db, input, actor, context) → the
// customer's credit exposure` in the SCR (Sistema de Informações de Crédito do Banco Central) for a
// reference month, with the customer's consent. The answer is the provider's document with its
// message; query-scr.route.ts renders it. Not read-only: the audit row and reused answer are written.
import { Problems } from '../../platform/errors.js';
import type { Query } from '../../platform/http/route.js';
import type { ScrBody } from './providers/port.js';
import { runConsultation, type ConsultationAnswer, type ConsultationDeps } from './consultation.js';
import { scrFailureBody } from './providers/bodies.js';
import { monthKey, validateScrConsulta, type ScrRequest } from './scr-rules.js';

/**
 * Errors (400): BUR001 documento; BUR010 dataBaseMes missing or not 1–12; BUR011 dataBaseAno
 * missing or not 4 digits; BUR012 reference month not yet published by the SCR; BUR013 reference
 * month older than the consultable window; BUR014 dtAceiteCliente missing or invalid; BUR015
 * consent in the future; BUR016 consent older than its validity. A provider failure is not an
 * error: the answer with `erro: true`, `mensagemOperador` and the message saying why.
 */
export function queryScr(deps: ConsultationDeps): Query<ScrRequest, ConsultationAnswer<ScrBody>> {
  return async (db, input, actor, context) => {
    const problems = new Problems();
    const query = validateScrConsulta(input, context.clock.now(), deps.settings.scr, problems);
    problems.throwIfAny();
    if (query === null) throw new Error('assertion: no SCR query and no problem');
    const { document, reference, consentAt } = query;
    const request = { document: document.id.digits, personType: document.personType, referenceYear: reference.year, referenceMonth: reference.month, consentAt };
    return runConsultation(
      {
        operation: 'scr',
        document,
        variant: { reference: monthKey(reference) },
        audit: { reference_month: monthKey(reference), consent_at: consentAt },
        call: (provider) => provider.consultScr(request),
        failureBody: (failure) => scrFailureBody(failure, request),
      },
      { db, actor, context },
      deps,
    );
  };
}
