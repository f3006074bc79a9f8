// AgendaRecebivel/ConsultarDetalhes: the schedule with its installments; boletos and Pix codes
// when trazerBoleto, launches when trazerAgendaDetalhada. Cancelled boletos and charges are left
// out (compatibility-notes: after a cancellation no boleto shows for those installments).
import type { Static } from 'typebox';
import type { Executor } from '../../../platform/db/pool.js';
import { brazilDateAt, compareDates, dateToWire, type LocalDate } from '../../../platform/dates.js';
import { classifyDocument } from '../../../platform/documents.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { dec, sum, ZERO } from '../../../platform/money.js';
import { BoletoSituacao } from '../collections/boleto-status.js';
import { graceDate, installmentSituacao, isSettled, recalculateInstallment, type ChargesConfig, type InstallmentState } from './charges-math/index.js';
import { boletosCoveringOfSchedule, chargesCoveringOfSchedule, type CoveredInstallment } from '../collections/collection-repository.js';
import { boletoEntry, byInstallment, launchEntry, pixEntry, wireDate } from '../collections/collection-views.js';
import type { spec } from './get-schedule-details.schema.js';
import { PROPOSAL_STATUS_UNKNOWN, type ReceivablesDeps } from '../receivables-deps.js';
import { installmentsOf, monthlyRateOf, pickInstallments, requireSchedule, situacaoAgendaText, stateOf, type ScheduleRow } from './schedule-repository.js';

type Input = Static<typeof spec.body>;

/** Balance updated to today (charges of a late installment included), 0 when nothing is owed. */
function currentBalance(state: InstallmentState, today: LocalDate, config: ChargesConfig) {
  if (state.cancelled || isSettled(state)) return ZERO;
  const at = state.lastLaunchDate !== null && compareDates(state.lastLaunchDate, today) > 0 ? state.lastLaunchDate : today;
  return recalculateInstallment(state, at, false, config).calculado.vlrSaldoAtualizado;
}

/** Entries by installment id; an installment's entries in the order of the rows (number, creation). */
function entriesByInstallment<T>(rows: ReadonlyArray<{ entry: T; covered: readonly CoveredInstallment[] }>): Map<string, T[]> {
  const pairs = rows.flatMap((r) => r.covered.map((c) => ({ c, entry: r.entry })));
  pairs.sort((x, y) => x.c.installment_number - y.c.installment_number);
  return byInstallment(pairs.map((p) => [p.c.installment_id, p.entry] as const));
}

async function boletosByInstallment(db: Executor, schedule: ScheduleRow, publicUrl: string) {
  const rows = (await boletosCoveringOfSchedule(db, schedule.partner_id, schedule.id)).filter((r) => r.boleto.registration_status !== BoletoSituacao.cancelled);
  return entriesByInstallment(rows.map((r) => ({ entry: boletoEntry(r.boleto, publicUrl), covered: r.covered })));
}

async function pixByInstallment(db: Executor, schedule: ScheduleRow) {
  const rows = (await chargesCoveringOfSchedule(db, schedule.partner_id, schedule.id)).filter((r) => r.charge.via_pix && r.charge.status !== 'cancelled');
  return entriesByInstallment(rows.map((r) => ({ entry: pixEntry(r.charge), covered: r.covered })));
}

async function launchesByInstallment(db: Executor, schedule: ScheduleRow) {
  const rows = await db.selectFrom('receivable_launches').selectAll().where('partner_id', '=', schedule.partner_id).where('schedule_id', '=', schedule.id).orderBy('seq').execute();
  return byInstallment(rows.map((l) => [l.installment_id, launchEntry(l)] as const));
}

/** Errors (400): AGD001 "Agenda de Recebíveis não foi encontrada", AGD002 no reference, AGD004 unknown installment. */
export async function getScheduleDetails(input: Input, ctx: OperationContext, deps: ReceivablesDeps) {
  const schedule = await requireSchedule(ctx.tx, ctx.auth.partnerId, input.dto);
  const all = await installmentsOf(ctx.tx, schedule);
  const picked = pickInstallments(all, input.dto.nroParcelas, 'dto.nroParcelas');
  const withBoletos = input.dtoConsultaDetalhes?.trazerBoleto ?? false;
  const withLaunches = input.dtoConsultaDetalhes?.trazerAgendaDetalhada ?? false;
  const boletos = withBoletos ? await boletosByInstallment(ctx.tx, schedule, deps.publicUrl) : null;
  const pix = withBoletos ? await pixByInstallment(ctx.tx, schedule) : null;
  const launches = withLaunches ? await launchesByInstallment(ctx.tx, schedule) : null;
  const today = brazilDateAt(ctx.clock.now());
  const rate = monthlyRateOf(schedule);
  const parcelas = picked.map((row) => {
    const state = stateOf(row, rate);
    return {
      codigoParcela: row.id,
      nroParcela: row.number,
      situacao: installmentSituacao(state, today),
      dtVencimento: dateToWire(state.dueDate),
      vlrParcela: state.originalAmount,
      nroOrdemPagamento: null,
      vlrSaldoAtual: currentBalance(state, today, deps.settings.charges),
      vlrTotalPago: state.totalPaid,
      vlrDesconto: state.totalDiscount,
      dtVencimentoAtual: dateToWire(graceDate(state)),
      boletos: boletos === null ? null : (boletos.get(row.id) ?? []),
      pix: pix === null ? null : (pix.get(row.id) ?? []),
      lancamentos: launches === null ? null : (launches.get(row.id) ?? []),
    };
  });
  const company = classifyDocument(schedule.customer_document)?.kind === 'CNPJ';
  return {
    numeroProposta: schedule.proposal_number,
    dtInclusao: schedule.created_at.toISOString(),
    dtCancelamento: wireDate(schedule.cancelled_on),
    dtLiquidacao: wireDate(schedule.paid_off_on),
    situacaoAgenda: schedule.situacao,
    descricaoSituacaoAgenda: situacaoAgendaText(schedule.situacao),
    documentoFederalCliente: schedule.customer_document,
    nomeCliente: schedule.customer_name,
    nomeEmpresa: company ? schedule.customer_name : null,
    ecCliente: null,
    vlrFinanciado: dec(schedule.financed_amount),
    vlrRetencaoDiarioAprox: ZERO,
    vlrTotalPago: sum(all.map((r) => r.total_paid)),
    qtdeParcelas: all.length,
    situacaoProposta: (await deps.proposals.situacaoOf?.(ctx.tx, schedule.partner_id, schedule.proposal_id)) ?? PROPOSAL_STATUS_UNKNOWN,
    descricaoTipoContrato: schedule.contract_type,
    parcelas,
  };
}
