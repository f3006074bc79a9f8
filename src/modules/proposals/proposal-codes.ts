// Message codes of the proposal operations. Where the interface's catalogue (Proposta/Recusar's
// table) has a fitting row, its code and detail are used as `code` = "Cxxxx/Vxxxx"; the rules it
// does not cover carry this service's own PRPnnn / LANnnn codes (docs/proposals.md).
import { DomainError, type MessageInput, type Problems } from '../../platform/errors.js';

export const ProposalCode = {
  customerMissing: 'T0665/D0001',
  customerInvalid: 'T0665/D0002',
  amountMissing: 'T0665/D0020',
  termMissing: 'T0665/D0021',
  amountInvalid: 'C0196/V0001',
  termInvalid: 'C0196/V0004',
  rateInvalid: 'C0185/V0009',
  hotMoneyOrRevolving: 'C0198/V0001',
  notFound: 'C0112/V0001',
  notYours: 'C0112/V0002',
  noRefusePermission: 'C0056/V0001',
  alreadyRefused: 'C0056/V0002',
  refuseNotAllowed: 'C0056/V0003',
  reasonRequired: 'C0185/V0007',
  notApproved: 'C0186/V0001',
  firstDueDate: 'PRP001',
  amountFormat: 'PRP002',
  installmentMismatch: 'PRP003',
  iofOverCap: 'PRP004',
  operationCodeTaken: 'PRP005',
  otherDocument: 'PRP006',
  retentionPercent: 'PRP007',
  identifierMissing: 'PRP008',
  statusNotAllowed: 'PRP009',
  firstDueDatePassed: 'PRP010',
  paymentAccountMissing: 'PRP011',
  eventDate: 'PRP012',
} as const;

/** The pricing helper's own problem details mapped to our codes (catalogue ones pass through). */
const PRICING_DETAIL_CODES: Readonly<Record<string, string>> = {
  FIRST_DUE_DATE: ProposalCode.firstDueDate,
  AMOUNT: ProposalCode.amountFormat,
  INSTALLMENT_MISMATCH: ProposalCode.installmentMismatch,
  IOF_OVER_CAP: ProposalCode.iofOverCap,
};

export function pricingCode(code: string, detail: string): string {
  if (code !== 'PRICING') return `${code}/${detail}`;
  const own = PRICING_DETAIL_CODES[detail];
  if (own === undefined) throw new Error(`assertion: unmapped pricing problem ${detail}`);
  return own;
}

/** The messages a Problems collection holds (validators write there; use cases merge lists). */
export function messagesOf(problems: Problems): MessageInput[] {
  return problems.messages();
}

export function refusal(code: string, description: string, field: string | null = null): DomainError {
  return new DomainError('business', [{ code, description, field }]);
}
