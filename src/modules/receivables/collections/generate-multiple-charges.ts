// AgendaRecebivel/GerarMultiplasCobrancas in domain terms (issue 13): the command
// `charges.generate` issues one settlement charge per listed installment, every one or none. Run
// by the command runner; generate-multiple-charges.route.ts maps the wire body in and the result out.
import type { CommandDefinition } from '../../../platform/commands.js';
import { issueChargeOrder } from './collection-issue.js';
import { readMultiple, type MultipleItem, type MultiplePaths } from './collection-orders.js';
import { readPaymentMethods } from './charge-input.js';
import { issuedCharge, openCollectionCommand, type CollectionCommandInput, type DescriptionPaths, type IssuedCharge, type PaymentMethodsInput } from './issued-collections.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export interface MultipleChargesInput extends CollectionCommandInput {
  installments: readonly MultipleItem[];
  paymentMethods: PaymentMethodsInput;
}

/** Where the request's fields are (collection-wire.ts MULTIPLE_CHARGES_PATHS for the HTTP route). */
export interface MultipleChargesPaths {
  description: DescriptionPaths;
  paymentMethods: string;
  multiple: MultiplePaths;
}

/** Errors (400): those of GerarMultiplosBoletos and COB001. */
export function generateMultipleCharges(deps: ReceivablesDeps, paths: MultipleChargesPaths): CommandDefinition<MultipleChargesInput, { charges: IssuedCharge[] }> {
  return {
    name: 'charges.generate',
    summarize: (result) => `${result.charges.length} charge(s) generated`,
    handler: async (input, ctx) => {
      const opened = await openCollectionCommand(input, ctx, paths.description, (problems) => readPaymentMethods(input.paymentMethods.boleto, input.paymentMethods.pix, paths.paymentMethods, problems));
      const orders = readMultiple(input.installments, paths.multiple, opened.installments, opened.today);
      const charges: IssuedCharge[] = [];
      for (const order of orders) {
        const charge = await issueChargeOrder(ctx.tx, ctx.enqueue, deps, opened.schedule, order, opened.common, opened.read, ctx.now);
        charges.push(issuedCharge(charge, order.installments));
      }
      return { charges };
    },
  };
}
