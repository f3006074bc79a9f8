// AgendaRecebivel/GerarMultiplosBoletos in domain terms (issue 13): the command `boletos.generate`
// issues one settlement boleto per listed installment, every one or none. Run by the command
// runner; generate-multiple-boletos.route.ts maps the wire body in and the result out.
import type { CommandDefinition } from '../../../platform/commands.js';
import { issueBoletoOrder } from './collection-issue.js';
import { readMultiple, type MultipleItem, type MultiplePaths } from './collection-orders.js';
import { issuedBoleto, openCollectionCommand, type CollectionCommandInput, type DescriptionPaths, type IssuedBoleto } from './issued-collections.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export interface MultipleBoletosInput extends CollectionCommandInput {
  installments: readonly MultipleItem[];
}

/** Where the request's fields are (collection-wire.ts MULTIPLE_BOLETOS_PATHS for the HTTP route). */
export interface MultipleBoletosPaths {
  description: DescriptionPaths;
  multiple: MultiplePaths;
}

/**
 * Errors (400): AGD001–AGD006, BOL001–BOL004, BOL007, BOL010, BOLETO_VALOR_INVALIDO,
 * PARC002–PARC004, PARC007–PARC009 (see generate-single-boleto.ts).
 */
export function generateMultipleBoletos(deps: ReceivablesDeps, paths: MultipleBoletosPaths): CommandDefinition<MultipleBoletosInput, { boletos: IssuedBoleto[] }> {
  return {
    name: 'boletos.generate',
    summarize: (result) => `boleto(s) ${result.boletos.map((b) => b.number).join(',')} generated`,
    handler: async (input, ctx) => {
      const opened = await openCollectionCommand(input, ctx, paths.description, () => null);
      const orders = readMultiple(input.installments, paths.multiple, opened.installments, opened.today);
      const boletos: IssuedBoleto[] = [];
      for (const order of orders) {
        const boleto = await issueBoletoOrder(ctx.tx, ctx.enqueue, deps, opened.schedule, order, opened.common, ctx.now);
        boletos.push(issuedBoleto(boleto, order.installments.map((i) => i.number), deps.publicUrl));
      }
      return { boletos };
    },
  };
}
