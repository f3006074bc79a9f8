// AgendaRecebivel/IncluirLancamentoMultiplasParcelas: payments posted by the partner. All items
// commit together or none (the whole request runs in one transaction, under the idempotency key).
// AgendaRecebivel/IncluirLancamentoParcela (one installment) runs this same use case with the
// field paths of its own body (add-installment-launch.route.ts).
import { scheduleReference } from '../receivables-blocks.js';
import type { Static } from 'typebox';
import { brazilDateAt, calendarDateOf, compareDates, type LocalDate } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { ZERO } from '../../../platform/money.js';
import type { spec } from './add-installment-launches.schema.js';
import { ChargesErrorCode } from '../schedule/charges-math/index.js';
import { postLaunches, type LaunchItem } from './launch-post.js';
import { installmentNotFound, ReceivablesErrorCode as C } from '../receivables-errors.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { lockOpenSchedule, type InstallmentRow } from '../schedule/schedule-repository.js';

type Input = Static<typeof spec.body>;
type Item = Input['dtoLancamentoParcelas'][number];

/** Where each launch and its installment number sit in the request (refusals name them). */
export interface LaunchPaths {
  list: string;
  item(i: number): string;
  nroParcela(i: number): string;
}

const MULTIPLE_PATHS: LaunchPaths = {
  list: 'dtoLancamentoParcelas',
  item: (i) => `dtoLancamentoParcelas[${i}]`,
  nroParcela: (i) => `dtoLancamentoParcelas[${i}].nroParcela`,
};

interface ReadItem {
  nroParcela: number;
  dtPagamento: LocalDate;
  item: Item;
  at: string;
  nroParcelaAt: string;
}

function readPaymentDate(item: Item, at: string, today: LocalDate, disbursedOn: LocalDate, problems: Problems): LocalDate | null {
  const raw = item.dtPagamento?.trim() ?? '';
  if (raw === '') return (problems.add(C.launchFieldMissing, 'dtPagamento deve ser informada', `${at}.dtPagamento`), null);
  const date = calendarDateOf(raw);
  if (date === null) return (problems.add(C.invalidDate, 'Data inválida', `${at}.dtPagamento`), null);
  if (compareDates(date, today) > 0) problems.add(C.paymentDateInFuture, `Data de pagamento (${date}) não pode ser posterior à data atual (${today})`, `${at}.dtPagamento`);
  if (compareDates(date, disbursedOn) < 0) problems.add(C.paymentDateBeforeDisbursement, `Data de pagamento (${date}) não pode ser anterior à liberação (${disbursedOn})`, `${at}.dtPagamento`);
  return date;
}

function readItems(items: readonly Item[], today: LocalDate, disbursedOn: LocalDate, paths: LaunchPaths): ReadItem[] {
  const problems = new Problems();
  if (items.length === 0) problems.add(C.launchesMissing, 'Informe ao menos um lançamento', paths.list);
  const read = items.flatMap((item, i) => {
    const at = paths.item(i);
    const nroParcelaAt = paths.nroParcela(i);
    const n = item.nroParcela;
    if (n === null || n === undefined) problems.add(C.launchFieldMissing, 'nroParcela deve ser informado', nroParcelaAt);
    else if (items.findIndex((other) => other.nroParcela === n) !== i) problems.add(C.installmentRepeated, `Parcela ${n} informada mais de uma vez`, nroParcelaAt);
    if (item.vlrPagamento === null || item.vlrPagamento === undefined) problems.add(ChargesErrorCode.amountMissing, 'Valor deve ser informado', `${at}.vlrPagamento`);
    const date = readPaymentDate(item, at, today, disbursedOn, problems);
    return n === null || n === undefined || date === null ? [] : [{ nroParcela: n, dtPagamento: date, item, at, nroParcelaAt }];
  });
  problems.throwIfAny();
  return read;
}

function toLaunch(read: ReadItem, installments: readonly InstallmentRow[]): LaunchItem {
  const installment = installments.find((row) => row.number === read.nroParcela);
  if (installment === undefined) throw installmentNotFound(read.nroParcela, read.nroParcelaAt);
  return {
    installment,
    payment: {
      dtPagamento: read.dtPagamento,
      vlrPagamento: read.item.vlrPagamento!,
      vlrDesconto: read.item.vlrDesconto ?? ZERO,
      permiteDescapitalizacao: read.item.permiteDescapitalizacao ?? false,
    },
    description: read.item.descricaoLancamento?.trim() || null,
    fieldPrefix: read.at,
  };
}

/**
 * Errors (400): AGD001–AGD004, AGD006 repeated installment, LAN001 no item, LAN002 nroParcela or
 * dtPagamento missing, LAN003 payment date in the future, LAN004 before the disbursement, BOL010
 * invalid date, PARC001 "Valor deve ser informado", PARC002–PARC009 (charges-math: discount "não
 * pode ser superior ou igual ao saldo atual da parcela", payment above the balance, installment
 * paid or cancelled, date before the installment's last launch).
 */
export async function addInstallmentLaunches(input: Input, ctx: OperationContext, deps: ReceivablesDeps, paths: LaunchPaths = MULTIPLE_PATHS) {
  const now = ctx.clock.now();
  const { schedule, installments } = await lockOpenSchedule(ctx.tx, ctx.auth.partnerId, scheduleReference(input.dto));
  const read = readItems(input.dtoLancamentoParcelas, brazilDateAt(now), schedule.disbursed_on as LocalDate, paths);
  const items = read.map((r) => toLaunch(r, installments));
  const posted = await postLaunches(ctx.tx, deps, schedule, installments, items, { viaBoleto: false, boletoId: null, chargeId: null }, now);
  return { msg: posted.paidOff ? 'Lançamentos incluídos; agenda quitada' : 'Lançamentos incluídos' };
}
