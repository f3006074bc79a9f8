// A stored proposal in the wire shape of Proposta/Consultar (get-proposal.schema.ts): our own
// fields beside the ones partner clients read (proposal-client-view.ts), all at the top level. Pure.
import { brazilDateAt, dateToWire, localDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import type { BoletoSummary, ScheduleSummary } from '../receivables/index.js';
import type { PaymentAccount } from '../banking/index.js';
import { clientFields } from './proposal-client-view.js';
import { isProposalStatus, statusDescription } from './proposal-lifecycle.js';
import type { HistoryRow, InstallmentRow, ProposalRow } from './proposal-repository.js';
import { statusOf } from './proposal-transitions.js';

const wireDate = (date: string | null) => (date === null ? null : dateToWire(localDate(date)));

export function paymentAccountView(stored: unknown) {
  if (stored === null || stored === undefined) return null;
  const a = stored as PaymentAccount;
  return {
    codigoBanco: a.bankCode,
    tipoConta: a.accountType,
    agencia: a.branch,
    agenciaDig: a.branchDigit,
    conta: a.account,
    contaDig: a.accountDigit,
    numeroBanco: a.bankNumber,
    documentoFederalPagamento: a.holderDocument.digits,
    nomePagamento: a.holderName,
  };
}

/**
 * When the event happened: the instant it was recorded, or, for an event the operator dated in
 * the past (`--at`), that calendar date (midnight UTC, the wire form of a date).
 */
function eventInstant(h: HistoryRow): string {
  return brazilDateAt(h.recorded_at) === h.occurred_on ? h.recorded_at.toISOString() : dateToWire(localDate(h.occurred_on));
}

function historyView(h: HistoryRow) {
  const from = h.from_status !== null && isProposalStatus(h.from_status) ? h.from_status : null;
  if (!isProposalStatus(h.to_status)) throw new Error(`assertion: history ${h.id} has unknown status ${h.to_status}`);
  return {
    dtEvento: eventInstant(h),
    evento: h.event,
    situacaoAnterior: from,
    descricaoSituacaoAnterior: from === null ? null : statusDescription(from),
    situacao: h.to_status,
    descricaoSituacao: statusDescription(h.to_status),
    usuario: h.actor,
    motivo: h.reason,
  };
}

function installmentView(i: InstallmentRow) {
  return {
    nroParcela: i.numero,
    dtVencimento: dateToWire(localDate(i.due_date)),
    vlrParcela: dec(i.amount),
    vlrJuros: dec(i.interest),
    vlrAmortizacao: dec(i.amortization),
    vlrEncargosMensais: dec(i.monthly_charges),
    vlrSaldoDevedor: dec(i.balance_after),
  };
}

function scheduleView(s: ScheduleSummary) {
  return {
    situacaoAgenda: s.status,
    descricaoSituacaoAgenda: s.statusText,
    qtdeParcelas: s.installmentCount,
    qtdeParcelasPagas: s.paidInstallmentCount,
    vlrTotalPago: s.totalPaid,
    vlrSaldoDevedor: s.outstandingBalance,
    dtLiquidacao: s.paidOffOn === null ? null : dateToWire(s.paidOffOn),
  };
}

export function proposalView(row: ProposalRow, history: readonly HistoryRow[], installments: readonly InstallmentRow[], schedule: ScheduleSummary | null, refund: BoletoSummary | null) {
  const status = statusOf(row);
  return {
    ...clientFields(row, installments, refund),
    codigo: row.id,
    numero: row.numero,
    codigoOperacao: row.codigo_operacao,
    situacao: status,
    descricaoSituacao: statusDescription(status),
    documentoCliente: row.customer_document,
    dtInclusao: row.created_at.toISOString(),
    dtLiberacao: wireDate(row.disbursed_on),
    dtCancelamento: wireDate(row.cancelled_on),
    vlrSolicitado: dec(row.requested_amount),
    vlrFinanciado: dec(row.financed_amount),
    vlrParcela: dec(row.installment_amount),
    vlrIOF: dec(row.iof_amount),
    percJurosNegociado: dec(row.monthly_rate_percent),
    percCETMensal: dec(row.cet_monthly_percent),
    percCETAnual: dec(row.cet_annual_percent),
    prazo: row.term_months,
    dtPrimeiroVencto: dateToWire(localDate(row.first_due_date)),
    propostaContaPagamento: paymentAccountView(row.payment_account),
    parcelas: installments.map(installmentView),
    agenda: schedule === null ? null : scheduleView(schedule),
    historico: history.map(historyView),
  };
}
