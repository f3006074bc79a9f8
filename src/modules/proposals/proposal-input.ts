// The business rules of a new proposal (the English ProposalApplication; the route maps the wire
// `dto`: proposal-application-wire.ts): the schema has already checked types, signs and bounds;
// here every field's meaning is checked and every problem is one message with its wire path
// (`paths`). Pure: "today" (the contract date) comes in as an argument.
import { classifyDocument } from '../../platform/documents.js';
import { Problems, type MessageInput } from '../../platform/errors.js';
import { addDays, calendarDateOf, type LocalDate } from '../../platform/dates.js';
import { textOf } from '../../platform/fields.js';
import { dec } from '../../platform/money.js';
import { type PaymentAccount, validatePaymentAccount } from '../banking/index.js';
import { type PersonType, type ProposalPricingInput, pricingInputProblems } from './pricing/index.js';
import { type ProposalApplication, type ProposalApplicationPaths, fieldName } from './proposal-application.js';
import { ProposalCode as C, messagesOf, pricingCode } from './proposal-codes.js';
import { type ProposalLaunch, validateLaunches } from './proposal-launches.js';

const PERCENT_WHOLE = 100;

export interface NewProposal {
  personType: PersonType;
  customerDocument: string;
  operationCode: string | null;
  contractType: string | null;
  pricing: ProposalPricingInput;
  paymentAccount: PaymentAccount | null;
  launches: ProposalLaunch[];
  keepDraft: boolean;
}

function customer(app: ProposalApplication, paths: ProposalApplicationPaths, out: MessageInput[]): { personType: PersonType; document: string } | null {
  const text = textOf(app.customerDocument);
  const field = paths.customerDocument;
  if (text === null) {
    out.push({ code: C.customerMissing, description: `O documento do cliente (${fieldName(field)}) deve ser informado.`, field });
    return null;
  }
  const document = classifyDocument(text);
  if (document === null) {
    out.push({ code: C.customerInvalid, description: 'Documento do cliente inválido: informe um CPF (11 dígitos) ou CNPJ (14 caracteres) válido.', field });
    return null;
  }
  return { personType: document.kind === 'CPF' ? 'PF' : 'PJ', document: document.digits };
}

function required<T>(value: T | null, code: string, description: string, field: string, out: MessageInput[]): T | null {
  if (value !== null) return value;
  out.push({ code, description, field });
  return null;
}

function otherRules(app: ProposalApplication, paths: ProposalApplicationPaths, out: MessageInput[]): void {
  if (app.hotMoney || app.revolving) {
    out.push({ code: C.hotMoneyOrRevolving, description: 'A proposta não pode ser HotMoney ou Rotativo: este serviço opera empréstimos com parcelas fixas (tabela Price).', field: app.hotMoney ? paths.hotMoney : paths.revolving });
  }
  for (const [value, field] of [[app.promoterDocument, paths.promoterDocument], [app.correspondentDocument, paths.correspondentDocument]] as const) {
    const text = textOf(value);
    if (text !== null && classifyDocument(text) === null) out.push({ code: C.otherDocument, description: `O campo ${fieldName(field)} deve ser um CPF ou CNPJ válido.`, field });
  }
  if (app.retentionPercent && app.retentionPercent.greaterThan(PERCENT_WHOLE)) {
    out.push({ code: C.retentionPercent, description: `O percentual de retenção (${fieldName(paths.retentionPercent)}) deve estar entre 0 e 100.`, field: paths.retentionPercent });
  }
}

function pricingTerms(app: ProposalApplication, paths: ProposalApplicationPaths, contractDate: LocalDate, out: MessageInput[]) {
  const requestedAmount = required(app.requestedAmount, C.amountMissing, `O valor solicitado (${fieldName(paths.requestedAmount)}) deve ser informado.`, paths.requestedAmount, out);
  const termMonths = required(app.termMonths, C.termMissing, 'O prazo (número de parcelas) deve ser informado.', paths.termMonths, out);
  const monthlyRatePercent = required(app.monthlyRatePercent, C.rateInvalid, `O percentual de juros (${fieldName(paths.monthlyRatePercent)}, % ao mês) deve ser informado.`, paths.monthlyRatePercent, out);
  const dueText = required(app.firstDueDate, C.firstDueDate, `A data do primeiro vencimento (${fieldName(paths.firstDueDate)}) deve ser informada.`, paths.firstDueDate, out);
  const firstDueDate = dueText === null ? null : calendarDateOf(dueText);
  if (dueText !== null && firstDueDate === null) out.push({ code: C.firstDueDate, description: 'Data do primeiro vencimento inválida: use yyyy-MM-dd ou ISO 8601.', field: paths.firstDueDate });
  // The missing fields are already reported: stand-ins let the others be checked all the same.
  // A pricing problem names the English field; `paths.pricing` gives its wire path.
  const amounts = { ...app.costs, iof: app.sentIof, installment: app.sentInstallment };
  const problems = pricingInputProblems({
    requestedAmount: requestedAmount ?? dec(1),
    monthlyRatePercent: monthlyRatePercent ?? dec(0),
    termMonths: termMonths ?? 1,
    contractDate,
    firstDueDate: firstDueDate ?? addDays(contractDate, 1),
    amounts,
  });
  for (const p of problems) out.push({ code: pricingCode(p.code, p.detail), description: p.description, field: paths.pricing[p.field] });
  if (requestedAmount === null || termMonths === null || monthlyRatePercent === null || firstDueDate === null || problems.length > 0) return null;
  return { requestedAmount, termMonths, monthlyRatePercent, firstDueDate };
}

/** The new proposal (null when it cannot even be priced) and every problem found (empty = valid). */
export function readProposal(app: ProposalApplication, paths: ProposalApplicationPaths, contractDate: LocalDate): { proposal: NewProposal | null; messages: MessageInput[] } {
  const out: MessageInput[] = [];
  const who = customer(app, paths, out);
  const terms = pricingTerms(app, paths, contractDate, out);
  otherRules(app, paths, out);
  const accountProblems = new Problems();
  const paymentAccount = app.paymentAccount ? validatePaymentAccount(app.paymentAccount, paths.paymentAccount, accountProblems) : null;
  out.push(...messagesOf(accountProblems));
  const launches = validateLaunches(app.launches, { list: paths.launches, items: paths.launch }, app.requestedAmount, contractDate, out);
  // Priced even when other fields have problems, so the answer lists the pricing refusals too.
  if (who === null || terms === null) return { proposal: null, messages: out };
  const pricing: ProposalPricingInput = {
    personType: who.personType,
    contractDate,
    ...terms,
    costs: app.costs,
    iofExempt: app.iofExempt,
    sentIof: app.sentIof,
    sentInstallment: app.sentInstallment,
  };
  return {
    proposal: {
      personType: who.personType,
      customerDocument: who.document,
      operationCode: textOf(app.operationCode),
      contractType: textOf(app.contractType),
      pricing,
      paymentAccount,
      launches,
      keepDraft: app.keepDraft,
    },
    messages: out,
  };
}
