// AgendaRecebivel/ConsultarDetalhes as a query: the wire body in, the schedule's view out.
import { dateToWire } from '../../../platform/dates.js';
import { defineQueryRoute } from '../../../platform/http/route.js';
import { dec, ZERO } from '../../../platform/money.js';
import { boletoEntry, launchEntry, pixEntry, wireDate } from '../collections/collection-views.js';
import { scheduleReference } from '../receivables-blocks.js';
import { scheduleAnswers } from './schedule-repository.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { getScheduleDetails, type InstallmentDetails, type ScheduleDetails } from './get-schedule-details.js';
import { spec } from './get-schedule-details.schema.js';
import { scheduleStatusText } from './schedule-repository.js';

function installmentView(i: InstallmentDetails, publicUrl: string) {
  return {
    codigoParcela: i.id,
    nroParcela: i.number,
    situacao: i.status,
    dtVencimento: dateToWire(i.state.dueDate),
    vlrParcela: i.state.originalAmount,
    nroOrdemPagamento: null,
    vlrSaldoAtual: i.currentBalance,
    vlrTotalPago: i.state.totalPaid,
    vlrDesconto: i.state.totalDiscount,
    dtVencimentoAtual: dateToWire(i.currentDueDate),
    boletos: i.boletos?.map((b) => boletoEntry(b, publicUrl)) ?? null,
    pix: i.pixCharges?.map(pixEntry) ?? null,
    lancamentos: i.launches?.map(launchEntry) ?? null,
  };
}

function view(details: ScheduleDetails, publicUrl: string) {
  const schedule = details.schedule;
  return {
    numeroProposta: schedule.proposal_number,
    dtInclusao: schedule.created_at.toISOString(),
    dtCancelamento: wireDate(schedule.cancelled_on),
    dtLiquidacao: wireDate(schedule.paid_off_on),
    situacaoAgenda: schedule.situacao,
    descricaoSituacaoAgenda: scheduleStatusText(schedule.situacao),
    documentoFederalCliente: schedule.customer_document,
    nomeCliente: schedule.customer_name,
    nomeEmpresa: details.company ? schedule.customer_name : null,
    ecCliente: null,
    vlrFinanciado: dec(schedule.financed_amount),
    vlrRetencaoDiarioAprox: ZERO,
    vlrTotalPago: details.totalPaid,
    qtdeParcelas: details.installmentCount,
    situacaoProposta: details.proposalStatus,
    descricaoTipoContrato: schedule.contract_type,
    parcelas: details.installments.map((i) => installmentView(i, publicUrl)),
  };
}

export const route = (deps: ReceivablesDeps) =>
  defineQueryRoute(spec, {
    cache: scheduleAnswers(spec.operationId),
    input: (body) => ({
      schedule: scheduleReference(body.dto),
      installmentNumbers: body.dto.nroParcelas ?? null,
      withCollections: body.dtoConsultaDetalhes?.trazerBoleto ?? false,
      withLaunches: body.dtoConsultaDetalhes?.trazerAgendaDetalhada ?? false,
    }),
    query: getScheduleDetails(deps),
    view: (details) => view(details, deps.publicUrl),
  });
