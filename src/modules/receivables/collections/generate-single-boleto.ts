// AgendaRecebivel/GerarUnicoBoleto in domain terms (issue 13): the command `boleto.generate`
// issues one boleto for the named installments. Run by the command runner;
// generate-single-boleto.route.ts maps the wire body in and the result out.
import type { CommandDefinition } from '../../../platform/commands.js';
import { issueBoletoOrder } from './collection-issue.js';
import { readSingle, type CollectionTerms, type SinglePaths } from './collection-orders.js';
import { issuedBoleto, openCollectionCommand, type CollectionCommandInput, type DescriptionPaths, type IssuedBoleto } from './issued-collections.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export interface SingleBoletoInput extends CollectionCommandInput {
  /** The installments, by number (at least one, none repeated). */
  installmentNumbers: readonly number[] | null;
  terms: CollectionTerms;
}

/** Where the request's fields are (collection-wire.ts SINGLE_BOLETO_PATHS for the HTTP route). */
export interface SingleBoletoPaths {
  description: DescriptionPaths;
  single: SinglePaths;
}

/**
 * Errors (400): AGD001 schedule not found, AGD002 no codigoProposta/codigoOperacao/numeroProposta, AGD003 schedule
 * not open, AGD004 unknown installment, AGD005 no installment, AGD006 repeated installment, BOL001
 * description missing, BOL002/BOL003/BOL004/BOL010 dates, BOL005 vlrBoleto sent for a settlement,
 * BOL006 "Valor deve ser informado", BOL007 installment already has a live boleto/charge, BOL008
 * amount above the balance, BOL009 discount ≥ amount, BOLETO_VALOR_INVALIDO, PARC002–PARC004 and
 * PARC007–PARC009 (charges-math).
 */
export function generateSingleBoleto(deps: ReceivablesDeps, paths: SingleBoletoPaths): CommandDefinition<SingleBoletoInput, IssuedBoleto> {
  return {
    name: 'boleto.generate',
    summarize: (boleto) => `boleto ${boleto.number} generated for installment(s) ${boleto.installmentNumbers.join(',')}`,
    handler: async (input, ctx) => {
      const opened = await openCollectionCommand(
        input,
        ctx,
        paths.description,
        (problems, today) => readSingle(input.installmentNumbers, input.terms, paths.single, today, problems),
        (read) => ({ numbers: read.numbers, drawSequence: true }),
      );
      const order = opened.read.build(opened.installments);
      const boleto = await issueBoletoOrder(ctx.tx, ctx.enqueue, deps, opened.schedule, order, { ...opened.common, notifyCustomer: false }, ctx.now, opened.live);
      return issuedBoleto(boleto, order.installments.map((i) => i.number), deps.publicUrl);
    },
  };
}
