// AgendaRecebivel/GerarUnicaCobranca in domain terms (issue 13): the command `charge.generate`
// issues one charge (boleto, Pix or both) for the named installments. Run by the command runner;
// generate-single-charge.route.ts maps the wire body in and the result out.
import type { CommandDefinition } from '../../../platform/commands.js';
import { issueChargeOrder } from './collection-issue.js';
import { readSingle, type CollectionTerms, type SinglePaths } from './collection-orders.js';
import { readPaymentMethods } from './charge-input.js';
import { issuedCharge, openCollectionCommand, type CollectionCommandInput, type DescriptionPaths, type IssuedCharge, type PaymentMethodsInput } from './issued-collections.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

export interface SingleChargeInput extends CollectionCommandInput {
  installmentNumbers: readonly number[] | null;
  terms: CollectionTerms;
  paymentMethods: PaymentMethodsInput;
}

/** Where the request's fields are (collection-wire.ts SINGLE_CHARGE_PATHS for the HTTP route). */
export interface SingleChargePaths {
  description: DescriptionPaths;
  paymentMethods: string;
  single: SinglePaths;
}

/** Errors (400): those of GerarUnicoBoleto (vlrLiquidacao in place of vlrBoleto) and COB001 (both payment methods false). */
export function generateSingleCharge(deps: ReceivablesDeps, paths: SingleChargePaths): CommandDefinition<SingleChargeInput, IssuedCharge> {
  return {
    name: 'charge.generate',
    summarize: (charge) => `charge ${charge.id} generated for installment(s) ${charge.installmentNumbers.join(',')}`,
    handler: async (input, ctx) => {
      const opened = await openCollectionCommand(
        input,
        ctx,
        paths.description,
        (problems, today) => ({
          via: readPaymentMethods(input.paymentMethods.boleto, input.paymentMethods.pix, paths.paymentMethods, problems),
          single: readSingle(input.installmentNumbers, input.terms, paths.single, today, problems),
        }),
        (read) => ({ numbers: read.single.numbers, drawSequence: read.via.boleto }),
      );
      const order = opened.read.single.build(opened.installments);
      const charge = await issueChargeOrder(ctx.tx, ctx.enqueue, deps, opened.schedule, order, { ...opened.common, notifyCustomer: false }, opened.read.via, ctx.now, opened.live);
      return issuedCharge(charge, order.installments);
    },
  };
}
