// A new proposal's application in domain terms (issue 13): what `proposal.create` checks and
// prices. proposal-application-wire.ts maps the interface's `dto` to it, with the wire path of each
// field, so every refusal names the field as the client sent it. Costs are keyed by pricing's
// English cost categories (pricing/financed-amount.ts).
import type { Decimal } from '../../platform/money.js';
import type { PaymentAccountInput, PaymentAccountPaths } from '../banking/index.js';
import type { CostAmounts, PricingPaths } from './pricing/index.js';

/** The record of what the partner sent, kept verbatim (stored, never read by the command's rules). */
export type WireRecord = { readonly __wireRecord: true };

/** A payment out of the disbursement: a boleto to pay (digitableLine) or an account to credit. */
export interface LaunchApplication {
  fieldId: string | null;
  amount: Decimal | null;
  /** As sent (yyyy-MM-dd or ISO 8601). */
  paymentDate: string | null;
  digitableLine: string | null;
  /** The bank fields; empty when the launch pays a boleto. */
  account: PaymentAccountInput;
  assignorDocument: string | null;
  assignorName: string | null;
}

export interface LaunchPaths {
  item: string;
  amount: string;
  paymentDate: string;
  digitableLine: string;
  assignorDocument: string;
  account: PaymentAccountPaths;
}

export interface ProposalApplication {
  customerDocument: string | null;
  requestedAmount: Decimal | null;
  termMonths: number | null;
  monthlyRatePercent: Decimal | null;
  /** As sent (yyyy-MM-dd or ISO 8601). */
  firstDueDate: string | null;
  costs: CostAmounts;
  sentIof: Decimal | null;
  sentInstallment: Decimal | null;
  hotMoney: boolean;
  revolving: boolean;
  promoterDocument: string | null;
  correspondentDocument: string | null;
  retentionPercent: Decimal | null;
  operationCode: string | null;
  contractType: string | null;
  paymentAccount: PaymentAccountInput | null;
  launches: LaunchApplication[];
  keepDraft: boolean;
  iofExempt: boolean;
}

/** Where each field sits in the request (a refusal's `field`). */
export interface ProposalApplicationPaths {
  customerDocument: string;
  requestedAmount: string;
  termMonths: string;
  monthlyRatePercent: string;
  firstDueDate: string;
  hotMoney: string;
  revolving: string;
  promoterDocument: string;
  correspondentDocument: string;
  retentionPercent: string;
  operationCode: string;
  /** The wire path of each field a pricing problem names. */
  pricing: PricingPaths;
  paymentAccount: PaymentAccountPaths;
  launches: string;
  launch: LaunchPaths[];
}

/** The last segment of a path: the field's name as the client wrote it (for a message's text). */
export function fieldName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}
