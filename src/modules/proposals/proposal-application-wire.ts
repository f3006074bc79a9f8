// IncluirManualSimplificado's `dto` and `parametros` ↔ the English ProposalApplication and the wire
// path of each of its fields (proposal-application.ts), each from one table of names read by
// platform/wire-names.ts. The stored `proposals.dto` stays the record of what was sent: its one
// reader, sentFigures, gives domain code the English figures pricing reads again (proposal-plan.ts).
import type { Static } from 'typebox';
import { type Decimal, dec } from '../../platform/money.js';
import { fromWire, wirePaths } from '../../platform/wire-names.js';
import { parametroValue } from '../../platform/http/schema-types.js';
import type { Parametro } from '../../platform/http/envelope.js';
import { type CostAmounts, type CostField, type PricingPaths, COST_FIELDS } from './pricing/index.js';
import type { Proposal, ProposalLaunch } from './proposal-blocks.js';
import type { LaunchApplication, LaunchPaths, ProposalApplication, ProposalApplicationPaths, WireRecord } from './proposal-application.js';
import { paymentAccountInput, paymentAccountPaths } from './payment-account-wire.js';

export type ProposalDto = Static<typeof Proposal>;
type LaunchDto = Static<typeof ProposalLaunch>;

/** parametros that change how a proposal is created (compatibility-notes). */
export const KEEP_DRAFT_PARAMETER = 'SITUACAOPROPOSTAEMDIGITACAO';
export const IOF_EXEMPT_PARAMETER = 'Proposta_IsentarIOF';
const DTO = 'dto';
const LAUNCHES = `${DTO}.propostaLancamentos`;

export function isTrueParameter(parametros: readonly Parametro[] | null | undefined, name: string): boolean {
  return parametroValue(parametros, name)?.trim().toLowerCase() === 'true';
}

/** The ONE map of pricing's cost categories to their wire fields (docs/glossary.md). */
export const COST_WIRE_FIELDS: Readonly<Record<CostField, string>> = {
  tac: 'vlrTAC',
  insurance: 'vlrSeguro',
  otherExpenses: 'vlrOutrasDespesas',
  otherServices: 'vlrOutrosServicos',
  correspondent: 'vlrCorban',
  appraisal: 'vlrAvaliacao',
  dispatcher: 'vlrDespachante',
  registration: 'vlrRegistro',
  thirdPartyServices: 'vlrServTerceiro',
  notaryRegistration: 'vlrRegistroCartorio',
  accessories: 'vlrAcessorios',
  inspection: 'vlrVistoria',
  documentCertificates: 'vlrCertiDocs',
  armoring: 'vlrBlindagem',
  monthlyAdminFee: 'vlrTxAdmMensal',
  monthlyInsurance1: 'vlrSeguroMensal1',
  monthlyInsurance2: 'vlrSeguroMensal2',
};

/**
 * Money fields of the wire that are not a cost of the loan: vlrSolicitado is the amount released,
 * vlrIOF is the tax (handled apart), vlrParcela is a result, vlrBoleto a per-boleto collection fee
 * charged when a boleto is paid, vlrRetencao the amount retained from the customer's card
 * receivables to repay (a repayment channel, not a cost).
 */
export const NOT_COST_FIELDS = ['vlrSolicitado', 'vlrIOF', 'vlrParcela', 'vlrBoleto', 'vlrRetencao'] as const;

/** The fields pricing reads, besides the costs: English → the `dto`'s field. */
const PRICED_NAMES = { requestedAmount: 'vlrSolicitado', termMonths: 'prazo', monthlyRatePercent: 'percJurosNegociado', firstDueDate: 'dtPrimeiroVencto' } as const;
const SENT_FIGURE_NAMES = { iof: 'vlrIOF', installment: 'vlrParcela' } as const;

/** The figures of a `dto` as sent that pricing reads: the costs, and the IOF and installment the partner computed. */
export interface SentFigures {
  /** Every cost category (null = not sent). */
  costs: CostAmounts;
  sentIof: Decimal | null;
  sentInstallment: Decimal | null;
}

const decimalOrNull = (value: unknown): Decimal | null => (value === null || value === undefined ? null : dec(value as Decimal | string));

