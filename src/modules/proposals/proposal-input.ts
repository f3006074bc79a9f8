// The business rules of a new proposal (IncluirManualSimplificado `dto`): the schema has already
// checked types, signs and bounds; here every field's meaning is checked and every problem is one
// message with its JSON path. Pure: "today" (the contract date) comes in as an argument.
import type { Static } from 'typebox';
import { classifyDocument } from '../../platform/documents.js';
import { Problems, type MessageInput } from '../../platform/errors.js';
import { addDays, calendarDateOf, type LocalDate } from '../../platform/dates.js';
import { textOf } from '../../platform/fields.js';
import { type Decimal, dec } from '../../platform/money.js';
import { parametroValue } from '../../platform/http/schema-types.js';
import type { Parametro } from '../../platform/http/envelope.js';
import { type PaymentAccount, validatePaymentAccount } from '../banking/index.js';
import { type CostAmounts, FINANCED_COST_FIELDS, MONTHLY_CHARGE_FIELDS, type PersonType, type ProposalPricingInput, pricingInputProblems } from './pricing/index.js';
import type { Proposal } from './proposal-blocks.js';
import { ProposalCode as C, messagesOf, pricingCode } from './proposal-codes.js';
import { type ProposalLaunch, validateLaunches } from './proposal-launches.js';
import { paymentAccountInput, paymentAccountPaths } from './payment-account-wire.js';

export type ProposalDto = Static<typeof Proposal>;

/** parametros that change how a proposal is created (compatibility-notes). */
export const KEEP_DRAFT_PARAMETER = 'SITUACAOPROPOSTAEMDIGITACAO';
export const IOF_EXEMPT_PARAMETER = 'Proposta_IsentarIOF';
const PERCENT_WHOLE = 100;
const ACCOUNT_PATHS = paymentAccountPaths('dto.propostaContaPagamentoDTO');

export interface NewProposal {
  personType: PersonType;
  customerDocument: string;
  codigoOperacao: string | null;
  contractType: string | null;
  pricing: ProposalPricingInput;
  paymentAccount: PaymentAccount | null;
  launches: ProposalLaunch[];
  keepDraft: boolean;
}

export function isTrueParameter(parametros: readonly Parametro[] | null | undefined, name: string): boolean {
  return parametroValue(parametros, name)?.trim().toLowerCase() === 'true';
}

/** Every money field that feeds the pricing, as sent (null = absent). */
export function costsOf(dto: Partial<Record<string, unknown>>): CostAmounts {
  const costs: CostAmounts = {};
  for (const field of [...FINANCED_COST_FIELDS, ...MONTHLY_CHARGE_FIELDS]) {
    const value = dto[field];
    costs[field] = value === null || value === undefined ? null : dec(value as Decimal | string);
  }
  return costs;
}

function customer(dto: ProposalDto, out: MessageInput[]): { personType: PersonType; document: string } | null {
  const text = textOf(dto.documentoCliente);
  if (text === null) {
    out.push({ code: C.customerMissing, description: 'O documento do cliente (documentoCliente) deve ser informado.', field: 'dto.documentoCliente' });
    return null;
  }
  const document = classifyDocument(text);
  if (document === null) {
    out.push({ code: C.customerInvalid, description: 'Documento do cliente inválido: informe um CPF (11 dígitos) ou CNPJ (14 caracteres) válido.', field: 'dto.documentoCliente' });
    return null;
  }
  return { personType: document.kind === 'CPF' ? 'PF' : 'PJ', document: document.digits };
}

function required<T>(value: T | null | undefined, code: string, description: string, field: string, out: MessageInput[]): T | null {
  if (value !== null && value !== undefined) return value;
  out.push({ code, description, field });
  return null;
}

function otherRules(dto: ProposalDto, out: MessageInput[]): void {
  if (dto.hotMoney === true || dto.rotativo === true) {
    out.push({ code: C.hotMoneyOrRevolving, description: 'A proposta não pode ser HotMoney ou Rotativo: este serviço opera empréstimos com parcelas fixas (tabela Price).', field: dto.hotMoney === true ? 'dto.hotMoney' : 'dto.rotativo' });
  }
  for (const name of ['documentoPromotor', 'documentoParceiroCorrespondente'] as const) {
    const text = textOf(dto[name]);
    if (text !== null && classifyDocument(text) === null) out.push({ code: C.otherDocument, description: `O campo ${name} deve ser um CPF ou CNPJ válido.`, field: `dto.${name}` });
  }
  if (dto.percRetencao && dto.percRetencao.greaterThan(PERCENT_WHOLE)) {
    out.push({ code: C.retentionPercent, description: 'O percentual de retenção (percRetencao) deve estar entre 0 e 100.', field: 'dto.percRetencao' });
  }
}

