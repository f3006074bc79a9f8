// The operator's boleto listing (list-boletos.ts) under the interface's names the partner also sees
// (docs/decisions.md: both sides talk about the same thing), in the order every face prints them:
// `caas boleto list --json` and the columns of `caas export boletos`.
import { toNames } from '../../../platform/wire-names.js';
import type { ListedBoleto } from './list-boletos.js';

export const LISTED_BOLETO_NAMES = {
  number: 'numeroBoleto',
  id: 'codigoBoleto',
  proposalNumber: 'numeroProposta',
  partner: 'parceiro',
  chargeId: 'codigoLiquidacao',
  status: 'situacao',
  statusDescription: 'descricaoSituacao',
  settlement: 'liquidacao',
  installmentNumbers: 'parcelas',
  createdAt: 'dtInclusao',
  dueDate: 'dtVencimento',
  expiresOn: 'dtExpiracao',
  amount: 'valorBoleto',
  amountPaid: 'vlrPago',
  paidOn: 'dtCredito',
  cancelledAt: 'dtCancelamento',
  digitableLine: 'linhaDigitavel',
  printUrl: 'urlImpressao',
} as const satisfies Record<keyof ListedBoleto, string>;

export type ListedBoletoView = ReturnType<typeof listedBoletoView>;

export function listedBoletoView(boleto: ListedBoleto) {
  return toNames(LISTED_BOLETO_NAMES, boleto);
}