/**
 * The one reader of a `dto` by its wire names, for the request being created and for the stored
 * `proposals.dto` (kept verbatim: its money fields are decimal strings there).
 */
export function sentFigures(dto: unknown): SentFigures {
  const sent = (dto ?? {}) as Readonly<Record<string, unknown>>;
  const costs: CostAmounts = {};
  for (const field of COST_FIELDS) costs[field] = decimalOrNull(sent[COST_WIRE_FIELDS[field]]);
  const figures = fromWire(SENT_FIGURE_NAMES, sent);
  return { costs, sentIof: decimalOrNull(figures.iof), sentInstallment: decimalOrNull(figures.installment) };
}

/** The wire path of every field a pricing problem may name, under the `dto` block at `block`. */
export function pricingPaths(block: string): PricingPaths {
  return { ...wirePaths(PRICED_NAMES, block), ...wirePaths(SENT_FIGURE_NAMES, block), ...wirePaths(COST_WIRE_FIELDS, block) };
}

/** A stored proposal's pricing problems name the fields of the `dto` it was created with. */
export const STORED_PRICING_PATHS: PricingPaths = pricingPaths('dto');

/** The sent value as the stored record (kept verbatim). */
export function wireRecord(value: unknown): WireRecord {
  return value as WireRecord;
}

/** A launch's fields a refusal may name: English → the wire's. */
const LAUNCH_NAMES = { amount: 'vlrTransacao', paymentDate: 'dtPagamento', digitableLine: 'linhaDigitavel', assignorDocument: 'documentoFederalCedente' } as const;

function launchOf(item: LaunchDto): LaunchApplication {
  return {
    ...fromWire(LAUNCH_NAMES, item),
    fieldId: item.campoID ?? null,
    assignorName: item.nomeCedente ?? null,
    account: paymentAccountInput(item, item.documentoFederal),
  };
}

function launchPaths(item: string): LaunchPaths {
  return { item, ...wirePaths(LAUNCH_NAMES, item), account: paymentAccountPaths(item, 'documentoFederal') };
}

/** The application's plain fields a refusal may name: English → the `dto`'s field. */
const APPLICATION_NAMES = {
  customerDocument: 'documentoCliente',
  ...PRICED_NAMES,
  hotMoney: 'hotMoney',
  revolving: 'rotativo',
  promoterDocument: 'documentoPromotor',
  correspondentDocument: 'documentoParceiroCorrespondente',
  retentionPercent: 'percRetencao',
  operationCode: 'codigoOperacao',
} as const;

export function proposalApplicationOf(dto: ProposalDto, parametros: readonly Parametro[] | null | undefined): ProposalApplication {
  const account = dto.propostaContaPagamentoDTO;
  const sent = fromWire(APPLICATION_NAMES, dto);
  return {
    ...sent,
    ...sentFigures(dto),
    hotMoney: sent.hotMoney === true,
    revolving: sent.revolving === true,
    contractType: dto.tipoContrato ?? null,
    paymentAccount: account ? paymentAccountInput(account, account.documentoFederalPagamento) : null,
    launches: (dto.propostaLancamentos ?? []).map(launchOf),
    keepDraft: isTrueParameter(parametros, KEEP_DRAFT_PARAMETER),
    iofExempt: isTrueParameter(parametros, IOF_EXEMPT_PARAMETER),
  };
}

/** The paths every request shares, built once (issue 14: ~40 objects a creation); only the launches' depend on the request. */
let fixedPaths: Omit<ProposalApplicationPaths, 'launch'> | null = null;

export function proposalApplicationPaths(dto: ProposalDto): ProposalApplicationPaths {
  fixedPaths ??= Object.freeze({
    ...wirePaths(APPLICATION_NAMES, DTO),
    pricing: Object.freeze(pricingPaths(DTO)),
    paymentAccount: Object.freeze(paymentAccountPaths(`${DTO}.propostaContaPagamentoDTO`)),
    launches: LAUNCHES,
  });
  return { ...fixedPaths, launch: (dto.propostaLancamentos ?? []).map((_, i) => launchPaths(`${LAUNCHES}[${i}]`)) };
}
