// A boleto or Pix charge paid (sandbox bank/PSP), declared once (issue 13): `caas boleto pay`,
// `caas pix pay` and the console's "mark paid" (Cobrança, sandbox only) run these same definitions
// through runDefined, with the operator as actor. The use cases (pay-collection.ts) join the
// runner's transaction. The result is JSON-shaped (the amount as text), so a replay renders the same.
import type { CommandDefinition } from '../../../platform/commands.js';
import { payBoleto, payCharge, type PaymentInput, type PaymentReceipt } from './pay-collection.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

/** The receipt as stored by the runner and shown: the amount as text with two decimals. */
export type StoredReceipt = Omit<PaymentReceipt, 'amount'> & { amount: string };

export interface PaymentCommands {
  payBoleto: CommandDefinition<{ boletoNumber: number; payment: PaymentInput }, StoredReceipt>;
  payCharge: CommandDefinition<{ code: string; payment: PaymentInput }, StoredReceipt>;
}

export function storedReceipt(receipt: PaymentReceipt): StoredReceipt {
  return { ...receipt, amount: receipt.amount.toFixed(2) };
}

/** Bound to the receivables module's dependencies (settings, the proposals port) at the composition root or by the CLI. */
export function paymentCommands(deps: Pick<ReceivablesDeps, 'settings' | 'proposals'>): PaymentCommands {
  return {
    payBoleto: {
      name: 'boleto.pay',
      summarize: (r) => `boleto of proposal ${r.proposalNumber} paid: ${r.amount}`,
      handler: async (input, { tx, clock, enqueue }) => storedReceipt(await payBoleto(tx, enqueue, clock, deps, input.boletoNumber, input.payment)),
    },
    payCharge: {
      name: 'pix.pay',
      summarize: (r) => `pix charge of proposal ${r.proposalNumber} paid: ${r.amount}`,
      handler: async (input, { tx, clock, enqueue }) => storedReceipt(await payCharge(tx, enqueue, clock, deps, input.code, input.payment)),
    },
  };
}