function pricingTerms(dto: ProposalDto, contractDate: LocalDate, out: MessageInput[]) {
  const requestedAmount = required(dto.vlrSolicitado, C.amountMissing, 'O valor solicitado (vlrSolicitado) deve ser informado.', 'dto.vlrSolicitado', out);
  const termMonths = required(dto.prazo, C.termMissing, 'O prazo (número de parcelas) deve ser informado.', 'dto.prazo', out);
  const monthlyRatePercent = required(dto.percJurosNegociado, C.rateInvalid, 'O percentual de juros (percJurosNegociado, % ao mês) deve ser informado.', 'dto.percJurosNegociado', out);
  const dueText = required(dto.dtPrimeiroVencto, C.firstDueDate, 'A data do primeiro vencimento (dtPrimeiroVencto) deve ser informada.', 'dto.dtPrimeiroVencto', out);
  const firstDueDate = dueText === null ? null : calendarDateOf(dueText);
  if (dueText !== null && firstDueDate === null) out.push({ code: C.firstDueDate, description: 'Data do primeiro vencimento inválida: use yyyy-MM-dd ou ISO 8601.', field: 'dto.dtPrimeiroVencto' });
  // The missing fields are already reported: stand-ins let the others be checked all the same.
  const amounts = { ...costsOf(dto), vlrIOF: dto.vlrIOF ?? null, vlrParcela: dto.vlrParcela ?? null };
  const problems = pricingInputProblems({
    requestedAmount: requestedAmount ?? dec(1),
    monthlyRatePercent: monthlyRatePercent ?? dec(0),
    termMonths: termMonths ?? 1,
    contractDate,
    firstDueDate: firstDueDate ?? addDays(contractDate, 1),
    amounts,
  });
  for (const p of problems) out.push({ code: pricingCode(p.code, p.detail), description: p.description, field: `dto.${p.field}` });
  if (requestedAmount === null || termMonths === null || monthlyRatePercent === null || firstDueDate === null || problems.length > 0) return null;
  return { requestedAmount, termMonths, monthlyRatePercent, firstDueDate };
}

/** The new proposal (null when it cannot even be priced) and every problem found (empty = valid). */
export function readProposal(dto: ProposalDto, parametros: readonly Parametro[] | null | undefined, contractDate: LocalDate): { proposal: NewProposal | null; messages: MessageInput[] } {
  const out: MessageInput[] = [];
  const who = customer(dto, out);
  const terms = pricingTerms(dto, contractDate, out);
  otherRules(dto, out);
  const accountProblems = new Problems();
  const account = dto.propostaContaPagamentoDTO;
  const paymentAccount = account ? validatePaymentAccount(paymentAccountInput(account, account.documentoFederalPagamento), ACCOUNT_PATHS, accountProblems) : null;
  out.push(...messagesOf(accountProblems));
  const launches = validateLaunches(dto.propostaLancamentos, dto.vlrSolicitado ?? null, contractDate, out);
  // Priced even when other fields have problems, so the answer lists the pricing refusals too.
  if (who === null || terms === null) return { proposal: null, messages: out };
  const pricing: ProposalPricingInput = {
    personType: who.personType,
    contractDate,
    ...terms,
    costs: costsOf(dto),
    iofExempt: isTrueParameter(parametros, IOF_EXEMPT_PARAMETER),
    sentIof: dto.vlrIOF ?? null,
    sentInstallment: dto.vlrParcela ?? null,
  };
  return {
    proposal: {
      personType: who.personType,
      customerDocument: who.document,
      codigoOperacao: textOf(dto.codigoOperacao),
      contractType: textOf(dto.tipoContrato),
      pricing,
      paymentAccount,
      launches,
      keepDraft: isTrueParameter(parametros, KEEP_DRAFT_PARAMETER),
    },
    messages: out,
  };
}
