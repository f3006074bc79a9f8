// IncluirManualSimplificado's `dto` and `parametros` ↔ the English ProposalApplication and the wire
// path of each of its fields (proposal-application.ts). The stored `proposals.dto` stays the
// record of what was sent: costsOf also reads it back (proposal-plan.ts).
import type { Static } from 'typebox';
import { type Decimal, dec } from '../../platform/money.js';
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

/** Every cost category, read from the wire fields as sent (null = absent). */
export function costsOf(dto: Partial<Record<string, unknown>>): CostAmounts {
  const costs: CostAmounts = {};
  for (const field of COST_FIELDS) {
    const value = dto[COST_WIRE_FIELDS[field]];
    costs[field] = value === null || value === undefined ? null : dec(value as Decimal | string);
  }
  return costs;
}

/** The wire path of every field a pricing problem may name, under the `dto` block at `block`. */
export function pricingPaths(block: string): PricingPaths {
  const costs = Object.fromEntries(COST_FIELDS.map((field) => [field, `${block}.${COST_WIRE_FIELDS[field]}`])) as Record<CostField, string>;
  return {
    requestedAmount: `${block}.vlrSolicitado`,
    termMonths: `${block}.prazo`,
    monthlyRatePercent: `${block}.percJurosNegociado`,
    firstDueDate: `${block}.dtPrimeiroVencto`,
    iof: `${block}.vlrIOF`,
    installment: `${block}.vlrParcela`,
    ...costs,
  };
}

/** A stored proposal's pricing problems name the fields of the `dto` it was created with. */
export const STORED_PRICING_PATHS: PricingPaths = pricingPaths('dto');

/** The sent value as the stored record (kept verbatim). */
export function wireRecord(value: unknown): WireRecord {
  return value as WireRecord;
}

function launchOf(item: LaunchDto): LaunchApplication {
  return {
    fieldId: item.campoID ?? null,
    amount: item.vlrTransacao ?? null,
    paymentDate: item.dtPagamento ?? null,
    digitableLine: item.linhaDigitavel ?? null,
    account: paymentAccountInput(item, item.documentoFederal),
    assignorDocument: item.documentoFederalCedente ?? null,
    assignorName: item.nomeCedente ?? null,
  };
}

function launchPaths(item: string): LaunchPaths {
  return {
    item,
    amount: `${item}.vlrTransacao`,
    paymentDate: `${item}.dtPagamento`,
    digitableLine: `${item}.linhaDigitavel`,
    assignorDocument: `${item}.documentoFederalCedente`,
    account: paymentAccountPaths(item, 'documentoFederal'),
  };
}

export function proposalApplicationOf(dto: ProposalDto, parametros: readonly Parametro[] | null | undefined): ProposalApplication {
  const account = dto.propostaContaPagamentoDTO;
  return {
    customerDocument: dto.documentoCliente ?? null,
    requestedAmount: dto.vlrSolicitado ?? null,
    termMonths: dto.prazo ?? null,
    monthlyRatePercent: dto.percJurosNegociado ?? null,
    firstDueDate: dto.dtPrimeiroVencto ?? null,
    costs: costsOf(dto),
    sentIof: dto.vlrIOF ?? null,
    sentInstallment: dto.vlrParcela ?? null,
    hotMoney: dto.hotMoney === true,
    revolving: dto.rotativo === true,
    promoterDocument: dto.documentoPromotor ?? null,
    correspondentDocument: dto.documentoParceiroCorrespondente ?? null,
    retentionPercent: dto.percRetencao ?? null,
    operationCode: dto.codigoOperacao ?? null,
    contractType: dto.tipoContrato ?? null,
    paymentAccount: account ? paymentAccountInput(account, account.documentoFederalPagamento) : null,
    launches: (dto.propostaLancamentos ?? []).map(launchOf),
    keepDraft: isTrueParameter(parametros, KEEP_DRAFT_PARAMETER),
    iofExempt: isTrueParameter(parametros, IOF_EXEMPT_PARAMETER),
  };
}

export function proposalApplicationPaths(dto: ProposalDto): ProposalApplicationPaths {
  return {
    customerDocument: `${DTO}.documentoCliente`,
    requestedAmount: `${DTO}.vlrSolicitado`,
    termMonths: `${DTO}.prazo`,
    monthlyRatePercent: `${DTO}.percJurosNegociado`,
    firstDueDate: `${DTO}.dtPrimeiroVencto`,
    hotMoney: `${DTO}.hotMoney`,
    revolving: `${DTO}.rotativo`,
    promoterDocument: `${DTO}.documentoPromotor`,
    correspondentDocument: `${DTO}.documentoParceiroCorrespondente`,
    retentionPercent: `${DTO}.percRetencao`,
    operationCode: `${DTO}.codigoOperacao`,
    pricing: pricingPaths(DTO),
    paymentAccount: paymentAccountPaths(`${DTO}.propostaContaPagamentoDTO`),
    launches: LAUNCHES,
    launch: (dto.propostaLancamentos ?? []).map((_, i) => launchPaths(`${LAUNCHES}[${i}]`)),
  };
}
