// IncluirManualSimplificado's `dto` and `parametros` ↔ the English ProposalApplication and the wire
// path of each of its fields (proposal-application.ts). The stored `proposals.dto` stays the
// record of what was sent: costsOf also reads it back (proposal-plan.ts).
import type { Static } from 'typebox';
import { type Decimal, dec } from '../../platform/money.js';
import { parametroValue } from '../../platform/http/schema-types.js';
import type { Parametro } from '../../platform/http/envelope.js';
import { type CostAmounts, FINANCED_COST_FIELDS, MONTHLY_CHARGE_FIELDS } from './pricing/index.js';
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

/** Every money field that feeds the pricing, as sent (null = absent). */
export function costsOf(dto: Partial<Record<string, unknown>>): CostAmounts {
  const costs: CostAmounts = {};
  for (const field of [...FINANCED_COST_FIELDS, ...MONTHLY_CHARGE_FIELDS]) {
    const value = dto[field];
    costs[field] = value === null || value === undefined ? null : dec(value as Decimal | string);
  }
  return costs;
}

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
    pricedAmounts: DTO,
    paymentAccount: paymentAccountPaths(`${DTO}.propostaContaPagamentoDTO`),
    launches: LAUNCHES,
    launch: (dto.propostaLancamentos ?? []).map((_, i) => launchPaths(`${LAUNCHES}[${i}]`)),
  };
}
