// The fields partner clients read from Proposta/Consultar, at the top level of the envelope, named
// and typed as compatibility-notes lists them ("Observed in a public partner client", issue 11).
// Pure: the stored proposal (and its refund boleto, when cancelled) in, wire values out.
import { dateToWire, localDate } from '../../platform/dates.js';
import { dec, sum, ZERO, type Decimal } from '../../platform/money.js';
import type { BoletoSummary } from '../receivables/index.js';
import type { PaymentAccount } from '../banking/index.js';
import type { ProposalLaunch } from './proposal-launches.js';
import type { InstallmentRow, ProposalRow } from './proposal-repository.js';
import { sentFigures } from './proposal-application-wire.js';

/** Launch situacao, as for installments: 0 not paid yet, 1 paid (with the disbursement). */
const LAUNCH_PAID = 1;
const LAUNCH_PENDING = 0;
const LAUNCH_KIND_TEXT: Readonly<Record<ProposalLaunch['kind'], string>> = { boleto: 'Pagamento de boleto', transfer: 'Transferência bancária' };
/** cancelamentoFGTS items: the cancellation closes the schedule (callback event 1). */
const CANCELLATION_EVENT = { tipoEvento: 1, nomeEvento: 'CancelamentoProposta', contextoEvento: 'Proposta' } as const;
const ANNUAL_RATE_DECIMALS = 2;

type StoredLaunch = Omit<ProposalLaunch, 'amount'> & { amount: string };

const wireDate = (date: string | null) => (date === null ? null : dateToWire(localDate(date)));


/** Monthly rate compounded over twelve months, in percent, two decimals. */
export function annualRatePercent(monthlyPercent: Decimal): Decimal {
  return monthlyPercent.div(100).plus(1).pow(12).minus(1).times(100).toDecimalPlaces(ANNUAL_RATE_DECIMALS);
}

function launchItem(l: StoredLaunch, disbursedOn: string | null) {
  const a = l.account;
  return {
    campoID: l.campoID,
    descricaoCampo: LAUNCH_KIND_TEXT[l.kind],
    vlrTransacao: dec(l.amount),
    dtPrevPagto: wireDate(l.paymentDate),
    dtPagamento: wireDate(disbursedOn),
    situacao: disbursedOn === null ? LAUNCH_PENDING : LAUNCH_PAID,
    linhaDigitavel: l.linhaDigitavel,
    dtVenctoBoleto: null,
    vlrBoleto: l.kind === 'boleto' ? dec(l.amount) : null,
    codigoBanco: a?.bankCode ?? null,
    numeroBanco: a?.bankNumber ?? null,
    tipoConta: a?.accountType ?? null,
    agencia: a?.branch ?? null,
    agenciaDig: a?.branchDigit ?? null,
    conta: a?.account ?? null,
    contaDig: a?.accountDigit ?? null,
    documentoFederal: a?.holderDocument.digits ?? null,
    nomePagamento: a?.holderName ?? null,
    nomeCedente: l.assignorName,
    descricaoOcorrencia: null,
  };
}

function cancellationItem(row: ProposalRow, refund: BoletoSummary | null) {
  return {
    detalhes: row.cancellation_reason ?? 'Cancelamento solicitado pelo parceiro',
    ...CANCELLATION_EVENT,
    dtEvento: wireDate(row.cancelled_on),
    numCodigoBarras: refund?.barcode ?? null,
    numLinhaDigitavel: refund?.digitableLine ?? null,
    pixCopiaCola: refund?.pixCode ?? null,
    vlrBoleto: refund?.amount ?? null,
    dtVencimento: refund === null ? null : dateToWire(refund.dueDate),
    numeroBoleto: refund?.number ?? null,
    urlImpressaoBoleto: refund?.printUrl ?? null,
  };
}

export function clientFields(row: ProposalRow, installments: readonly InstallmentRow[], refund: BoletoSummary | null) {
  const launches = (row.launches as StoredLaunch[] | null) ?? [];
  const account = row.payment_account as PaymentAccount | null;
  const requested = dec(row.requested_amount);
  // The stored request `dto` as sent, read through its one reader (0 when not sent).
  const { costs } = sentFigures(row.dto);
  const totalDebt = installments.length > 0 ? sum(installments.map((i) => dec(i.amount))) : dec(row.installment_amount).times(row.term_months);
  return {
    codigoProposta: row.id,
    numeroCCB: String(row.numero),
    tipoContrato: row.contract_type,
    qtdeParcelas: row.term_months,
    vlrTAC: row.tac_amount === null ? ZERO : dec(row.tac_amount),
    vlrSeguro: costs.insurance ?? ZERO,
    vlrOutrasDespesas: costs.otherExpenses ?? ZERO,
    vlrOutrosServicos: costs.otherServices ?? ZERO,
    vlrTotalCredito: requested,
    vlrTotalDivida: totalDebt,
    vlrDesembolso: requested.minus(sum(launches.map((l) => dec(l.amount)))),
    percJurosMensal: dec(row.monthly_rate_percent),
    percJurosAnual: annualRatePercent(dec(row.monthly_rate_percent)),
    dtPagamento: wireDate(row.disbursed_on),
    motivoRejeicao: row.refusal_reason,
    motivoPendencia: null,
    motivoCancelamento: row.cancellation_reason,
    textoRetornoPagamento: null,
    autenticacaoBancaria: null,
    controleBancario: null,
    nomeFavorecido: account?.holderName ?? null,
    documentoFavorecido: account?.holderDocument.digits ?? null,
    propostaLancamentos: launches.map((l) => launchItem(l, row.disbursed_on)),
    cancelamentoFGTS: row.cancelled_on === null ? [] : [cancellationItem(row, refund)],
  };
}
